import { ReloadOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Space, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Chart, buildTimeSeriesOption, useChartLocale } from '../../shared/charts';
import { curvesChartInput } from './curvesChart';
import { ExportButton } from '../../shared/export';
import { useFormat } from '../../shared/format';
import { useHistorySeries } from './api';
import { useSiteTree } from '../../api/siteTree';
import { seriesExportColumns, seriesExportRows } from './historyExport';
import { PointPicker } from './PointPicker';
import { defaultPointIds } from './pointTree';
import { RangeControl } from './RangeControl';
import type { RangeValue } from './RangeControl';
import { MAX_RANGE_DAYS, presetRange, rangeProblem, toIso } from './timeRange';
import { useWidth } from './useWidth';
import { ANALYSIS_QUERY, ANALYSIS_SITE } from './pageStates';
import { QueryState } from '../../shared/ui/QueryState';
import { SiteGate } from '../../shared/ui/SiteGate';

const KINDS = ['analog', 'counter', 'digital'] as const;

function HistoryCurves({ projectId }: { projectId: number }) {
  const { t } = useTranslation();
  const f = useFormat();
  const locale = useChartLocale();
  const tree = useSiteTree(projectId);
  const rooms = useMemo(() => tree.data?.rooms ?? [], [tree.data]);
  const [points, setPoints] = useState<number[] | null>(null);
  const [range, setRange] = useState<RangeValue>(() => ({ preset: '24h', range: presetRange('24h') }));
  const { ref, width } = useWidth<HTMLDivElement>();


  const problem = rangeProblem(range.range, MAX_RANGE_DAYS);
  // Until someone picks, the first transformer's main points, so the page opens on real data.
  const fallback = useMemo(() => defaultPointIds(rooms, ['P', 'load_rate']), [rooms]);
  const ids = points ?? fallback;
  const series = useHistorySeries(problem || !ids.length ? null : { pointIds: ids, ...toIso(range.range), width });
  const data = series.data;
  // "Now" for the gaps is when the answer arrived: the range's end after it is still to come, not missing.
  const answeredAt = series.dataUpdatedAt;
  const input = useMemo(() => (data ? curvesChartInput(data, t('analysis.curves.noData'), answeredAt) : null), [data, t, answeredAt]);
  const option = useMemo(() => (input ? buildTimeSeriesOption(input, locale) : null), [input, locale]);
  const gapCount = input?.markAreas?.length ?? 0;
  const exportRows = useMemo(() => (data ? seriesExportRows(data) : []), [data]);
  const samples = data?.series.reduce((n, s) => n + s.t.length, 0) ?? 0;

  return (
    <Card
      title={t('analysis.curves.title')}
      extra={
        <ExportButton fileName={`${t('analysis.curves.title')}-${range.range.from.format('YYYYMMDDHHmm')}`} columns={seriesExportColumns(t)} rows={exportRows} disabled={!exportRows.length}>
          {t('analysis.exportSeries')}
        </ExportButton>
      }
    >
      <Space wrap style={{ marginBottom: 12 }}>
        <PointPicker rooms={rooms} kinds={KINDS} value={ids} onChange={setPoints} loading={tree.isLoading} />
        <RangeControl value={range} onChange={setRange} maxDays={MAX_RANGE_DAYS} />
        <Button icon={<ReloadOutlined />} onClick={() => setRange((r) => (r.preset === 'custom' ? { ...r } : { ...r, range: presetRange(r.preset, dayjs()) }))} data-testid="curves-refresh">
          {t('common.refresh')}
        </Button>
      </Space>
      {problem && <Alert type="warning" showIcon title={t(`analysis.range.${problem}`, { max: MAX_RANGE_DAYS })} style={{ marginBottom: 12 }} />}
      <div ref={ref} data-testid="curves-chart" data-series={data?.series.length ?? 0} data-samples={samples} data-source={data?.source ?? ''} data-gaps={gapCount}>
        <QueryState look={ANALYSIS_QUERY}
          loading={tree.isLoading || (series.isLoading && ids.length > 0)}
          error={tree.error ?? series.error}
          empty={!ids.length}
          emptyText={t('analysis.curves.pickFirst')}
          onRetry={() => void series.refetch()}
        >
          {option && <Chart option={option} height={440} loading={series.isFetching && !data} ariaLabel={t('analysis.curves.title')} />}
        </QueryState>
      </div>
      {data && (
        <Typography.Text type="secondary" data-testid="curves-source">
          <Tag>{t(`analysis.source.${data.source}`)}</Tag>
          {data.source === 'raw' ? t('analysis.curves.infoRaw', { samples: f.number(samples, 0) }) : t('analysis.curves.info', { width, bucket: data.bucket_ms >= 60_000 ? `${f.number(data.bucket_ms / 60_000, 0)} min` : `${f.number(data.bucket_ms / 1000, 0)} s`, samples: f.number(samples, 0) })}
          {gapCount > 0 && <span data-testid="curves-gaps"> {t('analysis.curves.gaps', { count: gapCount })}</span>}
        </Typography.Text>
      )}
    </Card>
  );
}

/** /ElectricalRoom/AnalReport/HisdataCts: several points on one chart, any range up to a year, zoom, export. */
export function HistoryCurvesPage() {
  return <SiteGate prompt={ANALYSIS_SITE} testId="history-curves">{(id) => <HistoryCurves key={id} projectId={id} />}</SiteGate>;
}

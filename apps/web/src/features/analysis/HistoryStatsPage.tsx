import { Card, DatePicker, Segmented, Space, Table, Typography } from 'antd';
import dayjs from 'dayjs';
import type { Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ExportButton } from '../../shared/export';
import { useFormat, unitScaleFor } from '../../shared/format';
import { useHistoryStats } from './api';
import { useSiteTree } from '../../api/siteTree';
import { PointPicker } from './PointPicker';
import { defaultPointIds } from './pointTree';
import { hasCounter, statsExportColumns, statsTableRows } from './statsRows';
import type { StatsTableRow } from './statsRows';
import { dayRange, monthRange, toIso } from './timeRange';
import { ANALYSIS_QUERY, ANALYSIS_SITE } from './pageStates';
import { QueryState } from '../../shared/ui/QueryState';
import { SiteGate } from '../../shared/ui/SiteGate';

const KINDS = ['analog', 'counter'] as const;
type Period = 'day' | 'month';

function HistoryStats({ projectId }: { projectId: number }) {
  const { t } = useTranslation();
  const f = useFormat();
  const tree = useSiteTree(projectId);
  const rooms = useMemo(() => tree.data?.rooms ?? [], [tree.data]);
  const [points, setPoints] = useState<number[] | null>(null);
  const [period, setPeriod] = useState<Period>('day');
  const [days, setDays] = useState<[Dayjs, Dayjs]>(() => [dayjs().subtract(6, 'day'), dayjs()]);
  const [months, setMonths] = useState<[Dayjs, Dayjs]>(() => [dayjs().subtract(2, 'month'), dayjs()]);


  // Until someone picks, the first transformer's main points, so the page opens on real data.
  const fallback = useMemo(() => defaultPointIds(rooms, ['P', 'Ua', 'EP']), [rooms]);
  const ids = points ?? fallback;
  const range = period === 'day' ? dayRange(days[0], days[1], f.zone) : monthRange(months[0], months[1], f.zone);
  const stats = useHistoryStats(ids.length ? { pointIds: ids, ...toIso(range), period } : null);
  const rows = useMemo(() => (stats.data ? statsTableRows(stats.data) : []), [stats.data]);
  const withDelta = stats.data ? hasCounter(stats.data) : false;
  // One display unit per point (kW → MW once its values pass 10000), so a point's rows are comparable.
  const scales = useMemo(() => {
    const m = new Map<number, ReturnType<typeof unitScaleFor>>();
    for (const p of stats.data ?? []) m.set(p.point_id, unitScaleFor(p.rows.flatMap((r) => [r.min, r.max, r.avg]), p.unit, { lang: f.lang }));
    return m;
  }, [stats.data, f.lang]);
  const show = (r: StatsTableRow, v: number | null, precision = 2) => {
    if (v === null) return '-';
    const s = scales.get(r.pointId) ?? { divisor: 1, unit: r.unit };
    return f.number(v / s.divisor, precision);
  };

  return (
    <Card
      title={t('analysis.stats.title')}
      extra={<ExportButton fileName={`${t('analysis.stats.title')}-${period}`} columns={statsExportColumns(t, withDelta)} rows={rows} disabled={!rows.length} />}
    >
      <Space wrap style={{ marginBottom: 12 }}>
        <PointPicker rooms={rooms} kinds={KINDS} value={ids} onChange={setPoints} loading={tree.isLoading} />
        <Segmented
          data-testid="stats-period"
          value={period}
          onChange={(p: Period) => setPeriod(p)}
          options={[
            { value: 'day', label: t('analysis.stats.byDay') },
            { value: 'month', label: t('analysis.stats.byMonth') },
          ]}
        />
        {period === 'day' ? (
          <DatePicker.RangePicker allowClear={false} value={days} onChange={(r) => r?.[0] && r[1] && setDays([r[0], r[1]])} disabledDate={(d) => d.isAfter(dayjs(), 'day')} />
        ) : (
          <DatePicker.RangePicker picker="month" allowClear={false} value={months} onChange={(r) => r?.[0] && r[1] && setMonths([r[0], r[1]])} disabledDate={(d) => d.isAfter(dayjs(), 'month')} />
        )}
      </Space>
      <QueryState look={ANALYSIS_QUERY}
        loading={tree.isLoading || stats.isLoading}
        error={tree.error ?? stats.error}
        empty={!ids.length || rows.length === 0}
        emptyText={ids.length ? t('analysis.noDataRange') : t('analysis.curves.pickFirst')}
        onRetry={() => void stats.refetch()}
      >
        <Table<StatsTableRow>
          data-testid="stats-table"
          size="small"
          rowKey="key"
          dataSource={rows}
          pagination={{ pageSize: 50, showSizeChanger: false }}
          scroll={{ x: 900 }}
          columns={[
            { title: t(period === 'day' ? 'analysis.col.day' : 'analysis.col.month'), dataIndex: 'period', width: 110 },
            { title: t('analysis.col.device'), dataIndex: 'device', width: 160 },
            { title: t('analysis.col.point'), dataIndex: 'point', width: 150 },
            { title: t('analysis.col.unit'), key: 'unit', width: 70, render: (_, r) => scales.get(r.pointId)?.unit ?? r.unit },
            { title: t('analysis.col.min'), dataIndex: 'min', align: 'right', render: (v: number, r) => show(r, v) },
            { title: t('analysis.col.max'), dataIndex: 'max', align: 'right', render: (v: number, r) => show(r, v) },
            { title: t('analysis.col.avg'), dataIndex: 'avg', align: 'right', render: (v: number, r) => show(r, v) },
            { title: t('analysis.col.count'), dataIndex: 'count', align: 'right', render: (v: number) => f.number(v, 0) },
            ...(withDelta
              ? [{ title: t('analysis.col.delta'), dataIndex: 'delta', align: 'right' as const, render: (v: number | null, r: StatsTableRow) => (v === null ? '-' : f.unit(v, r.unit, { precision: 2 }).text) }]
              : []),
          ]}
        />
      </QueryState>
      <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
        {t('analysis.stats.note')}
      </Typography.Paragraph>
    </Card>
  );
}

/** /ElectricalRoom/AnalReport (index): min/max/avg per point per day or month, counters' consumption, export. */
export function HistoryStatsPage() {
  return <SiteGate prompt={ANALYSIS_SITE} testId="history-stats">{(id) => <HistoryStats key={id} projectId={id} />}</SiteGate>;
}

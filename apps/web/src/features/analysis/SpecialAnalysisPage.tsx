import { Alert, Card, DatePicker, Space, Table, Tabs, Typography } from 'antd';
import dayjs from 'dayjs';
import type { Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Chart, useChartLocale } from '../../shared/charts';
import { ExportButton } from '../../shared/export';
import { useFormat } from '../../shared/format';
import { useAnalysis } from './api';
import type { AnalysisKind } from './api';
import { specialColumns } from './specialColumns';
import { limitOf, SPECIAL_KINDS, SPECIAL_MAX_DAYS, specialChart, specialExportColumns, specialExportRows, STANDARD_LIMITS } from './specialConfig';
import { dayRange, toIso } from './timeRange';
import { ANALYSIS_QUERY, ANALYSIS_SITE } from './pageStates';
import { QueryState } from '../../shared/ui/QueryState';
import { SiteGate } from '../../shared/ui/SiteGate';

function SpecialTab({ kind, projectId, days }: { kind: AnalysisKind; projectId: number; days: [Dayjs, Dayjs] }) {
  const { t } = useTranslation();
  const f = useFormat();
  const locale = useChartLocale();
  const range = dayRange(days[0], days[1], f.zone);
  const q = useAnalysis(kind, { projectId, ...toIso(range) });
  const rows = useMemo(() => q.data?.rows ?? [], [q.data]);
  const option = useMemo(() => specialChart(kind, rows, locale), [kind, rows, locale]);
  const columns = useMemo(() => specialColumns(kind, t, f), [kind, t, f]);
  const limit = limitOf(kind, rows);
  const standard = t(`analysis.special.${kind}.standard`, { limit, ...STANDARD_LIMITS });
  const name = t(`analysis.special.${kind}.tab`);

  return (
    <div data-testid={`special-${kind}`} data-rows={rows.length}>
      <Alert type="info" showIcon title={standard} description={t(`analysis.special.${kind}.formula`)} style={{ marginBottom: 12 }} data-testid="special-standard" />
      <QueryState look={ANALYSIS_QUERY} loading={q.isLoading} error={q.error} empty={rows.length === 0} emptyText={t('analysis.noDataRange')} onRetry={() => void q.refetch()}>
        <Chart option={option} height={300} ariaLabel={name} />
        <Space style={{ width: '100%', justifyContent: 'space-between', margin: '12px 0 8px' }}>
          <Typography.Text type="secondary">{t('analysis.special.rangeNote', { from: f.date(range.from.toISOString(), 'YYYY-MM-DD'), to: f.date(range.to.subtract(1, 'day').toISOString(), 'YYYY-MM-DD') })}</Typography.Text>
          <ExportButton fileName={`${name}-${days[0].format('YYYYMMDD')}-${days[1].format('YYYYMMDD')}`} columns={specialExportColumns(kind, t)} rows={specialExportRows(kind, rows)} options={{ sheet: name }} />
        </Space>
        <Table<Record<string, unknown>>
          size="small"
          rowKey={(r) => `${String(r.device_id)}-${String(r.phase ?? '')}`}
          dataSource={rows as unknown as Record<string, unknown>[]}
          columns={columns}
          pagination={false}
          scroll={{ x: 900 }}
          expandable={
            kind === 'demand'
              ? {
                  expandedRowRender: (r) => (
                    <Table
                      size="small"
                      rowKey="day"
                      pagination={false}
                      dataSource={(r.days as { day: string; max_kw: number; at: string }[]) ?? []}
                      columns={[
                        { title: t('analysis.col.day'), dataIndex: 'day' },
                        { title: t('analysis.col.maxDemand'), dataIndex: 'max_kw', align: 'right', render: (v: number) => f.unit(v, 'kW', { precision: 2 }).text },
                        { title: t('analysis.col.windowStart'), dataIndex: 'at', render: (v: string) => f.date(v, 'HH:mm') },
                      ]}
                    />
                  ),
                }
              : undefined
          }
        />
      </QueryState>
    </div>
  );
}

function SpecialAnalysis({ projectId }: { projectId: number }) {
  const { t } = useTranslation();
  const [kind, setKind] = useState<AnalysisKind>('voltage');
  const [days, setDays] = useState<[Dayjs, Dayjs]>(() => [dayjs().subtract(6, 'day'), dayjs()]);
  return (
    <Card
      title={t('analysis.special.title')}
      extra={
        <DatePicker.RangePicker
          data-testid="special-range"
          allowClear={false}
          value={days}
          presets={[
            { label: t('analysis.presets.today'), value: [dayjs(), dayjs()] },
            { label: t('analysis.presets.7d'), value: [dayjs().subtract(6, 'day'), dayjs()] },
            { label: t('analysis.presets.30d'), value: [dayjs().subtract(29, 'day'), dayjs()] },
          ]}
          disabledDate={(d, info) => d.isAfter(dayjs(), 'day') || (info.from !== undefined && Math.abs(d.diff(info.from, 'day')) >= SPECIAL_MAX_DAYS)}
          onChange={(r) => r?.[0] && r[1] && setDays([r[0], r[1]])}
        />
      }
    >
      <Tabs
        activeKey={kind}
        onChange={(k) => setKind(k as AnalysisKind)}
        // Only the open tab asks the server: each analysis reads every raw sample of the range.
        destroyOnHidden
        items={SPECIAL_KINDS.map((k) => ({ key: k, label: <span data-testid={`special-tab-${k}`}>{t(`analysis.special.${k}.tab`)}</span>, children: <SpecialTab kind={k} projectId={projectId} days={days} /> }))}
      />
    </Card>
  );
}

/** /ElectricalRoom/AnalReport/SpecAnaly: voltage deviation, imbalance, load rate, power factor, max demand. */
export function SpecialAnalysisPage() {
  return <SiteGate prompt={ANALYSIS_SITE} testId="special-analysis">{(id) => <SpecialAnalysis key={id} projectId={id} />}</SiteGate>;
}

import { Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buildTimeSeriesOption, useChartLocale } from '../../../shared/charts';
import { useFormat } from '../../../shared/format';
import { ComparisonCell, periodLabel } from '../../../shared/stats';
import type { StatPeriod } from '../../../shared/stats';
import { useEnergyStats, useOverview } from '../api';
import { siteNowKey, storageRows } from '../rows';
import type { CompareMode, StorageRow } from '../rows';
import { columnScale, ModeSwitch, pctText } from './common';
import { ENERGY_QUERY, ENERGY_SITE } from '../pageStates';
import { ReportChart, ReportPage, ReportSection, reportState, useReportPeriod } from '../../../shared/ui/ReportPage';
import { SiteGate } from '../../../shared/ui/SiteGate';

export interface StoragePeriodPageProps {
  pageKey: string;
  testId: string;
  defaultPeriod: StatPeriod;
}

const GRAN = { hour: 'hour', day: 'day', month: 'month', year: 'month' } as const;

function StorageBody({ projectId, pageKey, defaultPeriod: kind }: StoragePeriodPageProps & { projectId: number }) {
  const { t } = useTranslation();
  const f = useFormat();
  const locale = useChartLocale();
  const [period, setPeriod] = useReportPeriod(kind);
  const [mode, setMode] = useState<CompareMode>('mom');
  const charge = useEnergyStats(projectId, 'storage_charge', period);
  const discharge = useEnergyStats(projectId, 'storage_discharge', period);
  // Capacity (for cycles) comes with the storage overview; the page is still useful without it.
  const overview = useOverview('storageOverview', projectId);
  const capacity = overview.data?.capacity_kwh ?? null;
  const rows = useMemo(
    () => (charge.data && discharge.data ? storageRows(charge.data, discharge.data, capacity, siteNowKey(f.zone)) : []),
    [charge.data, discharge.data, capacity, f.zone],
  );
  const gran = GRAN[charge.data?.granularity ?? 'day'];
  const option = useMemo(() => {
    const at = (key: string) => dayjs(gran === 'hour' ? `${key.replace(' ', 'T')}:00` : key).valueOf();
    return buildTimeSeriesOption(
      {
        granularity: gran,
        dataZoom: false,
        series: [
          { name: t('energy.col.charged'), unit: 'kWh', kind: 'bar', color: '#9254de', points: rows.map((r) => [at(r.key), r.charged] as const) },
          { name: t('energy.col.discharged'), unit: 'kWh', kind: 'bar', color: '#36cfc9', points: rows.map((r) => [at(r.key), r.discharged] as const) },
          { name: t('energy.col.efficiency'), unit: '%', color: '#faad14', points: rows.map((r) => [at(r.key), r.efficiency_pct] as const) },
        ],
      },
      locale,
    );
  }, [rows, gran, t, locale]);
  const scale = columnScale(f, rows.flatMap((r) => [r.charged, r.discharged]), 'kWh');
  const pctKey = mode === 'mom' ? 'mom_pct' : 'yoy_pct';
  const reasonKey = mode === 'mom' ? 'mom_reason' : 'yoy_reason';
  const since = discharge.data?.data_since ?? null;
  const columns: ColumnsType<StorageRow> = [
    { title: t('energy.col.period'), dataIndex: 'label', width: 120 },
    { title: t('energy.unitIn', { name: t('energy.col.charged'), unit: scale.unit }), dataIndex: 'charged', align: 'right', render: (v: number | null) => scale.text(v) },
    { title: t('energy.unitIn', { name: t('energy.col.discharged'), unit: scale.unit }), dataIndex: 'discharged', align: 'right', render: (v: number | null) => scale.text(v) },
    {
      title: `${t('energy.col.discharged')} ${t(mode === 'mom' ? 'energy.mom' : 'energy.yoy')}`,
      key: 'pct',
      align: 'right',
      render: (_, r) => <ComparisonCell value={r.discharged} pct={r[pctKey]} reason={r[reasonKey]} since={since} mode={mode} showValue={false} goodDirection="up" />,
    },
    { title: t('energy.col.efficiency'), dataIndex: 'efficiency_pct', align: 'right', render: (v: number | null) => pctText(f, v) },
    { title: t('energy.col.cycles'), dataIndex: 'cycles', align: 'right', render: (v: number | null) => (v === null ? '-' : f.number(v, 2)) },
  ];
  const ct = charge.data?.total;
  const dt = discharge.data?.total;
  const totalEff = ct && dt && ct.value > 0 ? (dt.value / ct.value) * 100 : null;
  const totalCycles = dt && capacity ? dt.value / capacity : null;
  const cmp = (x: typeof ct) => [
    { mode: 'mom' as const, previous: x?.mom_value, pct: x?.mom_pct, reason: x?.mom_reason, since },
    { mode: 'yoy' as const, previous: x?.yoy_value, pct: x?.yoy_pct, reason: x?.yoy_reason, since },
  ];
  const note = (text: string) => <Typography.Text type="secondary" style={{ fontSize: 12 }}>{text}</Typography.Text>;
  return (
    <ReportPage
      look={ENERGY_QUERY}
      period={{ value: period, onChange: setPeriod }}
      controls={<ModeSwitch value={mode} onChange={setMode} />}
      export={{
        fileName: t('energy.exportName', { page: t(`pages.${pageKey}.title`), period: periodLabel(period) }),
        columns: [
          { title: t('energy.col.period'), key: 'key' },
          { title: t('energy.unitIn', { name: t('energy.col.charged'), unit: 'kWh' }), key: 'charged', format: '#,##0.000' },
          { title: t('energy.unitIn', { name: t('energy.col.discharged'), unit: 'kWh' }), key: 'discharged', format: '#,##0.000' },
          { title: `${t('energy.col.efficiency')} (%)`, key: 'efficiency_pct', format: '0.00' },
          { title: t('energy.col.cycles'), key: 'cycles', format: '0.00' },
        ],
        rows: rows.filter((r) => r.charged !== null),
      }}
      state={reportState(charge, discharge)}
      data={rows}
      empty={!rows.length}
      statCol={{ xs: 12, md: 6 }}
      stats={() => [
        { key: 'charged', 'data-testid': 'storage-charged', title: t('energy.col.charged'), value: ct?.value, unit: 'kWh', comparisons: cmp(ct) },
        { key: 'discharged', 'data-testid': 'storage-discharged', title: t('energy.col.discharged'), value: dt?.value, unit: 'kWh', goodDirection: 'up', comparisons: cmp(dt) },
        { key: 'efficiency', 'data-testid': 'storage-efficiency', title: t('energy.col.efficiency'), value: totalEff, unit: '%', precision: 1 },
        { key: 'cycles', 'data-testid': 'storage-cycles', title: t('energy.col.cycles'), value: totalCycles, footer: note(`${t('energy.st.capacity')} ${f.unit(capacity, 'kWh').text}`) },
      ]}
    >
      {() => (
        <>
          <ReportChart title={`${t('energy.col.charged')} / ${t('energy.col.discharged')}`} testId="storage-chart" option={option} />
          <ReportSection title={charge.data ? t('energy.range', charge.data.range) : undefined}>
            <Table<StorageRow> data-testid="storage-table" size="small" rowKey="key" dataSource={rows} columns={columns} pagination={false} scroll={{ y: 420 }} />
            <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0, fontSize: 12 }}>
              {t('energy.st.efficiencyNote')}
            </Typography.Paragraph>
          </ReportSection>
        </>
      )}
    </ReportPage>
  );
}

/** Storage by month / by year: charge, discharge, round-trip efficiency and equivalent cycles per bucket. */
export function StoragePeriodPage(props: StoragePeriodPageProps) {
  return <SiteGate prompt={ENERGY_SITE} testId={props.testId}>{(id) => <StorageBody projectId={id} {...props} />}</SiteGate>;
}

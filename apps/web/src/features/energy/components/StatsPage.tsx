import type { EnergyCategory } from '@gridops/contract';
import { Segmented, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buildComparisonOption, useChartLocale } from '../../../shared/charts';
import type { ExportColumn } from '../../../shared/export';
import { useFormat } from '../../../shared/format';
import { changeExportColumns, ComparisonCell, periodLabel } from '../../../shared/stats';
import type { StatPeriod } from '../../../shared/stats';
import { useEnergyStats } from '../api';
import { bucketRows, comparisonInput, nodeRows, siteNowKey } from '../rows';
import type { BucketRow, CompareMode, NodeRow } from '../rows';
import { columnScale, ModeSwitch, NodeTypeTag } from './common';
import { ENERGY_QUERY, ENERGY_SITE } from '../pageStates';
import { ReportChart, ReportPage, ReportSection, reportState, useReportPeriod } from '../../../shared/ui/ReportPage';
import { SiteGate } from '../../../shared/ui/SiteGate';

export interface StatsPageProps {
  /** PageDef key: names the export file. */
  pageKey: string;
  testId: string;
  category: EnergyCategory;
  defaultPeriod: StatPeriod;
  /** Fixed comparison (the MoM / YoY pages); without it the user switches. */
  mode?: CompareMode;
  defaultView?: 'period' | 'node';
  /** Generation going up is good; consumption going up is not. */
  goodDirection?: 'up' | 'down';
}

type View = 'period' | 'node';

function StatsBody({ projectId, ...p }: StatsPageProps & { projectId: number }) {
  const { t } = useTranslation();
  const f = useFormat();
  const locale = useChartLocale();
  const [period, setPeriod] = useReportPeriod(p.defaultPeriod);
  const [modeState, setMode] = useState<CompareMode>(p.mode ?? 'mom');
  const mode = p.mode ?? modeState;
  const [view, setView] = useState<View>(p.defaultView ?? 'period');
  const q = useEnergyStats(projectId, p.category, period);
  const unit = q.data?.unit ?? 'kWh';
  const buckets = useMemo(() => (q.data ? bucketRows(q.data, siteNowKey(f.zone)) : []), [q.data, f.zone]);
  const nodes = useMemo(() => (q.data ? nodeRows(q.data, f.lang) : []), [q.data, f.lang]);
  const sinceIso = q.data?.data_since ?? null;
  // The first stored reading as a site-local date: the '-' of an uncovered base names it.
  const since = sinceIso ? f.date(sinceIso, 'YYYY-MM-DD') : null;
  const option = useMemo(
    () => buildComparisonOption(comparisonInput(buckets, mode, unit, since), locale),
    [buckets, mode, unit, since, locale],
  );
  const baseKey = mode === 'mom' ? 'mom_value' : 'yoy_value';
  const pctKey = mode === 'mom' ? 'mom_pct' : 'yoy_pct';
  const reasonKey = mode === 'mom' ? 'mom_reason' : 'yoy_reason';
  const name = t(`energy.category.${p.category}`);
  const bucketScale = columnScale(f, buckets.flatMap((r) => [r.value, r[baseKey]]), unit);
  const nodeScale = columnScale(f, nodes.flatMap((r) => [r.value, r[baseKey]]), unit);
  const baseTitle = t(mode === 'mom' ? 'energy.col.momValue' : 'energy.col.yoyValue');
  const pctTitle = t(mode === 'mom' ? 'energy.col.momPct' : 'energy.col.yoyPct');
  const change = (v: number | null, r: BucketRow | NodeRow) => (
    <ComparisonCell value={v} pct={r[pctKey]} reason={r[reasonKey]} since={sinceIso} mode={mode} showValue={false} goodDirection={p.goodDirection} />
  );

  const periodColumns: ColumnsType<BucketRow> = [
    { title: t('energy.col.period'), dataIndex: 'label', width: 120 },
    { title: t('energy.unitIn', { name, unit: bucketScale.unit }), dataIndex: 'value', align: 'right', render: (v: number | null) => bucketScale.text(v) },
    { title: t('energy.unitIn', { name: baseTitle, unit: bucketScale.unit }), dataIndex: baseKey, align: 'right', render: (v: number | null) => bucketScale.text(v) },
    { title: pctTitle, key: 'pct', align: 'right', render: (_, r) => change(r.value, r) },
  ];
  const nodeColumns: ColumnsType<NodeRow> = [
    { title: t('energy.col.node'), dataIndex: 'name', render: (v: string, r) => <span style={{ paddingLeft: r.depth * 16 }}>{v}</span> },
    { title: t('energy.col.type'), dataIndex: 'node_type', width: 120, render: (v: string) => <NodeTypeTag type={v} /> },
    { title: t('energy.unitIn', { name, unit: nodeScale.unit }), dataIndex: 'value', align: 'right', render: (v: number) => nodeScale.text(v) },
    { title: t('energy.unitIn', { name: baseTitle, unit: nodeScale.unit }), dataIndex: baseKey, align: 'right', render: (v: number | null) => nodeScale.text(v) },
    { title: pctTitle, key: 'pct', align: 'right', render: (_, r) => change(r.value, r) },
  ];
  // The sheet keeps raw numbers in the API's unit, so it can be summed without undoing the display scaling.
  const rawCols = <R extends BucketRow | NodeRow>(first: ExportColumn<R>): ExportColumn<R>[] => [
    first,
    { title: t('energy.unitIn', { name, unit }), key: 'value', format: '#,##0.000' },
    { title: t('energy.unitIn', { name: baseTitle, unit }), key: baseKey, format: '#,##0.000' },
    ...changeExportColumns<R>(t, pctTitle, (r) => r[pctKey], (r) => r[reasonKey], since),
  ];
  const exportName = t('energy.exportName', { page: t(`pages.${p.pageKey}.title`), period: periodLabel(period) });

  const range = (r: { from: string; to: string }) => <Typography.Text type="secondary" style={{ fontSize: 12 }}>{t('energy.range', r)}</Typography.Text>;

  return (
    <ReportPage
      look={ENERGY_QUERY}
      period={{ value: period, onChange: setPeriod }}
      controls={!p.mode && <ModeSwitch value={mode} onChange={setMode} />}
      export={
        view === 'period'
          ? { fileName: exportName, columns: rawCols<BucketRow | NodeRow>({ title: t('energy.col.period'), key: 'key' }), rows: buckets.filter((r) => r.value !== null) }
          : { fileName: exportName, columns: rawCols<BucketRow | NodeRow>({ title: t('energy.col.node'), key: 'name' }), rows: nodes }
      }
      state={reportState(q)}
      data={q.data}
      statCol={{ xs: 12, md: 8 }}
      stats={(d) => [
        {
          key: 'total',
          col: { xs: 24, md: 8 },
          'data-testid': 'stats-total',
          title: `${name} · ${t('energy.total')}`,
          value: d.total.value,
          unit,
          goodDirection: p.goodDirection,
          comparisons: [
            { mode: 'mom', previous: d.total.mom_value, pct: d.total.mom_pct, reason: d.total.mom_reason, since: sinceIso },
            { mode: 'yoy', previous: d.total.yoy_value, pct: d.total.yoy_pct, reason: d.total.yoy_reason, since: sinceIso },
          ],
          footer: range(d.range),
        },
        { key: 'mom', 'data-testid': 'stats-mom-base', title: t('energy.col.momValue'), value: d.total.mom_value, unit, footer: range(d.mom_range) },
        { key: 'yoy', 'data-testid': 'stats-yoy-base', title: t('energy.col.yoyValue'), value: d.total.yoy_value, unit, footer: range(d.yoy_range) },
      ]}
    >
      {() => (
        <>
          <ReportChart title={`${name} · ${t(mode === 'mom' ? 'energy.mom' : 'energy.yoy')}`} testId="stats-chart" option={option} ariaLabel={name} />
          <ReportSection
            extra={
              <Segmented<View>
                data-testid="stats-view"
                value={view}
                onChange={setView}
                options={[
                  { value: 'period', label: t('energy.byPeriod') },
                  { value: 'node', label: t('energy.byNode') },
                ]}
              />
            }
            title={t(view === 'period' ? 'energy.byPeriod' : 'energy.byNode')}
          >
            {view === 'period' ? (
              <Table<BucketRow> data-testid="stats-table" size="small" rowKey="key" dataSource={buckets} columns={periodColumns} pagination={false} scroll={{ y: 420 }} />
            ) : (
              <Table<NodeRow> data-testid="stats-node-table" size="small" rowKey="key" dataSource={nodes} columns={nodeColumns} pagination={false} />
            )}
          </ReportSection>
        </>
      )}
    </ReportPage>
  );
}

/** Generic statistics page: one energy category by period with MoM/YoY, chart, table and export. */
export function StatsPage(props: StatsPageProps) {
  return <SiteGate prompt={ENERGY_SITE} testId={props.testId}>{(id) => <StatsBody projectId={id} {...props} />}</SiteGate>;
}

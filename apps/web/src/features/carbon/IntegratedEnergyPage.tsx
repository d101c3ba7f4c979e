import { ENERGY_TYPES } from '@gridops/contract';
import type { EnergyType } from '@gridops/contract';
import { Segmented, Table } from 'antd';
import type { TableColumnsType } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { patchSession, useSession } from '../../session/store';
import { buildPieOption, buildTimeSeriesOption, useChartLocale } from '../../shared/charts';
import type { ExportColumn } from '../../shared/export';
import { useFormat } from '../../shared/format';
import { changeExportColumns, granularityOf } from '../../shared/stats';
import { fetchIntegrated } from './api';
import type { Integrated } from './api';
import { maskFuture, siteNow } from './carbonRows';
import { comparisonColumn } from './carbonBlocks';
import { FactorsCard } from './FactorsCard';
import { CategoryBreakdown } from './CategoryBreakdown';
import { SETUP_QUERY, SETUP_SITE } from '../../shared/ui/setupPageLooks';
import { ReportChart, ReportPage, ReportRow, ReportSection, useReportQuery } from '../../shared/ui/ReportPage';
import type { StatItem } from '../../shared/ui/ReportPage';
import { SiteGate } from '../../shared/ui/SiteGate';

type IntegratedRow = Integrated['rows'][number];
interface TableRow extends IntegratedRow {
  label: string;
  coal_t: number;
  share: number | null;
}

const TYPE_COLOR: Record<EnergyType, string> = {
  power: '#1677ff',
  water: '#36cfc9',
  gas: '#faad14',
  heat: '#ff7a45',
};

/** Electricity, water, gas and heat side by side with their standard coal equivalent (GB/T 2589-2020). */
function Integrated({ projectId }: { projectId: number }) {
  const { t } = useTranslation();
  const f = useFormat();
  const locale = useChartLocale();
  const { period, setPeriod, query: q, state } = useReportQuery({
    initial: 'month',
    queryKey: (p) => ['carbon', 'integrated', projectId, p],
    queryFn: (p) => fetchIntegrated(projectId, p),
  });
  // The layout's energy-type class (spec §2) follows the type picked here.
  const energyType = useSession((s) => s.energyType);
  const pick = (e: EnergyType) => patchSession({ energyType: e });
  const d = q.data;

  const rows: TableRow[] = useMemo(
    () =>
      (d?.rows ?? []).map((r) => ({
        ...r,
        label: t(`energySetup.energyType.${r.energy_type}`),
        coal_t: r.coal_kgce / 1000,
        share: d && d.total_coal_kgce > 0 ? (r.coal_kgce / d.total_coal_kgce) * 100 : null,
      })),
    [d, t],
  );
  const selected = rows.find((r) => r.energy_type === energyType);
  const now = siteNow(f.zone);
  const granularity = granularityOf(period.period);

  const trendOption = useMemo(
    () =>
      buildTimeSeriesOption(
        {
          granularity,
          series:
            selected && d
              ? [
                  {
                    name: selected.label,
                    unit: selected.unit,
                    kind: 'bar',
                    color: TYPE_COLOR[selected.energy_type],
                    points: maskFuture(d.keys, selected.series, now).map(
                      (v, i) => [d.keys[i] ?? '', v] as const,
                    ),
                  },
                ]
              : [],
        },
        locale,
      ),
    [selected, d, granularity, locale, now],
  );
  const coalOption = useMemo(
    () =>
      buildTimeSeriesOption(
        {
          granularity,
          series: d
            ? [
                {
                  name: t('carbon.integrated.coal'),
                  unit: 't',
                  kind: 'line',
                  area: true,
                  points: maskFuture(d.keys, d.total_coal_series, now).map(
                    (v, i) => [d.keys[i] ?? '', v === null ? null : v / 1000] as const,
                  ),
                },
              ]
            : [],
        },
        locale,
      ),
    [d, granularity, locale, t, now],
  );
  const pieOption = useMemo(
    () =>
      buildPieOption(
        {
          items: rows.map((r) => ({ name: r.label, value: r.coal_t, color: TYPE_COLOR[r.energy_type] })),
          unit: 't',
        },
        locale,
      ),
    [rows, locale],
  );

  const since = d?.data_since ?? null;
  const sinceDate = since ? f.date(since, 'YYYY-MM-DD') : null;
  const columns: TableColumnsType<TableRow> = [
    { title: t('carbon.integrated.type'), dataIndex: 'label', key: 'label', width: 100 },
    {
      title: t('carbon.integrated.use'),
      key: 'value',
      align: 'right',
      render: (_, r) => (
        <span data-testid={`integrated-value-${r.energy_type}`}>{f.unit(r.value, r.unit).text}</span>
      ),
    },
    comparisonColumn(t, 'mom', (r) => ({
      value: r.value,
      previous: r.mom_value,
      pct: r.mom_pct,
      reason: r.mom_reason,
      since,
      unit: r.unit,
    })),
    comparisonColumn(t, 'yoy', (r) => ({
      value: r.value,
      previous: r.yoy_value,
      pct: r.yoy_pct,
      reason: r.yoy_reason,
      since,
      unit: r.unit,
    })),
    {
      title: t('carbon.integrated.coalCol'),
      key: 'coal',
      align: 'right',
      render: (_, r) => (
        <span data-testid={`integrated-coal-${r.energy_type}`}>
          {f.unit(r.coal_t, 't', { precision: 3 }).text}
        </span>
      ),
    },
    {
      title: t('carbon.integrated.share'),
      key: 'share',
      align: 'right',
      render: (_, r) => (r.share === null ? '-' : `${f.number(r.share, 1)}%`),
    },
  ];
  const exportColumns: ExportColumn<TableRow>[] = [
    { title: t('carbon.integrated.type'), key: 'label' },
    { title: t('carbon.integrated.use'), key: 'value', format: '#,##0.000' },
    { title: t('energySetup.field.unit'), key: 'unit' },
    ...changeExportColumns<TableRow>(t, t('carbon.col.mom'), (r) => r.mom_pct, (r) => r.mom_reason, sinceDate),
    ...changeExportColumns<TableRow>(t, t('carbon.col.yoy'), (r) => r.yoy_pct, (r) => r.yoy_reason, sinceDate),
    { title: `${t('carbon.integrated.coal')} (kgce)`, key: 'coal_kgce', format: '#,##0.00' },
  ];

  const card = (type: EnergyType, r: TableRow | undefined): StatItem => ({
    key: type,
    col: { flex: '1 1 200px' },
    title: t(`energySetup.energyType.${type}`),
    value: r?.value ?? null,
    unit: r?.unit ?? '',
    comparisons: r
      ? [
          { mode: 'mom', previous: r.mom_value, pct: r.mom_pct, reason: r.mom_reason, since },
          { mode: 'yoy', previous: r.yoy_value, pct: r.yoy_pct, reason: r.yoy_reason, since },
        ]
      : undefined,
    footer: (
      <span style={{ fontSize: 12, opacity: 0.7 }}>
        {r
          ? t('carbon.integrated.coalShort', { value: f.unit(r.coal_t, 't', { precision: 3 }).text })
          : t('carbon.integrated.notMetered')}
      </span>
    ),
    // A type the site does not meter still gets its card, marked, so the switch stays in step.
    wrap: (c) => (
      <div
        role="button"
        tabIndex={0}
        onClick={() => pick(type)}
        onKeyDown={(e) => (e.key === 'Enter' || e.key === ' ') && pick(type)}
        style={{
          cursor: 'pointer',
          borderRadius: 8,
          outline: type === energyType ? `2px solid ${TYPE_COLOR[type]}` : 'none',
        }}
        data-testid={`integrated-card-${type}`}
        data-selected={type === energyType ? '1' : '0'}
        data-metered={r ? '1' : '0'}
      >
        {c}
      </div>
    ),
  });

  return (
    <ReportPage
      look={SETUP_QUERY}
      period={{ value: period, onChange: setPeriod }}
      controls={
        <Segmented<EnergyType>
          value={energyType}
          onChange={pick}
          options={ENERGY_TYPES.map((k) => ({
            value: k,
            label: <span data-testid={`energy-tab-${k}`}>{t(`energySetup.energyType.${k}`)}</span>,
          }))}
          data-testid="energy-type-switch"
        />
      }
      export={{
        fileName: `${t('carbon.integrated.exportName')}-${d ? `${d.range.from}_${d.range.to}` : ''}`,
        columns: exportColumns,
        rows,
      }}
      state={state}
      data={d}
      empty={!d || d.rows.length === 0}
      content={(d) => ({ 'data-testid': 'integrated', 'data-range': `${d.range.from}_${d.range.to}` })}
      stats={(d) => [
        ...ENERGY_TYPES.map((type) => card(type, rows.find((x) => x.energy_type === type))),
        {
          key: 'coal',
          col: { flex: '1 1 200px' },
          'data-testid': 'integrated-total-coal',
          title: t('carbon.integrated.totalCoal'),
          value: d.total_coal_kgce / 1000,
          unit: 't',
          precision: 3,
          footer: <span style={{ fontSize: 12, opacity: 0.7 }}>{t('carbon.integrated.tce')}</span>,
        },
      ]}
    >
      {() => (
        <>
          <ReportRow spans={[16, 8]}>
            <ReportChart
              title={t('carbon.integrated.trend', { type: selected?.label ?? '' })}
              testId="integrated-trend"
              option={trendOption}
              height={280}
            />
            <ReportChart title={t('carbon.integrated.coalShare')} option={pieOption} height={280} />
          </ReportRow>
          {selected ? <CategoryBreakdown type={selected.energy_type} label={selected.label} unit={selected.unit} categories={selected.categories} /> : null}
          <ReportRow spans={[14, 10]}>
            <ReportSection title={t('carbon.integrated.table')}>
              <Table<TableRow>
                rowKey="energy_type"
                size="small"
                columns={columns}
                dataSource={rows}
                pagination={false}
                scroll={{ x: 640 }}
                data-testid="integrated-table"
              />
            </ReportSection>
            <ReportChart title={t('carbon.integrated.coalTrend')} option={coalOption} height={220} />
          </ReportRow>
          <FactorsCard kind="coal" />
        </>
      )}
    </ReportPage>
  );
}

export function IntegratedEnergyPage() {
  return (
    <SiteGate prompt={SETUP_SITE} testId="integrated-page">
      {(id) => <Integrated key={id} projectId={id} />}
    </SiteGate>
  );
}

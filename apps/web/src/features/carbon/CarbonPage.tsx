import { treesPrecision } from '@gridops/format';
import { Table } from 'antd';
import type { TableColumnsType } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { buildPieOption, useChartLocale } from '../../shared/charts';
import type { ExportColumn } from '../../shared/export';
import { useFormat } from '../../shared/format';
import { changeExportColumns } from '../../shared/stats';
import { useSiteCarbon } from './api';
import { carbonMonthRows, carbonSummary, kgToT, monthOrYear, siteNow } from './carbonRows';
import type { CarbonMonthRow } from './carbonRows';
import { comparisonColumn, tonneScale, useCarbonMonthOption } from './carbonBlocks';
import { FactorsCard } from './FactorsCard';
import { SETUP_QUERY, SETUP_SITE } from '../../shared/ui/setupPageLooks';
import { ReportChart, ReportPage, ReportRow, ReportSection, reportState, useReportPeriod } from '../../shared/ui/ReportPage';
import { SiteGate } from '../../shared/ui/SiteGate';
import { localName } from '../../shared/ui/localName';

const TYPES = ['power', 'gas', 'heat'] as const;

/** Site carbon: emissions by energy type and month, PV reductions, intensity, trees; month or year with MoM/YoY. */
function SiteCarbon({ projectId }: { projectId: number }) {
  const { t } = useTranslation();
  const f = useFormat();
  const locale = useChartLocale();
  const [period, setPeriod] = useReportPeriod('month');
  const p = monthOrYear(period);
  const year = Number(p.date.slice(0, 4));
  const cur = useSiteCarbon(projectId, year);
  const prev = useSiteCarbon(projectId, year - 1);
  const thisMonth = siteNow(f.zone).slice(0, 7);

  const rows = useMemo(
    () => (cur.data ? carbonMonthRows(cur.data.by_month, prev.data?.by_month ?? null, thisMonth) : []),
    [cur.data, prev.data, thisMonth],
  );
  const summary = cur.data ? carbonSummary(p, cur.data, prev.data ?? null, rows) : null;
  const d = cur.data;
  const since = d?.data_since ?? null;
  const sinceDate = since ? f.date(since, 'YYYY-MM-DD') : null;
  const scale = tonneScale(
    f,
    rows.flatMap((r) => [r.total, r.avoided, r.net, r.power, r.gas, r.heat]),
  );
  const { cell } = scale;

  const monthOption = useCarbonMonthOption(rows);
  const byType = useMemo(() => {
    if (!d) return null;
    const src =
      p.period === 'year'
        ? d.emissions_kg
        : d.by_month.find((m) => m.month === p.date.slice(0, 7))?.emissions_kg;
    return src ? TYPES.map((k) => ({ name: t(`energySetup.energyType.${k}`), value: kgToT(src[k]) })) : [];
  }, [d, p.period, p.date, t]);
  const pieOption = useMemo(
    () => buildPieOption({ items: byType ?? [], unit: 't' }, locale),
    [byType, locale],
  );

  const columns: TableColumnsType<CarbonMonthRow> = [
    { title: t('carbon.col.month'), dataIndex: 'month', key: 'month', width: 96 },
    ...TYPES.map((k) => ({
      title: `${t(`energySetup.energyType.${k}`)} (${scale.unit})`,
      key: k,
      align: 'right' as const,
      render: (_: unknown, r: CarbonMonthRow) => cell(r[k]),
    })),
    {
      title: `${t('carbon.col.total')} (${scale.unit})`,
      key: 'total',
      align: 'right',
      render: (_, r) => <span data-testid={`carbon-row-${r.month}`}>{cell(r.total)}</span>,
    },
    {
      title: `${t('carbon.avoided')} (${scale.unit})`,
      key: 'avoided',
      align: 'right',
      render: (_, r) => cell(r.avoided),
    },
    {
      title: `${t('carbon.net')} (${scale.unit})`,
      key: 'net',
      align: 'right',
      render: (_, r) => cell(r.net),
    },
    comparisonColumn(t, 'mom', (r) => ({ value: r.total, previous: r.prevMonth, pct: r.momPct, reason: r.momReason, since, unit: 't' })),
    comparisonColumn(t, 'yoy', (r) => ({ value: r.total, previous: r.lastYear, pct: r.yoyPct, reason: r.yoyReason, since, unit: 't' })),
  ];
  const exportColumns: ExportColumn<CarbonMonthRow>[] = [
    { title: t('carbon.col.month'), key: 'month' },
    ...TYPES.map((k) => ({
      title: `${t(`energySetup.energyType.${k}`)} (tCO2)`,
      key: k,
      format: '#,##0.000',
    })),
    { title: `${t('carbon.col.total')} (tCO2)`, key: 'total', format: '#,##0.000' },
    { title: `${t('carbon.avoided')} (tCO2)`, key: 'avoided', format: '#,##0.000' },
    { title: `${t('carbon.net')} (tCO2)`, key: 'net', format: '#,##0.000' },
    ...changeExportColumns<CarbonMonthRow>(t, t('carbon.col.mom'), (r) => r.momPct, (r) => r.momReason, sinceDate),
    ...changeExportColumns<CarbonMonthRow>(t, t('carbon.col.yoy'), (r) => r.yoyPct, (r) => r.yoyReason, sinceDate),
  ];
  const comparisons = summary
    ? [
        ...(summary.mom ? [{ mode: 'mom' as const, ...summary.mom, since }] : []),
        { mode: 'yoy' as const, ...summary.yoy, since },
      ]
    : undefined;

  return (
    <ReportPage
      look={SETUP_QUERY}
      period={{ value: p, onChange: setPeriod, periods: ['month', 'year'] }}
      export={{
        fileName: `${t('carbon.exportName')}-${d ? localName(d, f.lang) : projectId}-${year}`,
        columns: exportColumns,
        rows,
      }}
      state={reportState(cur)}
      data={d && summary ? { d, summary } : null}
      empty={!d}
      content={() => ({ 'data-testid': 'carbon-site', 'data-year': year })}
      statCol={{ xs: 12, lg: 6, xl: 5 }}
      stats={({ d, summary }) => [
        { key: 'total', 'data-testid': 'carbon-total', title: t('carbon.emissions'), value: summary.total, unit: 't', comparisons },
        { key: 'avoided', 'data-testid': 'carbon-avoided', title: t('carbon.avoidedPv'), value: summary.avoided, unit: 't', goodDirection: 'up' },
        { key: 'net', 'data-testid': 'carbon-net', title: t('carbon.net'), value: summary.net, unit: 't' },
        {
          key: 'trees',
          col: { xs: 12, lg: 6, xl: 4 },
          'data-testid': 'carbon-trees',
          title: t('carbon.treesYear', { year }),
          value: d.trees,
          unit: '棵',
          precision: treesPrecision(d.trees),
          footer: <span style={{ fontSize: 12, opacity: 0.65 }}>{t('carbon.treesHint')}</span>,
        },
        {
          key: 'intensity',
          col: { xs: 24, lg: 24, xl: 5 },
          'data-testid': 'carbon-intensity',
          title: t('carbon.intensityYear', { year }),
          value: d.intensity_kg_m2,
          unit: 'kgCO₂/m²',
        },
      ]}
    >
      {() => (
        <>
          <ReportRow spans={[16, 8]}>
            <ReportChart title={t('carbon.byMonth', { year })} option={monthOption} ariaLabel={t('carbon.byMonth', { year })} />
            <ReportChart title={t('carbon.byType')} option={pieOption} ariaLabel={t('carbon.byType')} />
          </ReportRow>
          <ReportSection title={t('carbon.table', { year })}>
            <Table<CarbonMonthRow>
              rowKey="key"
              size="small"
              columns={columns}
              dataSource={rows}
              pagination={false}
              scroll={{ x: 900 }}
              data-testid="carbon-table"
            />
          </ReportSection>
          <FactorsCard kind="carbon" />
        </>
      )}
    </ReportPage>
  );
}

export function CarbonPage() {
  return (
    <SiteGate prompt={SETUP_SITE} testId="carbon-page">
      {(id) => <SiteCarbon key={id} projectId={id} />}
    </SiteGate>
  );
}

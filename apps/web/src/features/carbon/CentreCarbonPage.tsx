import { formatTrees, treesPrecision } from '@gridops/format';
import type { ChangeReason } from '@gridops/contract';
import { Progress, Space, Table } from 'antd';
import type { TableColumnsType } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../session/store';
import { buildPieOption, useChartLocale } from '../../shared/charts';
import type { ExportColumn } from '../../shared/export';
import { useFormat } from '../../shared/format';
import { changeExportColumns } from '../../shared/stats';
import { useCentreCarbon } from './api';
import { carbonMonthRows, carbonSummary, kgToT, siteNow } from './carbonRows';
import type { CentreCarbon } from './api';
import { comparisonColumn, tonneScale, useCarbonMonthOption } from './carbonBlocks';
import { FactorsCard } from './FactorsCard';
import { SETUP_QUERY } from '../../shared/ui/setupPageLooks';
import { ReportChart, ReportPage, ReportRow, ReportSection, reportState, useReportPeriod } from '../../shared/ui/ReportPage';
import { localName } from '../../shared/ui/localName';

type RankRow = CentreCarbon['ranking'][number];

/** Flattened for the table and the export, in tonnes. */
export interface RankingRow {
  key: number;
  rank: number;
  name: string;
  power: number | null;
  gas: number | null;
  heat: number | null;
  total: number | null;
  avoided: number | null;
  net: number | null;
  intensity: number | null;
  trees: number;
  yoyPct: number | null;
  yoyReason: ChangeReason | null;
  /** The site's first stored reading (ISO), named when its YoY base is not covered. */
  since: string | null;
  share: number;
}

const rankingRows = (ranking: readonly RankRow[], lang: string): RankingRow[] => {
  const max = ranking.reduce((m, r) => Math.max(m, r.total_kg), 0);
  return ranking.map((r) => ({
    key: r.project_id,
    rank: r.rank,
    name: localName(r, lang),
    power: kgToT(r.emissions_kg.power),
    gas: kgToT(r.emissions_kg.gas),
    heat: kgToT(r.emissions_kg.heat),
    total: kgToT(r.total_kg),
    avoided: kgToT(r.avoided_kg),
    net: kgToT(r.net_kg),
    intensity: r.intensity_kg_m2,
    trees: r.trees,
    yoyPct: r.yoy_pct,
    yoyReason: r.yoy_reason,
    since: r.data_since,
    share: max > 0 ? (r.total_kg / max) * 100 : 0,
  }));
};

/** Centre carbon: the organisation's emissions, reductions and trees, per month and per site (ranked). */
export function CentreCarbonPage() {
  const { t } = useTranslation();
  const f = useFormat();
  const locale = useChartLocale();
  const organID = useSession((s) => s.organID);
  const [period, setPeriod] = useReportPeriod('year');
  const year = Number((period.period === 'custom' ? period.to : period.date).slice(0, 4));
  const cur = useCentreCarbon(organID, year);
  const prev = useCentreCarbon(organID, year - 1);
  const d = cur.data;
  const months = useMemo(
    () => (d ? carbonMonthRows(d.by_month, prev.data?.by_month ?? null, siteNow(f.zone).slice(0, 7)) : []),
    [d, prev.data, f.zone],
  );
  const summary = d
    ? carbonSummary({ period: 'year', date: `${year}-01-01` }, d, prev.data ?? null, months)
    : null;
  const rows = useMemo(() => (d ? rankingRows(d.ranking, f.lang) : []), [d, f.lang]);
  const scale = tonneScale(
    f,
    rows.flatMap((r) => [r.total, r.avoided, r.net, r.power]),
  );
  const { cell } = scale;

  const monthOption = useCarbonMonthOption(months);
  const pieOption = useMemo(
    () =>
      buildPieOption(
        {
          items: d
            ? (['power', 'gas', 'heat'] as const).map((k) => ({
                name: t(`energySetup.energyType.${k}`),
                value: kgToT(d.emissions_kg[k]),
              }))
            : [],
          unit: 't',
        },
        locale,
      ),
    [d, locale, t],
  );

  const columns: TableColumnsType<RankingRow> = [
    { title: t('carbon.col.rank'), dataIndex: 'rank', key: 'rank', width: 64, align: 'center' },
    {
      title: t('carbon.col.site'),
      key: 'name',
      width: 220,
      render: (_, r) => <span data-testid={`rank-site-${r.key}`}>{r.name}</span>,
    },
    {
      title: `${t('carbon.col.total')} (${scale.unit})`,
      key: 'total',
      width: 200,
      render: (_, r) => (
        <Space size={8} style={{ width: '100%' }}>
          <span
            data-testid={`rank-total-${r.key}`}
            style={{ display: 'inline-block', minWidth: 72, textAlign: 'right' }}
          >
            {cell(r.total)}
          </span>
          <Progress percent={r.share} showInfo={false} size="small" style={{ width: 90, margin: 0 }} />
        </Space>
      ),
    },
    ...(['power', 'gas', 'heat'] as const).map((k) => ({
      title: `${t(`energySetup.energyType.${k}`)} (${scale.unit})`,
      key: k,
      align: 'right' as const,
      render: (_: unknown, r: RankingRow) => cell(r[k]),
    })),
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
    {
      title: t('carbon.col.intensity'),
      key: 'intensity',
      align: 'right',
      render: (_, r) => (r.intensity === null ? '-' : f.number(r.intensity, 2)),
    },
    {
      title: t('carbon.col.trees'),
      key: 'trees',
      align: 'right',
      render: (_, r) => formatTrees(r.trees, f.lang).text,
    },
    comparisonColumn(t, 'yoy', (r) => ({ value: r.total, pct: r.yoyPct, reason: r.yoyReason, since: r.since, unit: 't' })),
  ];
  const exportColumns: ExportColumn<RankingRow>[] = [
    { title: t('carbon.col.rank'), key: 'rank' },
    { title: t('carbon.col.site'), key: 'name' },
    { title: `${t('carbon.col.total')} (tCO2)`, key: 'total', format: '#,##0.000' },
    ...(['power', 'gas', 'heat'] as const).map((k) => ({
      title: `${t(`energySetup.energyType.${k}`)} (tCO2)`,
      key: k,
      format: '#,##0.000',
    })),
    { title: `${t('carbon.avoided')} (tCO2)`, key: 'avoided', format: '#,##0.000' },
    { title: `${t('carbon.net')} (tCO2)`, key: 'net', format: '#,##0.000' },
    { title: t('carbon.col.intensity'), key: 'intensity', format: '#,##0.000' },
    { title: t('carbon.col.trees'), key: 'trees', format: '#,##0' },
    ...changeExportColumns<RankingRow>(t, t('carbon.col.yoy'), (r) => r.yoyPct, (r) => r.yoyReason, (r) => (r.since ? f.date(r.since, 'YYYY-MM-DD') : null)),
  ];

  return (
    <ReportPage
      testId="centre-carbon-page"
      look={SETUP_QUERY}
      period={{ value: period, onChange: setPeriod, periods: ['year'] }}
      export={{ fileName: `${t('carbon.rankingExport')}-${year}`, columns: exportColumns, rows }}
      state={reportState(cur)}
      data={d && summary ? { d, summary } : null}
      empty={!d}
      content={() => ({ 'data-testid': 'centre-carbon', 'data-year': year })}
      statCol={{ xs: 12, xl: 6 }}
      stats={({ d, summary }) => [
        {
          key: 'total',
          'data-testid': 'centre-total',
          title: t('carbon.emissionsYear', { year }),
          value: summary.total,
          unit: 't',
          comparisons: [{ mode: 'yoy', ...summary.yoy, since: d.data_since }],
        },
        { key: 'avoided', 'data-testid': 'centre-avoided', title: t('carbon.avoidedPv'), value: summary.avoided, unit: 't', goodDirection: 'up' },
        { key: 'net', 'data-testid': 'centre-net', title: t('carbon.net'), value: summary.net, unit: 't' },
        {
          key: 'trees',
          'data-testid': 'centre-trees',
          title: t('carbon.trees'),
          value: d.trees,
          unit: '棵',
          precision: treesPrecision(d.trees),
          footer: <span style={{ fontSize: 12, opacity: 0.65 }}>{t('carbon.sites', { count: d.ranking.length })}</span>,
        },
      ]}
    >
      {() => (
        <>
          <ReportRow spans={[16, 8]}>
            <ReportChart title={t('carbon.byMonth', { year })} option={monthOption} />
            <ReportChart title={t('carbon.byType')} option={pieOption} />
          </ReportRow>
          <ReportSection title={t('carbon.ranking', { year })}>
            <Table<RankingRow>
              rowKey="key"
              size="small"
              columns={columns}
              dataSource={rows}
              pagination={false}
              scroll={{ x: 1200 }}
              data-testid="ranking-table"
            />
          </ReportSection>
          <FactorsCard kind="carbon" />
        </>
      )}
    </ReportPage>
  );
}

import { Progress, Table } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { buildComparisonOption, buildPieOption, useChartLocale } from '../../../shared/charts';
import { useFormat } from '../../../shared/format';
import { semanticColors } from '../../../shared/theme/palette';
import { useEnergyStats, useOverview } from '../api';
import type { PowerOverview } from '../api';
import { bucketRows, comparisonInput, nameOf, siteNowKey } from '../rows';
import { columnScale } from '../components/common';
import { ENERGY_QUERY, ENERGY_SITE } from '../pageStates';
import { ReportChart, ReportPage, ReportRow, ReportSection, reportState, useReportPeriod } from '../../../shared/ui/ReportPage';
import { SiteGate } from '../../../shared/ui/SiteGate';
import { QuantityTitle } from '../../../shared/ui/QuantityTitle';
import { CostUnknown, CostUnknownNotice, TotalUnknown, TotalUnknownNotice } from '../components/Unknown';

const SPANS = ['today', 'month', 'year'] as const;
const totalUnknown = (d: PowerOverview) => (d.total_unknown ? <TotalUnknown reason={d.total_unknown} /> : undefined);
const costUnknown = (d: PowerOverview) => (d.cost_unknown ? <CostUnknown reason={d.cost_unknown} /> : undefined);
type Branch = PowerOverview['top_branches'][number];

function PowerOverviewBody({ projectId }: { projectId: number }) {
  const { t } = useTranslation();
  const f = useFormat();
  const locale = useChartLocale();
  const q = useOverview('powerOverview', projectId);
  const [month] = useReportPeriod('month');
  const daily = useEnergyStats(projectId, 'power_use', month);
  const d = q.data;
  const pie = useMemo(
    () =>
      buildPieOption(
        {
          unit: 'kWh',
          items: (d?.month_by_band ?? []).map((b) => ({ name: t(`charts.tou.${b.band}`), value: b.energy, color: semanticColors.tou[b.band] })),
        },
        locale,
      ),
    [d, t, locale],
  );
  const dailyOption = useMemo(
    () => buildComparisonOption(comparisonInput(daily.data ? bucketRows(daily.data, siteNowKey(f.zone)) : [], 'mom', 'kWh'), locale),
    [daily.data, locale, f.zone],
  );
  const branches = d?.top_branches ?? [];
  const top = branches[0]?.energy ?? 0;
  const bscale = columnScale(f, branches.map((b) => b.energy), 'kWh');
  return (
    <ReportPage
      look={ENERGY_QUERY}
      state={reportState(q)}
      data={d}
      statCol={{ xs: 12, md: 8, xl: 4 }}
      notices={(d) => (
        <>
          {d.total_unknown && <TotalUnknownNotice reason={d.total_unknown} />}
          {d.cost_unknown && <CostUnknownNotice reason={d.cost_unknown} />}
        </>
      )}
      stats={(d) => [
        // A total or a cost that cannot be computed says why, with a link to the fix, never 0.
        ...SPANS.map((s) => ({ key: s, 'data-testid': `pw-consumption-${s}`, title: <QuantityTitle quantity="consumption">{t(`energy.pw.${s}`)}</QuantityTitle>, value: d.consumption[s], unit: 'kWh', unknown: totalUnknown(d) })),
        { key: 'import', 'data-testid': 'pw-grid-import', title: <QuantityTitle quantity="grid_import">{t('energy.pw.gridImport')}</QuantityTitle>, value: d.grid_import.month, unit: 'kWh', unknown: totalUnknown(d) },
        { key: 'cost', 'data-testid': 'pw-month-cost', title: t('energy.pw.monthCost'), value: d.month_cost, unit: '元', unknown: costUnknown(d) },
        {
          key: 'live',
          'data-testid': 'pw-live',
          title: t('energy.pw.live'),
          value: d.live_kw,
          unit: 'kW',
          footer: <span style={{ fontSize: 12, opacity: 0.65 }}>{t('energy.pw.intensity')} {f.unit(d.intensity_kwh_m2_year, 'kWh/m²').text}</span>,
        },
      ]}
    >
      {(d) => (
        <>
          <ReportRow spans={[9, 15]} at="lg">
            <ReportChart title={<QuantityTitle quantity="grid_import">{t('energy.pw.byBand')}</QuantityTitle>} testId="pw-bands" option={pie} height={220}>
              <Table
                size="small"
                rowKey="band"
                pagination={false}
                dataSource={d.month_by_band}
                columns={[
                  { title: t('energy.col.band'), dataIndex: 'band', render: (b: string) => t(`charts.tou.${b}`) },
                  { title: t('energy.col.energy'), dataIndex: 'energy', align: 'right', render: (v: number) => f.unit(v, 'kWh').text },
                  { title: t('energy.col.cost'), dataIndex: 'cost', align: 'right', render: (v: number | null) => costUnknown(d) ?? f.unit(v, '元').text },
                ]}
              />
            </ReportChart>
            <ReportSection title={<QuantityTitle quantity="branch_energy">{t('energy.pw.topBranches')}</QuantityTitle>} testId="pw-branches">
              <Table<Branch>
                size="small"
                rowKey="node_id"
                pagination={false}
                dataSource={branches}
                columns={[
                  { title: t('energy.col.node'), key: 'name', render: (_, b) => nameOf(b, f.lang) },
                  {
                    title: t('energy.unitIn', { name: t('energy.col.energy'), unit: bscale.unit }),
                    dataIndex: 'energy',
                    align: 'right',
                    width: 140,
                    render: (v: number) => bscale.text(v),
                  },
                  {
                    title: '',
                    key: 'bar',
                    width: '40%',
                    render: (_, b) => <Progress percent={top > 0 ? (b.energy / top) * 100 : 0} showInfo={false} size="small" />,
                  },
                ]}
              />
            </ReportSection>
          </ReportRow>
          <ReportChart title={t('energy.pw.daily')} testId="pw-daily" state={reportState(daily)} option={dailyOption} height={260} />
        </>
      )}
    </ReportPage>
  );
}

/** /EnergyManage/PowerOverview: consumption, grid import, TOU split and cost, branch ranking, live load. */
export function PowerOverviewPage() {
  return <SiteGate prompt={ENERGY_SITE} testId="energy-pw-overview">{(id) => <PowerOverviewBody projectId={id} />}</SiteGate>;
}

import { formatTrees } from '@gridops/format';
import { Alert, Descriptions, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { buildComparisonOption, useChartLocale } from '../../../shared/charts';
import { useFormat } from '../../../shared/format';
import { useEnergyStats, useOverview } from '../api';
import { bucketRows, comparisonInput, siteNowKey } from '../rows';
import { pctText } from '../components/common';
import { ENERGY_QUERY, ENERGY_SITE } from '../pageStates';
import { ReportChart, ReportPage, ReportRow, ReportSection, reportState, useReportPeriod } from '../../../shared/ui/ReportPage';
import { SiteGate } from '../../../shared/ui/SiteGate';

const SPANS = ['today', 'month', 'year'] as const;

function NewEnergyOverview({ projectId }: { projectId: number }) {
  const { t } = useTranslation();
  const f = useFormat();
  const locale = useChartLocale();
  const q = useOverview('newEnergyOverview', projectId);
  const [today] = useReportPeriod('day');
  const hourly = useEnergyStats(projectId, 'new_energy', today);
  const option = useMemo(
    () =>
      buildComparisonOption(
        {
          ...comparisonInput(hourly.data ? bucketRows(hourly.data, siteNowKey(f.zone)) : [], 'mom', 'kWh'),
          showChange: false,
          currentName: t('energy.span.today'),
          previousName: t('energy.yesterday'),
        },
        locale,
      ),
    [hourly.data, locale, t, f.zone],
  );
  const d = q.data;
  const triple = (
    key: string,
    v: { today: number | null; month: number | null; year: number | null } | undefined,
    render: (x: number | null) => string,
  ) => ({
    key,
    label: t(`energy.ne.${key}`),
    children: <span data-testid={`ne-triple-${key}`}>{SPANS.map((s) => render(v?.[s] ?? null)).join(' / ')}</span>,
  });
  const note = (text: string) => <Typography.Text type="secondary" style={{ fontSize: 12 }}>{text}</Typography.Text>;
  const month = ` · ${t('energy.span.month')}`;
  return (
    <ReportPage
      look={ENERGY_QUERY}
      state={reportState(q)}
      data={d}
      statCol={{ xs: 12, md: 6 }}
      stats={(d) => [
        ...SPANS.map((s) => ({ key: s, 'data-testid': `ne-generation-${s}`, title: t(`energy.ne.${s}`), value: d.generation[s], unit: 'kWh' })),
        { key: 'live', 'data-testid': 'ne-live', title: t('energy.ne.live'), value: d.live_kw, unit: 'kW', footer: note(`${t('energy.ne.capacity')} ${f.unit(d.capacity_kwp, 'kWp').text}`) },
        { key: 'self', 'data-testid': 'ne-self-use', title: `${t('energy.ne.selfUse')}${month}`, value: d.self_consumption_pct.month, unit: '%', precision: 1 },
        { key: 'eq', 'data-testid': 'ne-eq-hours', title: `${t('energy.ne.eqHours')}${month}`, value: d.equivalent_hours.month, unit: 'h' },
        { key: 'pr', 'data-testid': 'ne-pr', title: `${t('energy.ne.pr')}${month}`, value: d.performance_ratio_pct.month, unit: '%', precision: 1 },
        {
          key: 'avoided',
          'data-testid': 'ne-avoided',
          title: t('energy.ne.avoided'),
          // kgCO2 → t, so the §9 scaling (万吨 above 10000 t) applies.
          value: d.avoided_co2_kg_year / 1000,
          unit: 't',
          footer: note(`${t('energy.ne.trees')} ${formatTrees(d.trees_year, f.lang).text}`),
        },
      ]}
    >
      {(d) => (
        <ReportRow spans={[15, 9]} at="lg">
          <ReportChart title={t('energy.ne.hourly')} testId="ne-hourly" state={reportState(hourly)} option={option} height={280} />
          <ReportSection title={t('energy.ne.todayMonthYear')}>
            <Descriptions
              column={1}
              size="small"
              items={[
                triple('selfUse', d.self_consumption_pct, (x) => pctText(f, x)),
                triple('eqHours', d.equivalent_hours, (x) => f.unit(x, 'h').text),
                triple('pr', d.performance_ratio_pct, (x) => pctText(f, x)),
                triple('irradiation', d.irradiation_kwh_m2, (x) => f.unit(x, 'kWh/m²').text),
                // Only with arrays configured in /RunSetup/PvSet: what they should give under a clear sky, and how much of it came.
                ...(d.expected_kwh
                  ? [
                      triple('expected', d.expected_kwh, (x) => f.unit(x, 'kWh').text),
                      triple('ofExpected', ofExpected(d.generation, d.expected_kwh), (x) => pctText(f, x)),
                    ]
                  : []),
              ]}
            />
            {!d.export_metered && <Alert type="info" showIcon style={{ marginTop: 8 }} title={t('energy.ne.exportNotMetered')} />}
            <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0, fontSize: 12 }}>
              {t('energy.ne.prNote')}
            </Typography.Paragraph>
          </ReportSection>
        </ReportRow>
      )}
    </ReportPage>
  );
}

/** Actual generation as a share of the clear-sky expectation, %; null where nothing was expected. */
export function ofExpected(actual: Record<'today' | 'month' | 'year', number>, expected: Record<'today' | 'month' | 'year', number>) {
  const pct = (a: number, e: number) => (e > 0 ? Math.round((a / e) * 1000) / 10 : null);
  return { today: pct(actual.today, expected.today), month: pct(actual.month, expected.month), year: pct(actual.year, expected.year) };
}

/** /EnergyManage/NewEnergyOverview: today/month/year generation, self-consumption, equivalent hours, PR. */
export function NewEnergyOverviewPage() {
  return <SiteGate prompt={ENERGY_SITE} testId="energy-ne-overview">{(id) => <NewEnergyOverview projectId={id} />}</SiteGate>;
}

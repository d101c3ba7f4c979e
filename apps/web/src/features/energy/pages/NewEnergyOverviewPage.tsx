import { formatTrees } from '@gridops/format';
import { Alert, Col, Descriptions, Row, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buildComparisonOption, Chart, useChartLocale } from '../../../shared/charts';
import { useFormat } from '../../../shared/format';
import { defaultPeriod, StatCard } from '../../../shared/stats';
import { useEnergyStats, useOverview } from '../api';
import { bucketRows, comparisonInput, siteNowKey } from '../rows';
import { Panel, pctText, Stack } from '../components/common';
import { ENERGY_QUERY, ENERGY_SITE } from '../pageStates';
import { QueryState } from '../../../shared/ui/QueryState';
import { SiteGate } from '../../../shared/ui/SiteGate';

const SPANS = ['today', 'month', 'year'] as const;

function NewEnergyOverview({ projectId }: { projectId: number }) {
  const { t } = useTranslation();
  const f = useFormat();
  const locale = useChartLocale();
  const q = useOverview('newEnergyOverview', projectId);
  const [today] = useState(() => defaultPeriod('day'));
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
  return (
    <QueryState look={ENERGY_QUERY} loading={q.isLoading} error={q.error} empty={!d} onRetry={() => void q.refetch()}>
      {d && (
        <Stack>
          <Row gutter={[12, 12]}>
            {SPANS.map((s) => (
              <Col key={s} xs={12} md={6}>
                <StatCard data-testid={`ne-generation-${s}`} title={t(`energy.ne.${s}`)} value={d.generation[s]} unit="kWh" />
              </Col>
            ))}
            <Col xs={12} md={6}>
              <StatCard data-testid="ne-live" title={t('energy.ne.live')} value={d.live_kw} unit="kW" footer={<Typography.Text type="secondary" style={{ fontSize: 12 }}>{t('energy.ne.capacity')} {f.unit(d.capacity_kwp, 'kWp').text}</Typography.Text>} />
            </Col>
            <Col xs={12} md={6}>
              <StatCard data-testid="ne-self-use" title={`${t('energy.ne.selfUse')} · ${t('energy.span.month')}`} value={d.self_consumption_pct.month} unit="%" precision={1} />
            </Col>
            <Col xs={12} md={6}>
              <StatCard data-testid="ne-eq-hours" title={`${t('energy.ne.eqHours')} · ${t('energy.span.month')}`} value={d.equivalent_hours.month} unit="h" />
            </Col>
            <Col xs={12} md={6}>
              <StatCard data-testid="ne-pr" title={`${t('energy.ne.pr')} · ${t('energy.span.month')}`} value={d.performance_ratio_pct.month} unit="%" precision={1} />
            </Col>
            <Col xs={12} md={6}>
              <StatCard
                data-testid="ne-avoided"
                title={t('energy.ne.avoided')}
                // kgCO2 → t, so the §9 scaling (万吨 above 10000 t) applies.
                value={d.avoided_co2_kg_year / 1000}
                unit="t"
                footer={<Typography.Text type="secondary" style={{ fontSize: 12 }}>{t('energy.ne.trees')} {formatTrees(d.trees_year, f.lang).text}</Typography.Text>}
              />
            </Col>
          </Row>
          <Row gutter={[12, 12]}>
            <Col xs={24} lg={15}>
              <Panel title={t('energy.ne.hourly')} testId="ne-hourly">
                <QueryState look={ENERGY_QUERY} loading={hourly.isLoading} error={hourly.error} rows={6}>
                  <Chart option={option} height={280} />
                </QueryState>
              </Panel>
            </Col>
            <Col xs={24} lg={9}>
              <Panel title={t('energy.ne.todayMonthYear')}>
                <Descriptions
                  column={1}
                  size="small"
                  items={[
                    triple('selfUse', d.self_consumption_pct, (x) => pctText(f, x)),
                    triple('eqHours', d.equivalent_hours, (x) => f.unit(x, 'h').text),
                    triple('pr', d.performance_ratio_pct, (x) => pctText(f, x)),
                    triple('irradiation', d.irradiation_kwh_m2, (x) => f.unit(x, 'kWh/m²').text),
                  ]}
                />
                {!d.export_metered && <Alert type="info" showIcon style={{ marginTop: 8 }} title={t('energy.ne.exportNotMetered')} />}
                <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0, fontSize: 12 }}>
                  {t('energy.ne.prNote')}
                </Typography.Paragraph>
              </Panel>
            </Col>
          </Row>
        </Stack>
      )}
    </QueryState>
  );
}

/** /EnergyManage/NewEnergyOverview: today/month/year generation, self-consumption, equivalent hours, PR. */
export function NewEnergyOverviewPage() {
  return <SiteGate prompt={ENERGY_SITE} testId="energy-ne-overview">{(id) => <NewEnergyOverview projectId={id} />}</SiteGate>;
}

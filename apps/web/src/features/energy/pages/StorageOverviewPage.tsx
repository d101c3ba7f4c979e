import { Descriptions, Progress, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { buildComparisonOption, buildTimeSeriesOption, useChartLocale } from '../../../shared/charts';
import { useFormat } from '../../../shared/format';
import { useEnergyStats, useOverview } from '../api';
import { bucketRows, comparisonInput, siteNowKey } from '../rows';
import { pctText } from '../components/common';
import { ENERGY_QUERY, ENERGY_SITE } from '../pageStates';
import { ReportChart, ReportPage, ReportRow, ReportSection, reportState, useReportPeriod } from '../../../shared/ui/ReportPage';
import { SiteGate } from '../../../shared/ui/SiteGate';

type Direction = 'charge' | 'discharge';
const SPANS = ['today', 'month', 'year'] as const;
const MODE_COLOR = { charging: 'purple', discharging: 'cyan', idle: 'default', unknown: 'default' } as const;

function StorageOverview({ projectId, direction }: { projectId: number; direction: Direction }) {
  const { t } = useTranslation();
  const f = useFormat();
  const locale = useChartLocale();
  const q = useOverview('storageOverview', projectId);
  const [month] = useReportPeriod('month');
  const daily = useEnergyStats(projectId, direction === 'charge' ? 'storage_charge' : 'storage_discharge', month);
  const d = q.data;
  const dir = t(`energy.st.${direction}`);
  const own = direction === 'charge' ? d?.charged : d?.discharged;
  const hourlyOption = useMemo(() => {
    // today_hourly is 24 site-local hours of the overview's date.
    const start = dayjs(d?.date ?? undefined).startOf('day');
    const pts = (xs: readonly number[]) => xs.map((v, h) => [start.add(h, 'hour').valueOf(), v] as const);
    return buildTimeSeriesOption(
      {
        granularity: 'hour',
        dataZoom: false,
        series: [
          { name: t('energy.col.charged'), unit: 'kWh', kind: 'bar', color: '#9254de', points: pts(d?.today_hourly.charged ?? []) },
          { name: t('energy.col.discharged'), unit: 'kWh', kind: 'bar', color: '#36cfc9', points: pts(d?.today_hourly.discharged ?? []) },
        ],
      },
      locale,
    );
  }, [d, t, locale]);
  const dailyOption = useMemo(
    () =>
      buildComparisonOption(
        { ...comparisonInput(daily.data ? bucketRows(daily.data, siteNowKey(f.zone)) : [], 'mom', 'kWh'), showChange: false },
        locale,
      ),
    [daily.data, locale, f.zone],
  );
  return (
    <ReportPage
      look={ENERGY_QUERY}
      state={reportState(q)}
      data={d && own ? { d, own } : null}
      statCol={{ xs: 12, md: 6 }}
      stats={({ d, own }) => [
        ...SPANS.map((s) => ({ key: s, 'data-testid': `st-${direction}-${s}`, title: t(`energy.st.${s}`, { dir }), value: own[s], unit: 'kWh' })),
        {
          key: 'live',
          'data-testid': 'st-live',
          title: t('energy.st.live'),
          value: d.live.power_kw,
          unit: 'kW',
          extra: <Tag color={MODE_COLOR[d.live.mode]}>{t(`energy.st.mode.${d.live.mode}`)}</Tag>,
          footer: (
            <div style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>{t('energy.st.soc')}</Typography.Text>
              <Progress percent={d.live.soc_pct ?? 0} size="small" format={() => pctText(f, d.live.soc_pct, 0)} style={{ flex: 1, margin: 0 }} />
            </div>
          ),
        },
      ]}
    >
      {({ d }) => (
        <>
          <ReportRow spans={[15, 9]} at="lg">
            <ReportChart title={t('energy.st.hourly')} testId="st-hourly" option={hourlyOption} height={260} />
            <ReportSection title={`${t('energy.st.capacity')} ${f.unit(d.capacity_kwh, 'kWh').text}`}>
              <Descriptions
                column={1}
                size="small"
                items={[
                  {
                    key: 'other',
                    label: t(`energy.st.today`, { dir: t(`energy.st.${direction === 'charge' ? 'discharge' : 'charge'}`) }),
                    children: f.unit((direction === 'charge' ? d.discharged : d.charged).today, 'kWh').text,
                  },
                  { key: 'cycles', label: t('energy.st.cycles'), children: <span data-testid="st-cycles">{SPANS.map((s) => f.number(d.cycles[s], 2)).join(' / ')}</span> },
                  { key: 'eff', label: t('energy.st.efficiency'), children: <span data-testid="st-efficiency">{pctText(f, d.efficiency_pct.month)}</span> },
                  { key: 'effY', label: `${t('energy.col.efficiency')} · ${t('energy.span.year')}`, children: pctText(f, d.efficiency_pct.year) },
                ]}
              />
              <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0, fontSize: 12 }}>
                {t('energy.st.efficiencyNote')}
              </Typography.Paragraph>
            </ReportSection>
          </ReportRow>
          <ReportChart title={t('energy.st.monthDaily', { dir })} testId="st-daily" state={reportState(daily)} option={dailyOption} height={260} />
        </>
      )}
    </ReportPage>
  );
}

/** /EnergyManage/StorageCharge and StorageDischarge: the same overview from either side. */
export function StorageChargePage() {
  return <SiteGate prompt={ENERGY_SITE} testId="energy-st-charge">{(id) => <StorageOverview projectId={id} direction="charge" />}</SiteGate>;
}
export function StorageDischargePage() {
  return <SiteGate prompt={ENERGY_SITE} testId="energy-st-discharge">{(id) => <StorageOverview projectId={id} direction="discharge" />}</SiteGate>;
}

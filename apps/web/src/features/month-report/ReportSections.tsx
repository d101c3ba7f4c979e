import { tariffPartText, type MonthReportFigures } from '@gridops/contract';
import { Descriptions, Table } from 'antd';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useChartLocale } from '../../shared/charts';
import { useFormat } from '../../shared/format';
import { ReportChart, ReportRow, ReportSection } from '../../shared/ui/ReportPage';
import { localName } from '../../shared/ui/localName';
import { dailyEnergyOption } from './charts';
import { CostUnknown, CostUnknownNotice } from '../energy/components/Unknown';

type Item = [label: string, value: ReactNode];

function Facts({ items, testId }: { items: Item[]; testId: string }) {
  return (
    <Descriptions size="small" column={1} bordered data-testid={testId} items={items.map(([label, children], i) => ({ key: String(i), label, children }))} />
  );
}

/** The report's sections, as the PDF has them, from the stored figures: cards, tables and the daily chart. */
export function ReportSections({ f, sections }: { f: MonthReportFigures; sections: readonly string[] }) {
  const { t, i18n } = useTranslation();
  const fmt = useFormat();
  const locale = useChartLocale();
  const daily = useMemo(() => dailyEnergyOption(f.energy.daily, locale), [f.energy.daily, locale]);
  const n = (v: number | null, unit = '', precision = 2) => (v === null ? '—' : `${fmt.number(v, precision)}${unit ? ` ${unit}` : ''}`);
  const lang = i18n.language.startsWith('en') ? 'en' : 'zh';
  const yuan = lang === 'en' ? 'CNY' : '元';
  const on = (s: string) => sections.includes(s);
  const e = f.energy;
  const ne = f.new_energy;
  // Without a tariff a charge is unknown: it says so (linking to the tariff page), never 0.
  // "0.94（考核标准 0.90，由有功、无功电量计算）": the standard it is assessed against and where it came from.
  const pfNote = [e.pf_standard != null ? `${t('monthReport.pfStandard')} ${e.pf_standard.toFixed(2)}` : '', e.pf_source ? t(`monthReport.pfSource.${e.pf_source}`) : '']
    .filter(Boolean)
    .join(lang === 'en' ? ', ' : '，');
  const pfText = e.power_factor === null ? '—' : !pfNote ? n(e.power_factor) : lang === 'en' ? `${n(e.power_factor)} (${pfNote})` : `${n(e.power_factor)}（${pfNote}）`;
  const charge = (v: number | null, unit = '') => (e.tariff_configured ? n(v, unit) : <CostUnknown reason="no_tariff" />);
  return (
    <>
      {on('energy') && (
        <>
          {!e.tariff_configured && <CostUnknownNotice reason="no_tariff" />}
          <ReportRow spans={[14, 10]}>
            <ReportChart title={t('monthReport.dailyEnergy')} testId="mr-daily" option={daily} />
            <ReportSection title={t('monthReport.section.energy')} testId="mr-energy">
              <Table
                size="small"
                rowKey="band"
                pagination={false}
                dataSource={[...e.bands.map((b) => ({ band: b.band, label: t(`charts.tou.${b.band}`), energy: b.energy, cost: b.cost })), { band: 'total', label: t('energy.total'), energy: e.total_kwh, cost: e.total_cost }]}
                columns={[
                  { title: t('monthReport.band'), dataIndex: 'label' },
                  { title: `${t('monthReport.energy')} (kWh)`, dataIndex: 'energy', align: 'right', render: (v: number) => n(v) },
                  { title: `${t('monthReport.cost')} (${yuan})`, dataIndex: 'cost', align: 'right', render: (v: number) => charge(v) },
                ]}
              />
              <Facts
                testId="mr-bill"
                items={[
                  [t('monthReport.energyCharge'), charge(e.energy_charge, yuan)],
                  [t('monthReport.basicCharge'), charge(e.basic_charge, yuan)],
                  [t('monthReport.pfAdjustment'), charge(e.pf_adjustment, yuan)],
                  [t('monthReport.feedIn'), charge(e.feed_in_revenue, yuan)],
                  [t('monthReport.billTotal'), charge(e.bill_total, yuan)],
                  [t('monthReport.powerFactor'), pfText],
                  [t('monthReport.pfAdjustPct'), e.pf_adjust_pct == null ? '—' : `${e.pf_adjust_pct > 0 ? '+' : ''}${fmt.number(e.pf_adjust_pct, 2)}%`],
                  [t('monthReport.peakDemand'), n(e.peak_demand_kw, 'kW', 1)],
                  ...(e.tariffs ?? []).map((p): Item => [t('monthReport.pricedBy'), <span data-testid="mr-priced-by">{`${tariffPartText(p, lang, false)} · ${t('monthReport.pricedDates')} ${p.from} – ${p.to}`}</span>]),
                  ...(e.declared_demand_kw != null
                    ? ([
                        [t('monthReport.declaredDemand'), n(e.declared_demand_kw, 'kW', 1)],
                        [t('monthReport.demandPenalty'), charge(e.demand_penalty ?? 0, yuan)],
                      ] as Item[])
                    : []),
                ]}
              />
            </ReportSection>
          </ReportRow>
        </>
      )}
      <ReportRow spans={[8, 8, 8]} at="lg">
        {on('new_energy') && (
          <ReportSection title={t('monthReport.section.new_energy')} testId="mr-new-energy">
            <Facts
              testId="mr-new-energy-facts"
              items={[
                [t('monthReport.pvCapacity'), n(ne.pv_capacity_kwp, 'kWp', 1)],
                [t('monthReport.generation'), n(ne.generation_kwh, 'kWh')],
                [t('monthReport.selfUse'), n(ne.self_consumption_pct, '%', 1)],
                [t('monthReport.eqHours'), n(ne.equivalent_hours, 'h', 1)],
                [t('monthReport.storageCapacity'), n(ne.storage_capacity_kwh, 'kWh', 0)],
                [t('monthReport.charged'), n(ne.charged_kwh, 'kWh')],
                [t('monthReport.discharged'), n(ne.discharged_kwh, 'kWh')],
                [t('monthReport.efficiency'), n(ne.storage_efficiency_pct, '%', 1)],
                [t('monthReport.cycles'), n(ne.cycles, '', 2)],
              ]}
            />
          </ReportSection>
        )}
        {on('carbon') && (
          <ReportSection title={t('monthReport.section.carbon')} testId="mr-carbon">
            <Facts
              testId="mr-carbon-facts"
              items={[
                [t('monthReport.emissions'), n(f.carbon.emissions_kg, 'kgCO₂', 1)],
                [t('monthReport.avoided'), n(f.carbon.avoided_kg, 'kgCO₂', 1)],
                [t('monthReport.net'), n(f.carbon.net_kg, 'kgCO₂', 1)],
              ]}
            />
          </ReportSection>
        )}
        {(on('inspection') || on('defects')) && (
          <ReportSection title={`${t('monthReport.section.inspection')} · ${t('monthReport.section.defects')}`} testId="mr-inspection">
            <Facts
              testId="mr-inspection-facts"
              items={[
                ...(on('inspection')
                  ? ([
                      [t('monthReport.tasks'), f.inspection.total],
                      [t('monthReport.done'), f.inspection.done],
                      [t('monthReport.overdue'), f.inspection.overdue],
                      [t('monthReport.late'), f.inspection.late],
                      [t('monthReport.rate'), n(f.inspection.rate, '%', 1)],
                      [t('monthReport.findings'), f.inspection.findings],
                    ] as Item[])
                  : []),
                ...(on('defects')
                  ? ([
                      [t('monthReport.opened'), f.defects.opened],
                      [t('monthReport.closedInMonth'), f.defects.closed],
                      [t('monthReport.open'), f.defects.open],
                    ] as Item[])
                  : []),
              ]}
            />
          </ReportSection>
        )}
      </ReportRow>
      {on('events') && (
        <ReportRow spans={[8, 8, 8]} at="lg">
          <ReportSection title={t('monthReport.section.events')} testId="mr-events">
            <Facts
              testId="mr-events-facts"
              items={[
                [t('monthReport.eventsTotal'), f.events.total],
                [t('monthReport.acknowledged'), f.events.acknowledged],
                [t('monthReport.closed'), f.events.closed],
                [t('monthReport.meanAck'), n(f.events.mean_ack_minutes, t('monthReport.minutes'), 1)],
                [t('monthReport.meanClose'), n(f.events.mean_close_minutes, t('monthReport.minutes'), 1)],
              ]}
            />
          </ReportSection>
          <ReportSection title={t('monthReport.byLevel')}>
            <Facts testId="mr-events-level" items={[1, 2, 3, 4].map((lv): Item => [t(`monthReport.level.${lv}`), f.events.by_level.find((x) => x.key === lv)?.count ?? 0])} />
          </ReportSection>
          <ReportSection title={t('monthReport.byType')}>
            <Facts testId="mr-events-type" items={[1, 2, 3].map((ty): Item => [t(`monthReport.type.${ty}`), f.events.by_type.find((x) => x.key === ty)?.count ?? 0])} />
          </ReportSection>
        </ReportRow>
      )}
      {on('gateways') && (
        <ReportSection title={t('monthReport.section.gateways')} testId="mr-gateways">
          <Table
            size="small"
            rowKey="id"
            pagination={false}
            dataSource={f.gateways}
            columns={[
              { title: t('monthReport.gateway'), key: 'name', render: (_: unknown, g: MonthReportFigures['gateways'][number]) => localName(g, i18n.language) },
              { title: t('monthReport.sn'), dataIndex: 'sn' },
              { title: `${t('monthReport.availability')} (%)`, dataIndex: 'availability_pct', align: 'right', render: (v: number) => n(v, '', 2) },
              { title: t('monthReport.outages'), dataIndex: 'outages', align: 'right' },
              { title: t('monthReport.outageMinutes'), dataIndex: 'outage_minutes', align: 'right', render: (v: number) => n(v, '', 1) },
            ]}
          />
        </ReportSection>
      )}
    </>
  );
}

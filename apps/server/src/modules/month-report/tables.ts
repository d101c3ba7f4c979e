import { tariffPartText, type MonthReportFigures, type MonthReportLanguage, type MonthReportSection } from '@gridops/contract';
import { reportLabels, type ReportLabels } from './labels.js';

/** One table of a section: header and rows of text/number cells (the PDF and the workbook both draw these). */
export interface ReportTable {
  columns: string[];
  rows: (string | number)[][];
}
export interface ReportSectionTables {
  section: MonthReportSection;
  title: string;
  note?: string;
  tables: ReportTable[];
}

const dash = (v: number | null) => (v === null ? '—' : v);
const pctText = (v: number | null) => (v === null ? '—' : `${v > 0 ? '+' : ''}${v.toFixed(2)} %`);

/** "0.94（考核标准 0.90，由有功、无功电量计算）": the month's power factor with its standard and where it came from. */
function powerFactorText(e: MonthReportFigures['energy'], L: ReportLabels): string {
  if (e.power_factor === null) return '—';
  const parts = [
    ...(e.pf_standard != null ? [`${L.pfStandard} ${e.pf_standard.toFixed(2)}`] : []),
    ...(e.pf_source ? [L.pfSource[e.pf_source]] : []),
  ];
  const v = e.power_factor.toFixed(2);
  return parts.length ? `${v} (${parts.join(', ')})` : v;
}

/** The sections the settings enable, in their fixed order, as tables in one language. */
export function reportTables(f: MonthReportFigures, lang: MonthReportLanguage, sections: readonly MonthReportSection[]): ReportSectionTables[] {
  const L = reportLabels[lang];
  const kv = (rows: [string, string | number][]): ReportTable => ({ columns: [L.item, L.value], rows });
  const name = (zhName: string, enName: string) => (lang === 'en' ? enName || zhName : zhName);
  const build: Record<MonthReportSection, () => ReportSectionTables> = {
    energy: () => ({
      section: 'energy',
      title: L.sections.energy,
      ...(f.energy.tariff_configured ? {} : { note: L.noTariff }),
      tables: [
        {
          columns: [L.band, L.energyKwh, L.costYuan],
          rows: [...f.energy.bands.map((b) => [L.bands[b.band] ?? b.band, b.energy, b.cost]), [L.total, f.energy.total_kwh, f.energy.total_cost]],
        },
        kv([
          [L.energyCharge, f.energy.energy_charge],
          [L.basicCharge, f.energy.basic_charge],
          [L.pfAdjustment, f.energy.pf_adjustment],
          [L.feedIn, f.energy.feed_in_revenue],
          [L.billTotal, f.energy.bill_total],
          [L.powerFactor, powerFactorText(f.energy, L)],
          [L.pfAdjustPct, pctText(f.energy.pf_adjust_pct ?? null)],
          [L.peakDemand, dash(f.energy.peak_demand_kw)],
          ...((f.energy.tariffs ?? []).map((p) => [L.pricedBy, `${tariffPartText(p, lang, false)} · ${L.pricedDates} ${p.from} – ${p.to}`]) as [string, string][]),
          ...(f.energy.declared_demand_kw != null
            ? ([
                [L.declaredDemand, f.energy.declared_demand_kw],
                [L.demandPenalty, f.energy.demand_penalty ?? 0],
              ] as [string, number][])
            : []),
        ]),
      ],
    }),
    new_energy: () => ({
      section: 'new_energy',
      title: L.sections.new_energy,
      tables: [
        kv([
          [L.pvCapacity, f.new_energy.pv_capacity_kwp],
          [L.generation, f.new_energy.generation_kwh],
          [L.selfUse, dash(f.new_energy.self_consumption_pct)],
          [L.eqHours, f.new_energy.equivalent_hours],
          [L.storageCapacity, f.new_energy.storage_capacity_kwh],
          [L.charged, f.new_energy.charged_kwh],
          [L.discharged, f.new_energy.discharged_kwh],
          [L.efficiency, dash(f.new_energy.storage_efficiency_pct)],
          [L.cycles, f.new_energy.cycles],
        ]),
      ],
    }),
    carbon: () => ({
      section: 'carbon',
      title: L.sections.carbon,
      tables: [kv([[L.emissions, f.carbon.emissions_kg], [L.avoided, f.carbon.avoided_kg], [L.net, f.carbon.net_kg]])],
    }),
    events: () => ({
      section: 'events',
      title: L.sections.events,
      tables: [
        kv([
          [L.eventsTotal, f.events.total],
          [L.acknowledged, f.events.acknowledged],
          [L.closed, f.events.closed],
          [L.meanAck, dash(f.events.mean_ack_minutes)],
          [L.meanClose, dash(f.events.mean_close_minutes)],
        ]),
        { columns: [L.byLevel, L.count], rows: [1, 2, 3, 4].map((lv) => [L.levels[lv]!, f.events.by_level.find((x) => x.key === lv)?.count ?? 0]) },
        { columns: [L.byType, L.count], rows: [1, 2, 3].map((t) => [L.types[t]!, f.events.by_type.find((x) => x.key === t)?.count ?? 0]) },
      ],
    }),
    inspection: () => ({
      section: 'inspection',
      title: L.sections.inspection,
      tables: [
        kv([
          [L.tasks, f.inspection.total],
          [L.done, f.inspection.done],
          [L.overdue, f.inspection.overdue],
          [L.late, f.inspection.late],
          [L.rate, f.inspection.rate],
          [L.findings, f.inspection.findings],
        ]),
      ],
    }),
    defects: () => ({
      section: 'defects',
      title: L.sections.defects,
      tables: [kv([[L.opened, f.defects.opened], [L.closedInMonth, f.defects.closed], [L.open, f.defects.open]])],
    }),
    gateways: () => ({
      section: 'gateways',
      title: L.sections.gateways,
      tables: [
        {
          columns: [L.gateway, L.sn, L.availability, L.outages, L.outageMinutes],
          rows: f.gateways.length ? f.gateways.map((g) => [name(g.name, g.name_en), g.sn, g.availability_pct, g.outages, g.outage_minutes]) : [[L.none, '', '', '', '']],
        },
      ],
    }),
  };
  const order: readonly MonthReportSection[] = ['energy', 'new_energy', 'carbon', 'events', 'inspection', 'defects', 'gateways'];
  return order.filter((s) => sections.includes(s)).map((s) => build[s]());
}

import { monthReportLabels, type MonthReportLanguage } from '@gridops/contract';

/**
 * The words of the PDF and the workbook, in both languages. Those the web page shows too are the contract's
 * monthReportLabels; these are the document's own (its title, header and table frames).
 */
const zh = {
  title: '月度运行报告',
  site: '站点',
  date: '日期',
  generated: '生成时间',
  zone: '时区',
  bands: { sharp: '尖', peak: '峰', flat: '平', valley: '谷' } as Record<string, string>,
  total: '合计',
  none: '无',
  item: '项目',
  value: '数值',
};

const en: typeof zh = {
  title: 'Monthly operation report',
  site: 'Site',
  date: 'Date',
  generated: 'Generated',
  zone: 'Time zone',
  bands: { sharp: 'Sharp', peak: 'Peak', flat: 'Flat', valley: 'Valley' },
  total: 'Total',
  none: 'None',
  item: 'Item',
  value: 'Value',
};

const own: Record<MonthReportLanguage, typeof zh> = { zh, en };
const YUAN: Record<MonthReportLanguage, string> = { zh: '元', en: 'CNY' };

/** The document's words and the shared ones, each figure's name with its unit, as the PDF's tables head them. */
function labels(lang: MonthReportLanguage) {
  const s = monthReportLabels[lang];
  const unit = (name: string, u: string) => `${name} (${u})`;
  return {
    ...own[lang],
    month: s.month,
    sections: s.sections,
    band: s.band,
    energyKwh: unit(s.energy, 'kWh'),
    outageMinutes: unit(s.outageTime, s.minutes),
    costYuan: unit(s.cost, YUAN[lang]),
    totalEnergy: unit(s.totalEnergy, 'kWh'),
    totalCost: unit(s.totalCost, YUAN[lang]),
    energyCharge: unit(s.energyCharge, YUAN[lang]),
    basicCharge: unit(s.basicCharge, YUAN[lang]),
    pfAdjustment: unit(s.pfAdjustment, YUAN[lang]),
    feedIn: unit(s.feedIn, YUAN[lang]),
    billTotal: unit(s.billTotal, YUAN[lang]),
    powerFactor: s.powerFactor,
    pfAdjustPct: s.pfAdjustPct,
    pfStandard: s.pfStandard,
    pfSource: s.pfSource,
    peakDemand: unit(s.peakDemand, 'kW'),
    declaredDemand: unit(s.declaredDemand, 'kW'),
    demandPenalty: unit(s.demandPenalty, YUAN[lang]),
    dailyChart: unit(s.dailyEnergy, 'kWh'),
    noTariff: s.noTariff,
    pricedBy: s.pricedBy,
    pricedDates: s.pricedDates,
    pvCapacity: unit(s.pvCapacity, 'kWp'),
    generation: unit(s.generation, 'kWh'),
    selfUse: unit(s.selfUse, '%'),
    eqHours: unit(s.eqHours, 'h'),
    storageCapacity: unit(s.storageCapacity, 'kWh'),
    charged: unit(s.charged, 'kWh'),
    discharged: unit(s.discharged, 'kWh'),
    efficiency: unit(s.efficiency, '%'),
    cycles: s.cycles,
    emissions: unit(s.emissions, 'kgCO2'),
    avoided: unit(s.avoided, 'kgCO2'),
    net: unit(s.net, 'kgCO2'),
    eventsTotal: s.eventsTotal,
    byLevel: s.byLevel,
    byType: s.byType,
    levels: s.levels,
    types: s.types,
    count: s.count,
    acknowledged: s.acknowledged,
    closed: s.closed,
    meanAck: unit(s.meanAck, s.minutes),
    meanClose: unit(s.meanClose, s.minutes),
    tasks: s.tasks,
    done: s.done,
    overdue: s.overdue,
    late: s.late,
    rate: unit(s.rate, '%'),
    findings: s.findings,
    opened: s.opened,
    closedInMonth: s.closedInMonth,
    open: s.open,
    gateway: s.gateway,
    sn: s.sn,
    availability: unit(s.availability, '%'),
    outages: s.outages,
  };
}
export type ReportLabels = ReturnType<typeof labels>;

export const reportLabels: Record<MonthReportLanguage, ReportLabels> = { zh: labels('zh'), en: labels('en') };

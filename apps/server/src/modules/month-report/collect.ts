import { PERMISSIONS, UserType, type MonthReportFigures } from '@gridops/contract';
import { addDays, monthOf, siteDayStart } from '@gridops/format';
import type { Db } from '../../db/database.js';
import type { AuthUser } from '../../types.js';
import type { InspectionTaskService } from '../inspection/taskService.js';
import { topMost } from '../metering/tree.js';
import type { CarbonService } from '../overview/carbonService.js';
import type { OverviewService } from '../overview/service.js';
import { asStatNodes } from '../statistics/compute.js';
import { statisticsRepository } from '../statistics/repository.js';
import type { StatisticsService } from '../statistics/service.js';
import { assembleFigures } from './figures.js';
import { monthReportRepository as repo } from './repository.js';

export interface FigureServices {
  statistics: StatisticsService;
  overview: OverviewService;
  carbon: CarbonService;
  inspectionTasks: InspectionTaskService;
}

/**
 * The reader the figures are collected as: a centre user of the site's own organisation holding every
 * permission. The report service has already checked the real caller (or the job runs it); reading through the
 * other modules' services as this user keeps their numbers exactly the pages' numbers.
 */
const reportReader = (orgId: number): AuthUser => ({
  id: 0,
  orgId,
  userType: UserType.Centre,
  username: 'month-report',
  name: 'month-report',
  permissions: [...PERMISSIONS],
  canControl: false,
  sessionId: 0,
});

/** The first and last site dates of a month and its window [from, to) in the site's zone. */
export function monthWindow(month: string, zone: string) {
  const { from, to } = monthOf(`${month}-01`);
  return { first: from, last: to, from: siteDayStart(from, zone), to: siteDayStart(addDays(to, 1), zone) };
}

/** Collects a site-month's figures from the statistics, overview, carbon and inspection services and the month's counts. */
export async function collectFigures(db: Db, services: FigureServices, projectId: number, month: string, now = new Date()): Promise<MonthReportFigures> {
  const project = await repo.project(db, projectId);
  if (!project) throw new Error(`project ${projectId} not found`);
  const zone = project.timezone;
  const reader = reportReader(project.org_id);
  const w = monthWindow(month, zone);
  const expense = await services.statistics.expense(reader, { project_id: projectId, period: 'month', date: w.first });
  // The bill's demand: the same grid meters and cached hourly energy the expense report just refreshed.
  const nodes = asStatNodes(await statisticsRepository.nodes(db, projectId, 'power'));
  const gridPoints = topMost(nodes, nodes.filter((n) => n.node_type === 'grid')).flatMap((n) => (n.point_id === null ? [] : [n.point_id]));
  const demand = await statisticsRepository.monthlyDemand(db, gridPoints, w.from, w.to, zone);
  // The 15-minute maximum where quarter-hour rollups exist (an hourly mean is a lower bound of it).
  const quarter = await statisticsRepository.monthlyQuarterDemand(db, gridPoints, w.from, w.to, zone);
  const [newEnergy, storage, carbon, inspection, events, workOrders, gateways] = await Promise.all([
    services.overview.newEnergy(reader, projectId, w.last, now),
    services.overview.storage(reader, projectId, w.last, now),
    services.carbon.site(reader, projectId, Number(month.slice(0, 4)), now),
    services.inspectionTasks.summary(reader, { project_id: projectId, from: w.first, to: w.last }),
    repo.eventCounts(db, projectId, w.from, w.to),
    repo.workOrderCounts(db, projectId, w.from, w.to),
    repo.gatewayOutages(db, projectId, w.from, w.to),
  ]);
  const site = (inspection.by_project as { project_id: number; total: number; done: number; overdue: number; late: number; rate: number }[]).find((p) => p.project_id === projectId);
  return assembleFigures({
    project: { id: projectId, name: project.name, name_en: project.name_en, zone },
    month,
    expense,
    peakDemandKw: gridPoints.length && (demand.has(month) || quarter.has(month)) ? Math.max(demand.get(month) ?? 0, quarter.get(month) ?? 0) : null,
    newEnergy,
    storage,
    carbon,
    events,
    inspection: {
      total: site?.total ?? 0,
      done: site?.done ?? 0,
      overdue: site?.overdue ?? 0,
      late: site?.late ?? 0,
      rate: site?.rate ?? 0,
      findings: (inspection.findings as unknown[]).length,
    },
    workOrders,
    gateways,
    window: { from: w.from, to: w.to },
  });
}

import type {
  EnergyCategory,
  EnergyType,
  Granularity,
  MeterNodeType,
  ResolvedRange,
} from '@gridops/contract';
import type { Db } from '../../db/database.js';
import { round } from './counterEnergy.js';
import { bucketKeys, siteDayEnd, siteDayStart } from './periods.js';
import type { NodeRow } from '../metering/repository.js';
import { nodeSeries, topMost, type TreeNode } from '../metering/tree.js';
import type { StatisticsRepository } from './repository.js';

/** Shared arithmetic of the statistics services: node selection per category and energy series per node. */
export type StatNode = TreeNode & Omit<NodeRow, 'node_type'> & { node_type: MeterNodeType };

export const asStatNodes = (rows: NodeRow[]): StatNode[] =>
  rows.map((r) => ({ ...r, node_type: r.node_type as MeterNodeType }));

export const CATEGORY_ENERGY: Record<EnergyCategory, EnergyType> = {
  new_energy: 'power',
  storage_charge: 'power',
  storage_discharge: 'power',
  power_use: 'power',
  grid: 'power',
  water: 'water',
  gas: 'gas',
  heat: 'heat',
};

const CATEGORY_TYPES: Partial<Record<EnergyCategory, MeterNodeType[]>> = {
  new_energy: ['pv', 'wind'],
  storage_charge: ['storage_charge'],
  storage_discharge: ['storage_discharge'],
  power_use: ['grid', 'load', 'ev_charging'],
  grid: ['grid'],
};

/** Nodes a category's pages list: by node type in the power tree, the whole tree for water/gas/heat. */
export function categoryNodes(nodes: StatNode[], category: EnergyCategory): StatNode[] {
  const types = CATEGORY_TYPES[category];
  return types ? nodes.filter((n) => types.includes(n.node_type)) : nodes;
}

export interface Series {
  keys: string[];
  byNode: Map<number, number[]>;
  resets: Map<number, number>;
}

/** Where seriesOf reads the energy of counters (the statistics repository, or a fake in unit tests). */
export type EnergySource = Pick<StatisticsRepository, 'pointEnergy'>;

/** Energy per node per bucket over a range: one query for every counter of the given nodes. */
export async function seriesOf(
  db: Db,
  repo: EnergySource,
  nodes: StatNode[],
  range: ResolvedRange,
  granularity: Granularity,
  zone: string,
): Promise<Series> {
  const keys = bucketKeys(range, granularity, zone);
  const index = new Map(keys.map((k, i) => [k, i]));
  const ids = [...new Set(nodes.map((n) => n.point_id).filter((p): p is number => p !== null))];
  const rows = await repo.pointEnergy(db, ids, siteDayStart(range.from, zone), siteDayEnd(range.to, zone), granularity, zone);
  const points = new Map<number, number[]>();
  const resets = new Map<number, number>();
  for (const r of rows) {
    const i = index.get(r.key);
    if (i === undefined) continue;
    const s = points.get(r.point_id) ?? new Array<number>(keys.length).fill(0);
    s[i]! += r.energy;
    points.set(r.point_id, s);
    resets.set(r.point_id, (resets.get(r.point_id) ?? 0) + r.resets);
  }
  return { keys, byNode: nodeSeries(nodes, points, keys.length), resets };
}

/**
 * Series of disjoint node sets over the same range at day/month/year granularity (keys are local dates, the
 * same in every zone), e.g. the sites of a centre queried per time zone: one series.
 */
export function mergeSeries(parts: Series[], range: ResolvedRange, granularity: Exclude<Granularity, 'hour'> = 'month'): Series {
  return {
    keys: parts[0]?.keys ?? bucketKeys(range, granularity, 'UTC'),
    byNode: new Map(parts.flatMap((p) => [...p.byNode])),
    resets: new Map(parts.flatMap((p) => [...p.resets])),
  };
}

export const sumOf = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
export function addSeries(
  length: number,
  list: (number[] | undefined)[],
  sign = 1,
  into?: number[],
): number[] {
  const out = into ?? new Array<number>(length).fill(0);
  for (const s of list) s?.forEach((v, i) => (out[i]! += sign * v));
  return out;
}
export const rounded = (xs: number[]) => xs.map((v) => round(v));

/**
 * Metered nodes of the given types, top-most only: a PV grid-connection meter and the inverters under it
 * (both `pv`) measure the same energy once.
 */
const ofType = (nodes: StatNode[], types: MeterNodeType[]) =>
  topMost(
    nodes,
    nodes.filter((n) => types.includes(n.node_type) && n.point_id !== null),
  );

/**
 * Site balance per bucket from the power tree (docs/energy-model.md, "Site balance"):
 * consumption = grid import − export + generation + discharge − charge.
 */
export function balanceSeries(nodes: StatNode[], s: Series) {
  const len = s.keys.length;
  const pick = (types: MeterNodeType[]) =>
    addSeries(
      len,
      ofType(nodes, types).map((n) => s.byNode.get(n.id)),
    );
  const grid = pick(['grid']);
  const exported = pick(['grid_export']);
  const generation = pick(['pv', 'wind']);
  const charged = pick(['storage_charge']);
  const discharged = pick(['storage_discharge']);
  const ev = pick(['ev_charging']);
  const consumption = grid.map((g, i) =>
    Math.max(0, g - exported[i]! + generation[i]! + discharged[i]! - charged[i]!),
  );
  return {
    grid,
    exported,
    generation,
    charged,
    discharged,
    ev,
    consumption,
    exportMetered: ofType(nodes, ['grid_export']).length > 0,
  };
}

/** Total of a category per bucket: top-most nodes (nothing twice); power use is the site's consumption. */
export function categoryTotal(
  category: EnergyCategory,
  all: StatNode[],
  selected: StatNode[],
  s: Series,
  restricted: boolean,
): number[] {
  if (category === 'power_use' && !restricted) return balanceSeries(all, s).consumption;
  return addSeries(
    s.keys.length,
    topMost(all, selected).map((n) => s.byNode.get(n.id)),
  );
}

/** Splits a year-to-date daily series into today / month-to-date / year-to-date. */
export function triple(keys: string[], values: number[], date: string) {
  let today = 0;
  let month = 0;
  let year = 0;
  const ym = date.slice(0, 7);
  keys.forEach((k, i) => {
    const v = values[i] ?? 0;
    year += v;
    if (k.startsWith(ym)) month += v;
    if (k === date) today += v;
  });
  return { today: round(today), month: round(month), year: round(year) };
}

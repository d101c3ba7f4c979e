import { z } from 'zod';
import { ENERGY_TYPES, type EnergyType } from '../constants.js';
import { dbId, dbIdParam, int32, rowVersion, rowVersionParam } from '../ids.js';
import { METER_NODE_TYPES, type MeterNodeType } from './metering.js';

/**
 * Integrated-energy sets (/RunSetup/Ie{Elec,Water,Gas,Heat}Set and their …TypeSet pages): the use categories
 * of each energy type and which meters of the site's metering tree measure each category. The integrated-energy
 * page groups consumption by them (docs/integrated-energy-sets.md).
 */

/** A built-in use category: its stable key and both names. */
export interface IeCategoryDefault {
  key: string;
  name: string;
  name_en: string;
}

/**
 * Defaults a site starts with. Electricity: the four sub-items (分项) of the building energy sub-metering
 * guideline (《国家机关办公建筑和大型公共建筑能耗监测系统 分项能耗数据采集技术导则》): lighting & sockets, HVAC,
 * power (lifts, pumps, fans), special. Water, gas and heat have no national sub-item list; these are the uses
 * a commercial/industrial site usually meters separately. Every name is editable per site.
 */
export const IE_CATEGORY_DEFAULTS: Readonly<Record<EnergyType, readonly IeCategoryDefault[]>> = {
  power: [
    { key: 'lighting_socket', name: '照明插座用电', name_en: 'Lighting and sockets' },
    { key: 'hvac', name: '空调用电', name_en: 'HVAC' },
    { key: 'power', name: '动力用电', name_en: 'Power (lifts, pumps, fans)' },
    { key: 'special', name: '特殊用电', name_en: 'Special (IT, kitchens, processes)' },
  ],
  water: [
    { key: 'domestic', name: '生活用水', name_en: 'Domestic' },
    { key: 'hvac_makeup', name: '空调补水', name_en: 'HVAC make-up' },
    { key: 'catering', name: '餐饮用水', name_en: 'Catering' },
    { key: 'landscape', name: '绿化景观用水', name_en: 'Landscape and irrigation' },
  ],
  gas: [
    { key: 'catering', name: '餐饮炊事', name_en: 'Catering' },
    { key: 'boiler', name: '锅炉', name_en: 'Boilers' },
    { key: 'process', name: '工艺用气', name_en: 'Process' },
  ],
  heat: [
    { key: 'space_heating', name: '采暖', name_en: 'Space heating' },
    { key: 'hot_water', name: '生活热水', name_en: 'Domestic hot water' },
    { key: 'process', name: '工艺用热', name_en: 'Process heat' },
  ],
};

/** The most use categories one energy type of a site may have. */
export const IE_CATEGORY_MAX = 20;

const id = dbIdParam;
const version = rowVersion;
const energyType = z.enum(ENERGY_TYPES);

export const ieCategory = z.object({
  id: z.number().int(),
  project_id: z.number().int(),
  energy_type: energyType,
  /** Stable key: a built-in's key, or `c{id}` for one a user added. */
  key: z.string(),
  name: z.string(),
  name_en: z.string(),
  sort: z.number().int(),
  builtin: z.boolean(),
  /** Meters assigned to it. */
  meter_count: z.number().int(),
  version: z.number().int(),
});
export type IeCategory = z.infer<typeof ieCategory>;

export const ieListRequest = z.object({ project_id: id, energy_type: energyType });
export const ieCategoryList = z.object({ categories: z.array(ieCategory) });

const name = z.string().trim().min(1).max(32);
export const ieCategoryCreate = z.object({
  project_id: id,
  energy_type: energyType,
  name,
  name_en: name,
  sort: int32.min(0).max(999).default(0),
});
export const ieCategoryUpdate = z.object({ name, name_en: name, sort: int32.min(0).max(999), version });
export const ieCategoryIdParams = z.object({ id });
export const ieCategoryDelete = z.object({ version: rowVersionParam });

/** One node of the site's metering tree of that energy type, with its category. */
export const ieMeter = z.object({
  node_id: z.number().int(),
  parent_id: z.number().int().nullable(),
  depth: z.number().int(),
  node_type: z.enum(METER_NODE_TYPES),
  name: z.string(),
  name_en: z.string(),
  device_name: z.string().nullable(),
  device_name_en: z.string().nullable(),
  point_key: z.string().nullable(),
  /** A node with no child in the tree. */
  leaf: z.boolean(),
  /** Generation and grid-side nodes are not consumption: they cannot be assigned. */
  assignable: z.boolean(),
  category_id: z.number().int().nullable(),
});
export type IeMeter = z.infer<typeof ieMeter>;
export const ieMeterList = z.object({ meters: z.array(ieMeter) });

/**
 * The whole assignment of one energy type, saved at once (all or nothing). A node and a node above or below it
 * cannot both be assigned: the lower one's energy is inside the upper one's and would count twice.
 */
export const ieAssignRequest = z.object({
  project_id: id,
  energy_type: energyType,
  assignments: z.array(z.object({ node_id: dbId, category_id: dbId.nullable() })).max(2000),
});
export const ieAssignResponse = z.object({ assigned: z.number().int() });

/** The integrated-energy page's breakdown of one energy type by use category. */
export const ieCategoryBreakdown = z.object({
  category_id: z.number().int().nullable(),
  key: z.string(),
  name: z.string(),
  name_en: z.string(),
  value: z.number(),
  /** Share of the type's total consumption, %; null when the total is 0. */
  share_pct: z.number().nullable(),
  series: z.array(z.number()),
});
export type IeCategoryBreakdown = z.infer<typeof ieCategoryBreakdown>;

/**
 * Which nodes measure consumption that a use category can hold. Power: loads, EV charging and virtual sums;
 * the incomer, export, generation and storage are not uses. Water, gas and heat trees are all consumption.
 */
export function isAssignable(energyType: string, nodeType: MeterNodeType): boolean {
  if (energyType !== 'power') return true;
  return nodeType === 'load' || nodeType === 'ev_charging' || nodeType === 'virtual';
}

/** Depth of each node in its tree (roots 0) and whether it has children. */
export function treeShape(nodes: readonly { id: number; parent_id: number | null }[]) {
  const parentOf = new Map(nodes.map((n) => [n.id, n.parent_id]));
  const hasChild = new Set(nodes.flatMap((n) => (n.parent_id === null ? [] : [n.parent_id])));
  const depth = (id: number): number => {
    let d = 0;
    for (let p = parentOf.get(id) ?? null; p !== null && d < nodes.length; p = parentOf.get(p) ?? null) d++;
    return d;
  };
  return { depthOf: depth, isLeaf: (id: number) => !hasChild.has(id), parentOf };
}

/**
 * The pairs of assigned nodes where one lies below the other (its energy is inside the upper one's, so
 * assigning both would count it twice). Returns [lower, upper] pairs.
 */
export function doubleCounted(nodes: readonly { id: number; parent_id: number | null }[], assigned: ReadonlySet<number>): [number, number][] {
  const { parentOf } = treeShape(nodes);
  const out: [number, number][] = [];
  for (const id of assigned) {
    let guard = 0;
    for (let p = parentOf.get(id) ?? null; p !== null && guard++ < nodes.length; p = parentOf.get(p) ?? null) {
      if (assigned.has(p)) {
        out.push([id, p]);
        break;
      }
    }
  }
  return out;
}

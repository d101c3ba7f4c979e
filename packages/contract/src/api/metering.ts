import { z } from 'zod';
import { dbIdParam, int16, int32 } from '../ids.js';
import { ENERGY_TYPES } from '../constants.js';

/**
 * Metering model (docs/energy-model.md): one tree per site and energy type. Node types follow the
 * "source-grid-load-storage-charging" (源网荷储充) classes; `virtual` nodes carry no meter and sum their children.
 */
export const METER_NODE_TYPES = [
  'grid',
  'grid_export',
  'pv',
  'wind',
  'storage_charge',
  'storage_discharge',
  'ev_charging',
  'load',
  'virtual',
] as const;
export type MeterNodeType = (typeof METER_NODE_TYPES)[number];
/** Energy flows into the site through these (they feed their parent's bus). */
export const SOURCE_NODE_TYPES: readonly MeterNodeType[] = ['pv', 'wind', 'storage_discharge'];
/** Generation, storage, EV charging and export exist in the power tree only: other energy types reject them. */
export const POWER_ONLY_NODE_TYPES: readonly MeterNodeType[] = [
  'grid_export',
  'pv',
  'wind',
  'storage_charge',
  'storage_discharge',
  'ev_charging',
];
/** Node types a tree of this energy type accepts (in METER_NODE_TYPES order). */
export const nodeTypesForEnergy = (energyType: string): MeterNodeType[] =>
  METER_NODE_TYPES.filter((t) => energyType === 'power' || !POWER_ONLY_NODE_TYPES.includes(t));

/**
 * Time-of-use bands (stored keys): 尖 critical peak, 峰 peak, 平 flat, 谷 off-peak. The keys stay as stored
 * (`sharp` is the database's name for 尖); what people read is {@link TOU_BAND_LABELS}.
 */
export const TOU_BANDS = ['sharp', 'peak', 'flat', 'valley'] as const;
export type TouBand = (typeof TOU_BANDS)[number];

/**
 * The one source of the band names shown to people (web charts, tables, exports, server texts). English
 * follows the grid operators' usage: 尖 is "Critical peak" (never "Sharp"), 谷 "Off-peak". Should a 深谷 band
 * be added, it reads "Deep off-peak".
 */
export const TOU_BAND_LABELS: Readonly<Record<TouBand, { zh: string; en: string }>> = {
  sharp: { zh: '尖', en: 'Critical peak' },
  peak: { zh: '峰', en: 'Peak' },
  flat: { zh: '平', en: 'Flat' },
  valley: { zh: '谷', en: 'Off-peak' },
};

/** A band's name in a language ('zh' unless it starts with 'en'). */
export const touBandLabel = (band: TouBand, lang: string): string =>
  TOU_BAND_LABELS[band][lang.toLowerCase().startsWith('en') ? 'en' : 'zh'];

const id = dbIdParam;
const name = z.string().trim().min(1).max(64);

export const meterNode = z.object({
  id: z.number().int(),
  project_id: z.number().int(),
  energy_type: z.enum(ENERGY_TYPES),
  parent_id: z.number().int().nullable(),
  node_type: z.enum(METER_NODE_TYPES),
  name: z.string(),
  name_en: z.string(),
  /** Counter point the node's energy comes from (EP, EPchg, EPdis, EW, EG, EH); null for a virtual node. */
  point_id: z.number().int().nullable(),
  /** Power point for live kW on the flow diagram (P, flow, power); null when the node has none. */
  power_point_id: z.number().int().nullable(),
  sort: z.number().int(),
  layout_x: z.number().nullable(),
  layout_y: z.number().nullable(),
  /** Device and point of the bound counter, for display. */
  device_id: z.number().int().nullable(),
  device_name: z.string().nullable(),
  device_name_en: z.string().nullable(),
  point_key: z.string().nullable(),
  unit: z.string(),
});
export type MeterNode = z.infer<typeof meterNode>;

export interface MeterTreeNode extends MeterNode {
  children: MeterTreeNode[];
}
export const meterTreeNode: z.ZodType<MeterTreeNode> = z.lazy(() =>
  meterNode.extend({ children: z.array(meterTreeNode) }),
);

export const meterTreeRequest = z.object({
  project_id: id,
  energy_type: z.enum(ENERGY_TYPES).default('power'),
});
export const meterTreeResponse = z.object({
  project_id: z.number().int(),
  energy_type: z.enum(ENERGY_TYPES),
  /** Flat list (for tables and editors) and the same nodes nested (for tree views). */
  nodes: z.array(meterNode),
  tree: z.array(meterTreeNode),
});

export const meterNodeCreate = z.object({
  project_id: id,
  energy_type: z.enum(ENERGY_TYPES).default('power'),
  parent_id: id.nullable().default(null),
  node_type: z.enum(METER_NODE_TYPES),
  name,
  name_en: z.string().trim().max(64).default(''),
  point_id: id.nullable().default(null),
  power_point_id: id.nullable().default(null),
  sort: int32.min(0).max(10_000).default(0),
});
export type MeterNodeCreate = z.infer<typeof meterNodeCreate>;

/** Every field optional; the project and energy type of a node never change (delete and re-create instead). */
export const meterNodeUpdate = z.object({
  parent_id: id.nullable().optional(),
  node_type: z.enum(METER_NODE_TYPES).optional(),
  name: name.optional(),
  name_en: z.string().trim().max(64).optional(),
  point_id: id.nullable().optional(),
  power_point_id: id.nullable().optional(),
  sort: int32.min(0).max(10_000).optional(),
});
export type MeterNodeUpdate = z.infer<typeof meterNodeUpdate>;

export const nodeIdParams = z.object({ id });

export const flowLayoutRequest = z.object({
  project_id: id,
  positions: z
    .array(
      z.object({
        node_id: id,
        x: z.number().finite().min(-100_000).max(100_000),
        y: z.number().finite().min(-100_000).max(100_000),
      }),
    )
    .min(1)
    .max(500),
});

/** Points of the site that a node can be bound to, with the node that already uses each (per energy tree). */
export const meterPointsRequest = z.object({ project_id: id });
export const meterPoint = z.object({
  point_id: z.number().int(),
  device_id: z.number().int(),
  device_name: z.string(),
  device_name_en: z.string(),
  device_kind: z.string(),
  key: z.string(),
  name: z.string(),
  name_en: z.string(),
  unit: z.string(),
  kind: z.enum(['counter', 'analog']),
  energy_type: z.enum(ENERGY_TYPES),
  /** Node that binds this point (as counter or power point) in its energy tree, if any. */
  bound_node_id: z.number().int().nullable(),
});
export type MeterPoint = z.infer<typeof meterPoint>;

export const energyLoop = z.object({
  id: z.number().int(),
  project_id: z.number().int(),
  name: z.string(),
  name_en: z.string(),
  node_ids: z.array(z.number().int()),
});
export type EnergyLoop = z.infer<typeof energyLoop>;
export const energyLoopsRequest = z.object({ project_id: id });
export const energyLoopCreate = z.object({
  project_id: id,
  name,
  name_en: z.string().trim().max(64).default(''),
  node_ids: z.array(id).max(200).default([]),
});
export const energyLoopUpdate = z.object({
  name: name.optional(),
  name_en: z.string().trim().max(64).optional(),
  node_ids: z.array(id).max(200).optional(),
});

/** A period of a band on the site's local clock, "HH:mm"; an end at or before the start crosses midnight. */
const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$|^24:00$/, 'HH:mm');
export const tariffPeriod = z.object({ band: z.enum(TOU_BANDS), start: hhmm, end: hhmm });
export const tariffMonth = z.object({
  month: int16.min(1).max(12),
  periods: z.array(tariffPeriod).min(1).max(24),
  /** yuan/kWh per band; only the bands used in `periods` are required. */
  prices: z.object({
    sharp: z.number().min(0).max(20).optional(),
    peak: z.number().min(0).max(20).optional(),
    flat: z.number().min(0).max(20).optional(),
    valley: z.number().min(0).max(20).optional(),
  }),
});
export type TariffMonth = z.infer<typeof tariffMonth>;
export const tariffRequest = z.object({ project_id: id });
export const tariff = z.object({
  project_id: z.number().int(),
  currency: z.literal('CNY'),
  /** All twelve months when configured, empty when the site has no tariff. */
  months: z.array(tariffMonth),
});
export type Tariff = z.infer<typeof tariff>;
export const tariffUpdate = z.object({ project_id: id, months: z.array(tariffMonth).length(12) });

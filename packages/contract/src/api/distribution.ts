import { z } from 'zod';
import { dbId, dbIdList, dbIdParam, int32, rowVersion } from '../ids.js';

/**
 * Smart distribution (/ElectricalRoom): overview, real-time tree and the single-line diagram. History,
 * statistics and special analysis are in distributionHistory.ts; control, security and robot in
 * distributionControl.ts. Times are ISO 8601 strings (UTC) unless a field says ms.
 */

export const projectQuery = z.object({ project_id: dbIdParam });

/** fresh: younger than 3 × the gateway's interval; stale: older; offline: gateway offline or never reported. */
export const QUALITIES = ['fresh', 'stale', 'offline'] as const;
export const quality = z.enum(QUALITIES);
export type Quality = z.infer<typeof quality>;

const at = z.object({ value: z.number(), at: z.string() });

export const overviewTransformer = z.object({
  device_id: z.number().int(),
  room_id: z.number().int().nullable(),
  name: z.string(),
  rated_kva: z.number().nullable(),
  /** % of rated apparent power, latest sample. */
  load_rate: z.number().nullable(),
  p_kw: z.number().nullable(),
  pf: z.number().nullable(),
  ts: z.string().nullable(),
  quality,
  /** From the EP counter's daily rollups (the site's local day/month, projects.timezone). */
  energy_today_kwh: z.number().nullable(),
  energy_month_kwh: z.number().nullable(),
  /** Highest 15-minute average active power (kW) and the start of that window. */
  max_demand_today: at.nullable(),
  max_demand_month: at.nullable(),
});

export const overviewRoom = z.object({
  id: z.number().int(),
  name: z.string(),
  kind: z.string(),
  device_count: z.number().int(),
  /** Latest values of the room's environment sensor, null when the room has none. */
  environment: z
    .object({
      device_id: z.number().int(),
      temp: z.number().nullable(),
      humidity: z.number().nullable(),
      water: z.number().nullable(),
      smoke: z.number().nullable(),
      door: z.number().nullable(),
      ts: z.string().nullable(),
      quality,
    })
    .nullable(),
});

export const overviewGateway = z.object({
  id: z.number().int(),
  sn: z.string(),
  name: z.string(),
  online: z.boolean(),
  last_seen_at: z.string().nullable(),
  heartbeat_s: z.number().int(),
});

export const distributionOverview = z.object({
  project_id: z.number().int(),
  generated_at: z.string(),
  rooms: z.array(overviewRoom),
  transformers: z.array(overviewTransformer),
  alarms: z.object({
    /** Events whose condition is present now. */
    active: z.number().int(),
    /** Events not yet acknowledged. */
    pending: z.number().int(),
    /** Active events per level 1..4. */
    by_level: z.object({ 1: z.number().int(), 2: z.number().int(), 3: z.number().int(), 4: z.number().int() }),
  }),
  gateways: z.array(overviewGateway),
});
export type DistributionOverview = z.infer<typeof distributionOverview>;

export const realtimeQuery = projectQuery.extend({
  room_id: dbIdParam.optional(),
  /** Comma-separated device ids; default every device of the project (or room). */
  device_ids: dbIdList
    .optional(),
});

export const realtimePoint = z.object({
  id: z.number().int(),
  key: z.string(),
  name: z.string(),
  unit: z.string(),
  kind: z.enum(['analog', 'counter', 'digital']),
  precision: z.number().int(),
  value: z.number().nullable(),
  ts: z.string().nullable(),
  quality,
});
export const realtimeDevice = z.object({
  id: z.number().int(),
  parent_id: z.number().int().nullable(),
  sn: z.string(),
  kind: z.string(),
  name: z.string(),
  gateway_online: z.boolean(),
  points: z.array(realtimePoint),
});
export const realtimeRoom = z.object({ id: z.number().int(), name: z.string(), kind: z.string(), devices: z.array(realtimeDevice) });
export const realtimeResponse = z.object({
  project_id: z.number().int(),
  /** Server time of the answer; compare `ts` with it, not with the browser clock. */
  now: z.string(),
  /** Devices without a room are listed under a room with id 0. */
  rooms: z.array(realtimeRoom),
});
export type RealtimeResponse = z.infer<typeof realtimeResponse>;

// ---- Single-line diagram ---------------------------------------------------------------------------------

const id = z.string().regex(/^[A-Za-z0-9_.-]{1,40}$/, 'letters, digits, _ . - (1–40)');
const coord = z.number().finite().min(0).max(10_000);
const base = { id, x: coord, y: coord, label: z.string().max(60).default(''), label_en: z.string().max(60).default('') };
const bound = { ...base, device_id: dbId.nullable().default(null) };

/**
 * Symbol kinds of the single-line diagram (IEC 60617-style drawings, docs/pages/single-line-editor.md).
 * `source` is the incomer (grid supply). Switching devices (`breaker`, `switch` = load switch, `disconnector`)
 * show the bound device's `breaker` point (1 closed, 0 open); the others show P, I and U of the bound device.
 */
export const SLD_BOUND_KINDS = ['source', 'breaker', 'switch', 'disconnector', 'transformer', 'ct', 'pt', 'feeder', 'meter', 'pv', 'storage', 'charger', 'generator'] as const;
export type SldBoundKind = (typeof SLD_BOUND_KINDS)[number];
export const SLD_KINDS = ['busbar', ...SLD_BOUND_KINDS, 'label'] as const;
export type SldKind = (typeof SLD_KINDS)[number];

/**
 * Diagram elements. Coordinates are in the document's own units (0..width, 0..height); the page scales the
 * SVG. `(x, y)` is the symbol's centre (a busbar's: its left or top end). `device_id` binds live values:
 * switching devices show the device's `breaker` point (1 closed, 0 open); the others show P, current and
 * voltage; transformers also load rate.
 */
export const sldElement = z.discriminatedUnion('type', [
  z.object({ ...base, type: z.literal('busbar'), length: z.number().positive().max(10_000), orientation: z.enum(['h', 'v']).default('h'), voltage_kv: z.number().positive().max(1000) }),
  z.object({ ...bound, type: z.literal('source') }),
  z.object({ ...bound, type: z.literal('breaker') }),
  z.object({ ...bound, type: z.literal('switch') }),
  z.object({ ...bound, type: z.literal('disconnector') }),
  z.object({ ...bound, type: z.literal('transformer'), ratio: z.string().max(30).default('10/0.4 kV') }),
  z.object({ ...bound, type: z.literal('ct'), ratio: z.string().max(30).default('') }),
  z.object({ ...bound, type: z.literal('pt'), ratio: z.string().max(30).default('') }),
  z.object({ ...bound, type: z.literal('feeder') }),
  z.object({ ...bound, type: z.literal('meter') }),
  z.object({ ...bound, type: z.literal('pv') }),
  z.object({ ...bound, type: z.literal('storage') }),
  z.object({ ...bound, type: z.literal('charger') }),
  z.object({ ...bound, type: z.literal('generator') }),
  z.object({ ...base, type: z.literal('label') }),
]);
export type SldElement = z.infer<typeof sldElement>;

/** A wire between two elements; `points` (optional) are the bends in between, drawn as a polyline. */
export const sldWire = z.object({ from: id, to: id, points: z.array(z.tuple([coord, coord])).max(20).default([]) });

export const sldDocument = z.object({
  version: z.literal(1).default(1),
  width: z.number().positive().max(10_000),
  height: z.number().positive().max(10_000),
  elements: z.array(sldElement).max(500),
  wires: z.array(sldWire).max(1000),
});
export type SldDocument = z.infer<typeof sldDocument>;

export const sldLiveState = z.object({
  element_id: z.string(),
  device_id: z.number().int(),
  /** true closed, false open, null when the device has no breaker point or no value yet. */
  breaker_closed: z.boolean().nullable(),
  p_kw: z.number().nullable(),
  /** Largest of the three phase currents (A). */
  i_a: z.number().nullable(),
  /** Voltage (V): the average of the phase voltages Ua/Ub/Uc present, else the point `U`. */
  u_v: z.number().nullable(),
  load_rate: z.number().nullable(),
  ts: z.string().nullable(),
  quality,
});

export const roomParams = z.object({ room_id: dbIdParam });
export const diagramParams = z.object({ diagram_id: dbIdParam });
/** Which of the room's diagrams; absent: its first one (by sort, then id). */
export const diagramQuery = z.object({ diagram_id: dbIdParam.optional() });
export const diagramResponse = z.object({
  room_id: z.number().int(),
  project_id: z.number().int(),
  room_name: z.string(),
  /** null while nothing is stored for the room (the generated diagram). */
  diagram_id: z.number().int().nullable(),
  /** The diagram's name in the request's language. */
  name: z.string(),
  /** false: nothing stored yet, this is generated from the room's devices (saved on the first PUT). */
  stored: z.boolean(),
  /** Increments on every save or rename; send it back with PUT to detect concurrent edits. */
  version: z.number().int(),
  updated_at: z.string().nullable(),
  doc: sldDocument,
  states: z.array(sldLiveState),
});
export const diagramSaveRequest = z.object({
  doc: sldDocument,
  version: int32.min(0),
  /** The diagram to save; absent: the room's first one (version 0 creates it). */
  diagram_id: dbId.optional(),
});
export const diagramSaveResponse = z.object({ room_id: z.number().int(), diagram_id: z.number().int(), version: z.number().int(), updated_at: z.string() });

const diagramName = { name: z.string().trim().min(1).max(60), name_en: z.string().trim().max(60).default('') };
export const diagramSummary = z.object({
  id: z.number().int(),
  room_id: z.number().int(),
  name: z.string(),
  name_en: z.string(),
  version: z.number().int(),
  updated_at: z.string(),
  elements: z.number().int(),
});
export type DiagramSummary = z.infer<typeof diagramSummary>;
export const diagramListResponse = z.object({ room_id: z.number().int(), list: z.array(diagramSummary) });
/** A new diagram: empty, or a copy of the room's generated one (`from_devices`). */
export const diagramCreateRequest = z.object({ ...diagramName, from_devices: z.boolean().default(false) });
export const diagramRenameRequest = z.object({ ...diagramName, version: rowVersion });
/** DELETE carries the version read in the query (no body). */
export const diagramDeleteQuery = z.object({ version: dbIdParam });
export const diagramDone = z.object({ id: z.number().int() });

/** POST /distribution/diagram/draft: which room to draw (docs/diagram-draft.md). Nothing is stored. */
export const diagramDraftRequest = z.object({ project_id: dbId, room_id: dbId });
export const diagramDraftResponse = z.object({
  project_id: z.number().int(),
  room_id: z.number().int(),
  /** The draft, ready for the editor; saved only through PUT /room/:room_id/diagram. */
  doc: sldDocument,
  /** Devices of the room drawn (each bound to at least one symbol). */
  drawn: z.array(z.number().int()),
  /** Devices of the room without a single-line symbol (sensors, cameras, …): listed, not drawn. */
  skipped: z.array(z.object({ id: z.number().int(), kind: z.string(), name: z.string(), name_en: z.string() })),
});
export type DiagramDraftResponse = z.infer<typeof diagramDraftResponse>;

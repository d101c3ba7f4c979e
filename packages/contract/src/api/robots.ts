import { z } from 'zod';
import type { PointDef } from '../devices.js';
import { dbId, dbIdParam, int32, rowVersion, rowVersionParam } from '../ids.js';

/**
 * The inspection robot (/RunSetup/RobotSet, /ElectricalRoom/RobMonitor; docs/robot.md): a robot per room with
 * the room's plan (width × depth in metres, cabinets as rectangles, the charging dock), its route (ordered stops)
 * and what it reads at each stop. Every reading is a point of the robot's device and its limits are alarm rules
 * of that point (the device's own rules): RobotSet is their one source of truth.
 */

/** What a robot reads at a stop: an infrared temperature of a target, a meter's value, a switch's position. */
export const ROBOT_READING_KINDS = ['ir_temp', 'meter', 'switch'] as const;
export type RobotReadingKind = (typeof ROBOT_READING_KINDS)[number];

/** The robot's own state, published by its gateway like any device's points. */
export const ROBOT_POINTS: PointDef[] = [
  { key: 'x', name: '位置X', name_en: 'Position X', unit: 'm', kind: 'analog', precision: 2 },
  { key: 'y', name: '位置Y', name_en: 'Position Y', unit: 'm', kind: 'analog', precision: 2 },
  { key: 'heading', name: '航向', name_en: 'Heading', unit: '°', kind: 'analog', precision: 0 },
  { key: 'battery', name: '电量', name_en: 'Battery', unit: '%', kind: 'analog', precision: 0 },
  { key: 'charging', name: '充电中', name_en: 'Charging', unit: '', kind: 'digital', precision: 0 },
  { key: 'task_state', name: '任务状态', name_en: 'Task state', unit: '', kind: 'analog', precision: 0 },
  { key: 'stop', name: '当前巡检点', name_en: 'Current stop', unit: '', kind: 'analog', precision: 0 },
  { key: 'progress', name: '任务进度', name_en: 'Task progress', unit: '%', kind: 'analog', precision: 0 },
];
export const ROBOT_POINT_KEYS: readonly string[] = ROBOT_POINTS.map((p) => p.key);

/** task_state values: docked (charging or waiting), driving to a stop, reading at a stop, driving back, fault. */
export const ROBOT_TASK_STATES = ['docked', 'moving', 'reading', 'returning', 'fault'] as const;
export type RobotTaskState = (typeof ROBOT_TASK_STATES)[number];

const name = z.string().trim().min(1).max(64);
const metres = z.number().finite().min(0).max(500);
/** A reading's point key: lower-case, not one of the robot's own points. */
export const ROBOT_READING_KEY = /^[a-z][a-z0-9_]{0,31}$/;

export const robotCabinet = z.object({
  name,
  name_en: name,
  x: metres,
  y: metres,
  w: z.number().finite().min(0.1).max(100),
  d: z.number().finite().min(0.1).max(100),
});
export type RobotCabinet = z.infer<typeof robotCabinet>;

export const robotPlan = z.object({
  width_m: z.number().finite().min(2).max(500),
  depth_m: z.number().finite().min(2).max(500),
  dock: z.object({ x: metres, y: metres }),
  cabinets: z.array(robotCabinet).max(100),
});
export type RobotPlan = z.infer<typeof robotPlan>;

export const robotReadingDef = z.object({
  key: z.string().regex(ROBOT_READING_KEY, 'a-z, 0-9, _'),
  kind: z.enum(ROBOT_READING_KINDS),
  name,
  name_en: name,
  /** The device read: a transformer's or cabinet's surface (ir_temp), a meter (meter), a breaker (switch). */
  target_device_id: dbId,
  /** meter: the target's point shown by the meter (e.g. Ua); ir_temp and switch need none. */
  target_key: z.string().max(32).default(''),
  unit: z.string().max(16).default(''),
  /** Limits (null = none); a switch has `expected` (1 = closed) instead. */
  low: z.number().finite().nullable().default(null),
  high: z.number().finite().nullable().default(null),
  expected: z.union([z.literal(0), z.literal(1)]).nullable().default(null),
});
export type RobotReadingDef = z.infer<typeof robotReadingDef>;

export const robotStop = z.object({
  name,
  name_en: name,
  x: metres,
  y: metres,
  /** Seconds the robot stays to read. */
  dwell_s: int32.min(5).max(600).default(20),
  readings: z.array(robotReadingDef).max(10),
});
export type RobotStop = z.infer<typeof robotStop>;

const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'HH:mm');

export const robotFields = z.object({
  name,
  name_en: name,
  room_id: dbId,
  /** The robot's device serial, as its gateway reports it. */
  serial: z.string().trim().min(1).max(64),
  gateway_id: dbId,
  /** The robot's camera (video_cameras.id), null = none. */
  camera_id: dbId.nullable().default(null),
  speed_mps: z.number().finite().min(0.1).max(1.5).default(0.4),
  plan: robotPlan,
  stops: z.array(robotStop).min(1).max(40),
  /** Times of day (site clock) a round starts. */
  schedule: z.array(hhmm).max(24).default([]),
});
export type RobotFields = z.infer<typeof robotFields>;

export const robotConfig = robotFields.extend({
  id: z.number().int(),
  project_id: z.number().int(),
  device_id: z.number().int().nullable(),
  version: z.number().int(),
});
export type RobotConfig = z.infer<typeof robotConfig>;

export const robotCreate = robotFields.extend({ project_id: dbId });
export const robotUpdate = robotFields.extend({ version: rowVersion });
export const robotIdParams = z.object({ id: dbIdParam });
export const robotDeleteQuery = z.object({ version: rowVersionParam });

const option = z.object({ id: z.number().int(), name: z.string(), name_en: z.string() });
export const robotConfigList = z.object({
  items: z.array(robotConfig),
  rooms: z.array(option),
  gateways: z.array(option.extend({ room_id: z.number().int().nullable() })),
  cameras: z.array(option.extend({ room_id: z.number().int().nullable() })),
  /** The devices a reading may target: the site's devices with their kind and room. */
  devices: z.array(option.extend({ kind: z.string(), room_id: z.number().int().nullable() })),
});
export type RobotConfigList = z.infer<typeof robotConfigList>;

/** A reading with its latest value and whether it is within its limits (null: never read). */
export const robotLiveReading = robotReadingDef.extend({
  value: z.number().nullable(),
  at: z.string().nullable(),
  ok: z.boolean().nullable(),
});
export const robotLive = z.object({
  id: z.number().int(),
  name: z.string(),
  room_id: z.number().int(),
  room_name: z.string(),
  camera_id: z.number().int().nullable(),
  speed_mps: z.number(),
  plan: robotPlan,
  stops: z.array(robotStop.extend({ readings: z.array(robotLiveReading) })),
  schedule: z.array(z.string()),
  /** The robot's own points (x, y, heading, battery, charging, task_state, stop, progress); null: not reported. */
  state: z.object({
    x: z.number().nullable(),
    y: z.number().nullable(),
    heading: z.number().nullable(),
    battery: z.number().nullable(),
    charging: z.boolean().nullable(),
    task_state: z.enum(ROBOT_TASK_STATES).nullable(),
    stop: z.number().int().nullable(),
    progress: z.number().nullable(),
    at: z.string().nullable(),
    online: z.boolean(),
  }),
});
export type RobotLive = z.infer<typeof robotLive>;
export const robotLiveList = z.array(robotLive);

/**
 * `…/robot_round` (gateway → server, QoS 1): a robot's round, reported once when it is back at its dock (or gave
 * up on low battery). The server stores it in the round history once per robot and start time; the readings were
 * already points of the robot's telemetry, so their limits were judged there (docs/robot.md "Rounds").
 */
export const robotRoundPayload = z.object({
  device_sn: z.string().min(1).max(64),
  /** Epoch ms. */
  started_at: z.number().int().positive(),
  finished_at: z.number().int().positive(),
  /** completed: every stop read; aborted: back early (low battery, stopped by an operator). */
  status: z.enum(['completed', 'aborted']),
  /** Why the round was run: its schedule, or an operator's "start a round now". */
  trigger: z.enum(['schedule', 'manual']).default('schedule'),
  readings: z.array(z.object({ stop: z.number().int().min(1), key: z.string().min(1).max(64), value: z.number() })).max(500),
});
export type RobotRoundPayload = z.infer<typeof robotRoundPayload>;

/** `robot_start_round` (server → gateway command): start a round now, whatever the schedule says. */
export const robotStartRoundParams = z.object({ device_sn: z.string() });
export type RobotStartRoundParams = z.infer<typeof robotStartRoundParams>;

/** POST /api/v6/robot/configs/:id/startRound: the command went to the robot's gateway. */
export const robotStartRoundResult = z.object({ id: z.number().int(), command_id: z.string() });

import { z } from 'zod';
import { dbId, dbIdParam, int32Param } from '../ids.js';
import { equipmentSchedule } from './building.js';

/** Remote control (/DevControl, /CtrlLogs), security captures (/SecMonitor) and the robot (/RobMonitor). */

/**
 * open/close: breakers (`breaker` command); on/off/setpoint: auxiliary devices of a room (`aux` command,
 * docs/gateway-protocol.md). A setpoint selection carries the new value.
 */
/** `schedule`: a building unit's operating hours (docs/smart-building.md), through select-before-operate too. */
export const CONTROL_ACTIONS = ['open', 'close', 'on', 'off', 'setpoint', 'schedule'] as const;
export type ControlAction = (typeof CONTROL_ACTIONS)[number];

export const controlTargetsQuery = z.object({ project_id: dbIdParam });
export const controlTarget = z.object({
  device_id: z.number().int(),
  room_id: z.number().int().nullable(),
  name: z.string(),
  kind: z.string(),
  breaker_closed: z.boolean().nullable(),
  ts: z.string().nullable(),
  gateway_online: z.boolean(),
  /** False until remote control is opened for the breaker on /RunSetup/RemoteCtrlSet (new breakers start closed to it). */
  controllable: z.boolean(),
  actions: z.array(z.enum(CONTROL_ACTIONS)),
});
export const controlTargetsResponse = z.array(controlTarget);

export const controlSelectRequest = z.object({
  device_id: dbId,
  action: z.enum(CONTROL_ACTIONS),
  /** For `setpoint`: the new value of the device kind's set-point (AUX_SETPOINTS), within the device's limits. */
  value: z.number().finite().optional(),
  /** For `schedule`: the building unit's new operating hours (site clock). */
  schedule: equipmentSchedule.optional(),
});
export const controlSelectResponse = z.object({
  selection_id: z.string(),
  device_id: z.number().int(),
  device_name: z.string(),
  action: z.enum(CONTROL_ACTIONS),
  /** Execute before this instant, or select again. */
  expires_at: z.string(),
  breaker_closed: z.boolean().nullable(),
  /** Two-person rule (docs/control-config.md): a second authorised user must approve before execute. */
  needs_approval: z.boolean().optional(),
  /** For `setpoint`: the set-point and the value that will be sent. */
  setpoint: z.object({ key: z.string(), value: z.number() }).nullable().optional(),
});

/** An auxiliary device of a site (/ElectricalRoom/AuxControl) with its latest state and set-point limits. */
export const auxTarget = z.object({
  device_id: z.number().int(),
  room_id: z.number().int().nullable(),
  room_name: z.string(),
  name: z.string(),
  kind: z.string(),
  running: z.boolean().nullable(),
  power_kw: z.number().nullable(),
  setpoint: z
    .object({ key: z.string(), name: z.string(), unit: z.string(), value: z.number().nullable(), min: z.number(), max: z.number(), step: z.number() })
    .nullable(),
  ts: z.string().nullable(),
  gateway_online: z.boolean(),
  actions: z.array(z.enum(CONTROL_ACTIONS)),
});
export const auxTargetsResponse = z.array(auxTarget);

export const controlExecuteRequest = z.object({ selection_id: z.string().min(1).max(100), password: z.string().min(1).max(200) });
export const CONTROL_RESULTS = ['succeeded', 'refused', 'timed_out', 'failed'] as const;
export const controlExecuteResponse = z.object({
  selection_id: z.string(),
  command_id: z.string(),
  /** succeeded: the gateway executed it; refused: it answered ok=false (see error); timed_out: no answer in time;
   * failed: the server could not hand the command to the broker. */
  status: z.enum(CONTROL_RESULTS),
  error: z.string().nullable(),
  elapsed_ms: z.number(),
});
export const controlCancelRequest = z.object({ selection_id: z.string().min(1).max(100) });
export const controlCancelResponse = z.object({ cancelled: z.boolean() });

export const controlLogQuery = z.object({
  project_id: dbIdParam.optional(),
  device_id: dbIdParam.optional(),
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
  page: int32Param.min(1).default(1),
  size: int32Param.min(1).max(500).default(20),
});
export const controlLogItem = z.object({
  id: z.number().int(),
  at: z.string(),
  project_id: z.number().int(),
  project_name: z.string(),
  device_id: z.number().int().nullable(),
  device_name: z.string(),
  user_name: z.string().nullable(),
  /** select | execute | result | cancel | late_result */
  step: z.string(),
  action: z.string(),
  /** selected, refused_*, sent, bad_password, succeeded, refused, timed_out, cancelled, … */
  outcome: z.string(),
  detail: z.string(),
  selection_id: z.string().nullable(),
  /** Written by the automation of auxiliary devices (operator 自动控制 / Automation), with the rule's name. */
  automation: z.boolean().optional(),
  automation_rule: z.string().nullable().optional(),
});
export const controlLogResponse = z.object({ total: z.number().int(), list: z.array(controlLogItem) });

export const captureListQuery = z.object({
  project_id: dbIdParam,
  device_id: dbIdParam.optional(),
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
  page: int32Param.min(1).default(1),
  /** Images are data URLs of a few kB each; pages stay small. */
  size: int32Param.min(1).max(50).default(12),
});
export const captureItem = z.object({
  id: z.number().int(),
  device_id: z.number().int().nullable(),
  device_sn: z.string(),
  device_name: z.string(),
  ts: z.string(),
  img: z.string(),
  msg: z.string(),
});
export const captureListResponse = z.object({ total: z.number().int(), list: z.array(captureItem) });
export const cameraItem = z.object({
  device_id: z.number().int(),
  room_id: z.number().int().nullable(),
  name: z.string(),
  online: z.boolean(),
  last_capture: captureItem.nullable(),
});
export const cameraListResponse = z.array(cameraItem);

export const robotReading = z.object({
  item: z.string(),
  item_en: z.string(),
  value: z.number(),
  unit: z.string(),
  limit: z.number().nullable(),
  ok: z.boolean(),
});
export const robotItem = z.object({
  id: z.number().int(),
  room_id: z.number().int().nullable(),
  name: z.string(),
  status: z.string(),
  battery: z.number(),
  route: z.array(z.object({ name: z.string(), name_en: z.string(), x: z.number(), y: z.number() })),
  position: z.number().int(),
  task_progress: z.number(),
  updated_at: z.string(),
});
export const robotListResponse = z.array(robotItem);
export const robotInspectionQuery = z.object({
  project_id: dbIdParam,
  robot_id: dbIdParam.optional(),
  anomalies_only: z.enum(['true', 'false']).transform((v) => v === 'true').optional(),
  page: int32Param.min(1).default(1),
  size: int32Param.min(1).max(100).default(20),
});
export const robotInspection = z.object({
  id: z.number().int(),
  robot_id: z.number().int(),
  robot_name: z.string(),
  started_at: z.string(),
  finished_at: z.string().nullable(),
  status: z.string(),
  /** What started the round: its schedule or an operator's "start a round now". */
  trigger: z.enum(['schedule', 'manual']),
  anomalies: z.number().int(),
  readings: z.array(robotReading),
  photo: z.string().nullable(),
});
export const robotInspectionResponse = z.object({ total: z.number().int(), list: z.array(robotInspection) });

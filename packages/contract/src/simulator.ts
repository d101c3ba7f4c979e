import { z } from 'zod';
import { essStrategy } from './api/energyAssets.js';
import { DEVICE_KINDS } from './devices.js';

/**
 * What the simulator needs to impersonate the field gateways of a site: written by the server from the
 * database (DATA_DIR/simulator/manifest.json) or generated synthetically for load tests.
 */
export const simulatorDevice = z.object({
  sn: z.string(),
  kind: z.enum(DEVICE_KINDS),
  name: z.string(),
  /** English name ('' = none): the English text of the gateway's camera captures names the device with it. */
  name_en: z.string().default(''),
  /** Ratings the value models scale by: rated_kw, rated_kva, capacity_kwh, rated_a, ... */
  props: z.record(z.string(), z.number()).default({}),
  /** The device it hangs off electrically (transformer → feeder → charger): the simulator derives parent meters from their children. */
  parent_sn: z.string().optional(),
  /** The room it stands in (rooms.id): auxiliary devices (fans, AC, dehumidifiers) condition their own room. */
  room: z.number().int().optional(),
  /** A PCS's configured storage strategy (EssSet) when it starts; later changes come as `ess_strategy` commands. */
  ess_strategy: essStrategy.optional(),
});
export type SimulatorDevice = z.infer<typeof simulatorDevice>;

/** A stop reading as the simulated robot takes it: from its target device's simulated state (docs/robot.md). */
export const simulatorRobotReading = z.object({
  key: z.string(),
  kind: z.enum(['ir_temp', 'meter', 'switch']),
  target_sn: z.string(),
  target_key: z.string().default(''),
});

/** An inspection robot behind the gateway: its plan's dock, its route and speed (m/s). */
export const simulatorRobot = z.object({
  sn: z.string(),
  speed_mps: z.number().positive(),
  dock: z.object({ x: z.number(), y: z.number() }),
  stops: z.array(z.object({ x: z.number(), y: z.number(), dwell_s: z.number(), readings: z.array(simulatorRobotReading) })),
  /** Round start times (HH:MM, site clock); the robot waits at its dock between them (docs/robot.md). */
  schedule: z.array(z.string()).optional(),
});
export type SimulatorRobot = z.infer<typeof simulatorRobot>;

export const simulatorGateway = z.object({
  sn: z.string(),
  secret: z.string(),
  project_id: z.number().int(),
  project_name: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  /** IANA time zone of the site (projects.timezone): the local clock its load curves follow. */
  timezone: z.string(),
  devices: z.array(simulatorDevice),
  /** Inspection robots reporting through this gateway (their devices are not in `devices`). */
  robots: z.array(simulatorRobot).optional(),
});
export type SimulatorGateway = z.infer<typeof simulatorGateway>;

export const simulatorManifest = z.object({ gateways: z.array(simulatorGateway) });
export type SimulatorManifest = z.infer<typeof simulatorManifest>;

import { z } from 'zod';
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
});
export type SimulatorDevice = z.infer<typeof simulatorDevice>;

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
});
export type SimulatorGateway = z.infer<typeof simulatorGateway>;

export const simulatorManifest = z.object({ gateways: z.array(simulatorGateway) });
export type SimulatorManifest = z.infer<typeof simulatorManifest>;

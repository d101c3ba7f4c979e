import type { DeviceKind } from '@gridops/contract';

/**
 * Faults the simulator can stage, and which device kinds each one applies to. The forced values are chosen
 * to cross the demo's alarm rules (apps/server/src/seed/demoRules.ts) with margin past their deadbands.
 */
export const FAULT_KINDS = [
  'over_temperature',
  'over_current',
  'breaker_trip',
  'smoke',
  'water_leak',
  'high_humidity',
  'door_open',
  'arc',
  'residual_current',
  'over_voltage',
  'low_soc',
  'charger_fault',
  'inverter_trip',
  'comm_loss',
] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];

export const isFaultKind = (v: unknown): v is FaultKind => typeof v === 'string' && (FAULT_KINDS as readonly string[]).includes(v);

const ALL_KINDS: readonly DeviceKind[] = [
  'incomer', 'transformer', 'feeder', 'meter', 'pv_inverter', 'pcs', 'bms', 'ev_charger', 'water_meter', 'gas_meter',
  'heat_meter', 'fire_sensor', 'env_sensor', 'camera', 'arc_detector',
];

export const faultTargets: Record<FaultKind, readonly DeviceKind[]> = {
  over_temperature: ['transformer', 'fire_sensor', 'env_sensor', 'bms'],
  over_current: ['incomer', 'transformer', 'feeder', 'meter'],
  breaker_trip: ['incomer', 'feeder'],
  smoke: ['env_sensor'],
  water_leak: ['env_sensor'],
  high_humidity: ['env_sensor'],
  door_open: ['env_sensor'],
  arc: ['fire_sensor', 'arc_detector'],
  residual_current: ['fire_sensor'],
  over_voltage: ['bms'],
  low_soc: ['bms'],
  charger_fault: ['ev_charger'],
  inverter_trip: ['pv_inverter', 'pcs'],
  // Per device: the gateway stops hearing that device (it drops out of telemetry; a camera reports offline).
  comm_loss: ALL_KINDS,
};

export const faultApplies = (fault: FaultKind, kind: DeviceKind) => faultTargets[fault].includes(kind);

/**
 * Faults the random generator never picks for a kind, left to explicit `simulate_fault` commands: an incomer
 * breaker trip would black out the whole site, and an over-current of a transformer or an incomer forces
 * 162 % of rating — a 126–140 % transformer overload that a real site sees once in years, not every hour
 * (issue 26 item 7: the demo raised "2#变压器 负载率过高" again and again at several sites).
 */
const NOT_RANDOM: Partial<Record<DeviceKind, readonly FaultKind[]>> = {
  incomer: ['breaker_trip', 'over_current'],
  transformer: ['over_current'],
};

/** Faults the random generator may pick for a kind (device comm loss raises nothing on the server: never). */
export function randomFaultsFor(kind: DeviceKind): FaultKind[] {
  return FAULT_KINDS.filter((f) => f !== 'comm_loss' && faultApplies(f, kind) && !(NOT_RANDOM[kind] ?? []).includes(f));
}

/** Faults that a room camera would film: they trigger a capture on the gateway's first camera. */
export const CAPTURE_FAULTS: ReadonlySet<FaultKind> = new Set(['smoke', 'water_leak', 'door_open', 'arc', 'over_temperature']);

/**
 * Values a fault forces on top of the model's output. Electrical faults (over-current, breaker, trips) are
 * handled inside the models instead, because they also change what the energy counters integrate.
 */
export function forcedValues(kind: DeviceKind, faults: ReadonlySet<FaultKind>): Record<string, number> {
  const out: Record<string, number> = {};
  const has = (f: FaultKind) => faults.has(f);
  switch (kind) {
    case 'transformer':
      if (has('over_temperature')) out.temp_winding = 126.5; // rule: > 110, deadband 5
      break;
    case 'fire_sensor':
      if (has('over_temperature')) Object.assign(out, { T1: 86.4, T2: 79.2, T3: 75.8 }); // rule: > 70
      if (has('residual_current')) out.IR = 468; // rule: > 300 mA
      if (has('arc')) out.arc = 1;
      break;
    case 'arc_detector':
      if (has('arc')) Object.assign(out, { arc_count: 28, arc: 1 }); // GB 14287.4: ≥ 14 half-cycles in 1 s
      break;
    case 'env_sensor':
      if (has('over_temperature')) out.temp = 42.5; // rule: > 35
      if (has('high_humidity')) out.humidity = 93.5; // rule: > 85
      if (has('smoke')) out.smoke = 1;
      if (has('water_leak')) out.water = 1;
      if (has('door_open')) out.door = 1;
      break;
    case 'bms':
      if (has('over_temperature')) Object.assign(out, { cell_tmax: 53.6, cell_tmin: 44.1 }); // rule: > 45
      if (has('over_voltage')) out.cell_vmax = 3.724; // rule: > 3.65
      if (has('low_soc')) out.SOC = 4.5; // rule: < 8
      break;
    case 'camera':
      if (has('comm_loss')) out.online = 0;
      break;
    default:
      break;
  }
  return out;
}

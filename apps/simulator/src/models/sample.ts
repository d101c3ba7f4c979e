import { deviceCatalog, isAuxKind, type DeviceKind } from '@gridops/contract';
import { forcedValues } from '../faults.js';
import { hash01, roundTo } from '../noise.js';
import { initialAux, sampleAux } from './aux.js';
import { sampleThreePhase } from './electrical.js';
import { sampleCamera, sampleEnv, sampleFire, sampleGas, sampleHeat, sampleWater } from './facility.js';
import { sampleBms, sampleEvCharger, samplePcs, samplePv } from './renewables.js';
import { prop, type DeviceState, type ModelInput, type ModelOutput } from './types.js';

type Model = (input: ModelInput, prev: DeviceState) => ModelOutput;

const models: Record<DeviceKind, Model> = {
  incomer: (i, s) => sampleThreePhase('incomer', i, s),
  transformer: (i, s) => sampleThreePhase('transformer', i, s),
  feeder: (i, s) => sampleThreePhase('feeder', i, s),
  meter: (i, s) => sampleThreePhase('meter', i, s),
  pv_inverter: samplePv,
  pcs: samplePcs,
  bms: sampleBms,
  ev_charger: sampleEvCharger,
  water_meter: sampleWater,
  gas_meter: sampleGas,
  heat_meter: sampleHeat,
  fire_sensor: sampleFire,
  env_sensor: sampleEnv,
  camera: sampleCamera,
  fan: (i, s) => sampleAux('fan', i, s),
  air_conditioner: (i, s) => sampleAux('air_conditioner', i, s),
  dehumidifier: (i, s) => sampleAux('dehumidifier', i, s),
  light: (i, s) => sampleAux('light', i, s),
  water_pump: (i, s) => sampleAux('water_pump', i, s),
};

/**
 * A device as found on site: counters already carry years of history (so they look like real meters),
 * breakers closed, storage half charged or so.
 */
export function initialState(kind: DeviceKind, seed: number, props: Readonly<Record<string, number>>): DeviceState {
  const r = (n: number) => hash01(seed, 100 + n);
  const counters: Record<string, number> = {};
  switch (kind) {
    case 'incomer':
    case 'transformer':
    case 'feeder':
    case 'meter':
    case 'pv_inverter':
    case 'ev_charger':
      counters.EP = prop(props, 'rated_kw', 100) * (600 + 3000 * r(1));
      break;
    case 'pcs': {
      const cap = prop(props, 'capacity_kwh', 500);
      counters.EPchg = cap * (150 + 300 * r(1));
      counters.EPdis = counters.EPchg * 0.93;
      break;
    }
    case 'water_meter':
      counters.EW = prop(props, 'rated_flow', 10) * (500 + 2000 * r(1));
      break;
    case 'gas_meter':
      counters.EG = prop(props, 'rated_flow', 20) * (300 + 1500 * r(1));
      break;
    case 'heat_meter':
      counters.EH = prop(props, 'rated_kw', 500) * 0.0036 * (300 + 1500 * r(1));
      break;
    default:
      break;
  }
  // The server passes each counter's last stored reading as `counter_<key>` (seeded history or an earlier
  // run), so a restarted simulator continues the meter instead of stepping back (which reads as a reset).
  // Rounded up to the published precision: a start between two published steps would otherwise be published
  // rounded down, below the stored reading, and a "today" total would count that as a reset (issue 11).
  for (const key of Object.keys(counters)) {
    const start = props[`counter_${key}`];
    const precision = deviceCatalog[kind].points.find((p) => p.key === key)?.precision ?? 0;
    if (typeof start === 'number' && Number.isFinite(start) && start >= 0) counters[key] = Math.ceil(start * 10 ** precision - 1e-9) / 10 ** precision;
  }
  const state: DeviceState = { counters, breakerClosed: true, soc: 30 + 40 * r(2), temp: null, powerKw: 0 };
  return isAuxKind(kind) ? { ...state, aux: initialAux(kind) } : state;
}

/**
 * One sample of one device: the kind's model, then any staged fault's forced values, rounded to the
 * catalogue precision and keyed exactly as the catalogue lists the kind's points.
 */
export function sampleDevice(kind: DeviceKind, input: ModelInput, prev: DeviceState): ModelOutput {
  const out = models[kind](input, prev);
  const values = { ...out.values, ...forcedValues(kind, input.faults) };
  const published: Record<string, number> = {};
  for (const point of deviceCatalog[kind].points) {
    const v = values[point.key];
    published[point.key] = roundTo(typeof v === 'number' && Number.isFinite(v) ? v : 0, point.precision);
  }
  return { values: published, state: out.state };
}

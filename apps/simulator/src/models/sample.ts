import { deviceCatalog, isAuxKind, isBuildingLoadKind, type DeviceKind } from '@gridops/contract';
import { forcedValues } from '../faults.js';
import { hash01, roundTo } from '../noise.js';
import { initialAux, sampleAux } from './aux.js';
import { BuildingModel } from './building.js';
import { sampleThreePhase } from './electrical.js';
import { sampleCamera, sampleEnv, sampleFire, sampleGas, sampleHeat, sampleWater } from './facility.js';
import { sampleArc } from './arc.js';
import { sampleBms, sampleEvCharger, samplePcs, samplePv } from './renewables.js';
import { integrate, prop, type DeviceState, type ModelInput, type ModelOutput } from './types.js';

type Model = (input: ModelInput, prev: DeviceState) => ModelOutput;

/** A smart-building device: the building model's values, nothing when de-energised, P integrated into EP. */
function sampleBuildingUnit(kind: DeviceKind, input: ModelInput, prev: DeviceState): ModelOutput {
  // Alone (outside a site model): the unit as a building of its own.
  const values = { ...(input.building ?? standalone(kind, input)) };
  if (input.deenergised) for (const k of ['P', 'run', 'cooling_kw', 'COP', 'load_pct', 'freq', 'flow', 'fan_freq']) if (k in values) values[k] = 0;
  if (!isBuildingLoadKind(kind)) return { values, state: prev };
  const state = { ...prev, counters: { ...prev.counters } };
  integrate(state, 'EP', values.P ?? 0, input.dtMs);
  return { values: { ...values, EP: state.counters.EP ?? 0 }, state };
}

function standalone(kind: DeviceKind, input: ModelInput): Record<string, number> {
  const model = new BuildingModel([{ sn: 'unit', kind, props: input.props }], () => input.seed);
  const ctx = { t: input.t, dtMs: input.dtMs, zone: input.zone, siteSeed: input.siteSeed, latitude: input.latitude, longitude: input.longitude, faulted: () => input.faults.size > 0 };
  return model.step(ctx).get('unit') ?? {};
}

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
  arc_detector: sampleArc,
  // The enrolled count is the terminal's own memory (gatewaySim.ts overrides it); the model only says it is up.
  access_terminal: (_i, s) => ({ values: { online: 1, enrolled: 0 }, state: s }),
  chiller: (i, s) => sampleBuildingUnit('chiller', i, s),
  hvac_pump: (i, s) => sampleBuildingUnit('hvac_pump', i, s),
  ahu: (i, s) => sampleBuildingUnit('ahu', i, s),
  fcu: (i, s) => sampleBuildingUnit('fcu', i, s),
  vrf_outdoor: (i, s) => sampleBuildingUnit('vrf_outdoor', i, s),
  water_tank: (i, s) => sampleBuildingUnit('water_tank', i, s),
  lighting_circuit: (i, s) => sampleBuildingUnit('lighting_circuit', i, s),
  elevator: (i, s) => sampleBuildingUnit('elevator', i, s),
  comfort_sensor: (i, s) => sampleBuildingUnit('comfort_sensor', i, s),
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
      counters.EP = prop(props, 'rated_kw', 100) * (600 + 3000 * r(1));
      // About tan(acos 0.94) of the active energy: the power factor the circuits run at.
      counters.EQ = counters.EP * 0.36;
      break;
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
      // A building load's meter: a few years of a third of its rating.
      if (isBuildingLoadKind(kind)) counters.EP = prop(props ?? {}, 'rated_kw', 20) * (800 + 2500 * r(1));
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

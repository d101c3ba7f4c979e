import { AUX_SETPOINTS, type AuxKind } from '@gridops/contract';
import { drift } from '../noise.js';
import { lag, prop, type DeviceState, type ModelInput, type ModelOutput, type RoomClimate } from './types.js';

const MIN = 60_000;
/** Rated electrical input, kW, when a device has no `rated_kw` prop. */
const RATED_KW: Record<AuxKind, number> = { fan: 0.75, air_conditioner: 3.5, dehumidifier: 1.2, light: 0.4, water_pump: 2.2 };

/** The switch and set-point a gateway command (`aux`) left on a device. */
export interface AuxState {
  run: boolean;
  setpoint: number | null;
}

export const initialAux = (kind: AuxKind): AuxState => ({ run: false, setpoint: AUX_SETPOINTS[kind]?.initial ?? null });

/**
 * An auxiliary device: its run state and set-point as commanded, its power draw. A fan draws with the cube
 * of its speed level; an AC compressor and a dehumidifier cycle, so they draw less once the room is near
 * the set-point (input.room tells how far it is).
 */
export function sampleAux(kind: AuxKind, input: ModelInput, prev: DeviceState): ModelOutput {
  const aux = prev.aux ?? initialAux(kind);
  const rated = prop(input.props, 'rated_kw', RATED_KW[kind]);
  let duty = 1;
  if (kind === 'fan') duty = ((aux.setpoint ?? 2) / 3) ** 3;
  if (kind === 'air_conditioner') duty = 0.35 + 0.65 * Math.min(1, Math.max(0, ((input.room?.temp ?? 30) - (aux.setpoint ?? 26)) / 4));
  if (kind === 'dehumidifier') duty = 0.3 + 0.7 * Math.min(1, Math.max(0, ((input.room?.humidity ?? 70) - (aux.setpoint ?? 60)) / 10));
  const P = aux.run && !input.deenergised ? rated * duty * (1 + 0.03 * drift(input.seed, input.t, 5 * MIN)) : 0;
  const values: Record<string, number> = { run: aux.run ? 1 : 0, P };
  const sp = AUX_SETPOINTS[kind];
  if (sp && aux.setpoint !== null) values[sp.key] = aux.setpoint;
  return { values, state: { ...prev, aux } };
}

/** What the running auxiliary devices of a room ask of its climate. */
export function roomClimateOf(devices: { kind: AuxKind; aux: AuxState }[]): Omit<RoomClimate, 'temp' | 'humidity'> {
  let coolTo: number | null = null;
  let dryTo: number | null = null;
  let fanLevel = 0;
  for (const d of devices) {
    if (!d.aux.run) continue;
    if (d.kind === 'air_conditioner' && d.aux.setpoint !== null) coolTo = coolTo === null ? d.aux.setpoint : Math.min(coolTo, d.aux.setpoint);
    if (d.kind === 'dehumidifier' && d.aux.setpoint !== null) dryTo = dryTo === null ? d.aux.setpoint : Math.min(dryTo, d.aux.setpoint);
    if (d.kind === 'fan') fanLevel += d.aux.setpoint ?? 2;
  }
  return { coolTo, dryTo, fanLevel };
}

/** Time constant of a room's air: minutes, not hours (a small room, a few kW of cooling). */
const ROOM_TAU_MS = 8 * MIN;

/**
 * The room's temperature and humidity given its unconditioned values: an AC pulls the temperature down to
 * its set-point (and dries the air a little), fans exchange air and take off up to ~1 °C per level, a
 * dehumidifier pulls the humidity down to its set-point. The effect builds up and fades with the room's
 * time constant (the offsets are the state), so switching a device off lets the room drift back.
 */
export function conditionRoom(base: { temp: number; humidity: number }, climate: RoomClimate | undefined, prev: DeviceState, dtMs: number) {
  const target = { temp: 0, humidity: 0 };
  if (climate) {
    if (climate.coolTo !== null) {
      target.temp = Math.min(0, climate.coolTo - base.temp);
      target.humidity -= 6;
    }
    target.temp -= Math.min(3, 0.8 * climate.fanLevel) * (target.temp < 0 ? 0.3 : 1);
    if (climate.dryTo !== null) target.humidity = Math.min(target.humidity, climate.dryTo - base.humidity, 0);
  }
  const before = prev.envOffset ?? { temp: 0, humidity: 0 };
  const offset = { temp: lag(before.temp, target.temp, dtMs, ROOM_TAU_MS), humidity: lag(before.humidity, target.humidity, dtMs, ROOM_TAU_MS) };
  return { temp: base.temp + offset.temp, humidity: Math.max(20, base.humidity + offset.humidity), offset };
}

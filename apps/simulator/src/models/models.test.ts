import { describe, expect, it } from 'vitest';
import { DEVICE_KINDS, deviceCatalog, pointValueRange, type DeviceKind } from '@gridops/contract';
import { pvFraction, localClock, sunAltitude } from '../curves.js';
import { FAULT_KINDS, type FaultKind } from '../faults.js';
import { hashString } from '../noise.js';
import { evSessionPower, SOC_MAX, SOC_MIN, storageStep } from './renewables.js';
import { initialState, sampleDevice } from './sample.js';
import type { DeviceState, ModelInput } from './types.js';

// Suzhou Industrial Park (the demo's SZIP station).
const SUZHOU = { latitude: 31.2989, longitude: 120.727, zone: 'Asia/Shanghai' };
const SHANGHAI = SUZHOU.zone;
// 2025-06-18 (a Wednesday) 00:00 in Asia/Shanghai.
const MIDNIGHT = Date.UTC(2025, 5, 17, 16);
const HOUR = 3600_000;

const PROPS: Record<DeviceKind, Record<string, number>> = {
  incomer: { voltage_v: 5774, rated_kw: 2000 },
  transformer: { rated_kva: 1250, rated_kw: 1000 },
  feeder: { rated_kw: 320 },
  meter: {},
  pv_inverter: { rated_kw: 400 },
  pcs: { rated_kw: 500, capacity_kwh: 1000 },
  bms: { capacity_kwh: 1000 },
  ev_charger: { rated_kw: 120 },
  water_meter: { rated_flow: 25 },
  gas_meter: { rated_flow: 120 },
  heat_meter: { rated_kw: 2000 },
  fire_sensor: { rated_a: 630 },
  env_sensor: {},
  camera: {},
  fan: {},
  air_conditioner: {},
  dehumidifier: {},
  light: {},
  water_pump: {},
  access_terminal: {},
  chiller: { cooling_kw: 700, rated_kw: 140 },
  hvac_pump: { role: 1, rated_kw: 22 },
  ahu: { floor: 1, area_m2: 2400, rated_kw: 11 },
  fcu: { floor: 1, rated_kw: 4.5 },
  vrf_outdoor: { cooling_kw: 56 },
  water_tank: { capacity_m3: 50 },
  lighting_circuit: { rated_kw: 22 },
  elevator: { rated_kw: 18 },
  comfort_sensor: { floor: 1 },
};

const input = (kind: DeviceKind, t: number, dtMs: number, faults: FaultKind[] = []): ModelInput => ({
  t,
  dtMs,
  seed: hashString(`GW/${kind}`),
  siteSeed: hashString('suzhou'),
  ...SUZHOU,
  props: PROPS[kind],
  faults: new Set(faults),
});

/** Runs one device from `from` for `ms` at `stepMs`, returning every published sample. */
function run(kind: DeviceKind, from: number, ms: number, stepMs: number, faults: FaultKind[] = []): Record<string, number>[] {
  let state: DeviceState = initialState(kind, hashString(`GW/${kind}`), PROPS[kind]);
  const out: Record<string, number>[] = [];
  for (let t = from; t < from + ms; t += stepMs) {
    const r = sampleDevice(kind, input(kind, t, stepMs, faults), state);
    state = r.state;
    out.push(r.values);
  }
  return out;
}

describe('value models', () => {
  it.each(DEVICE_KINDS)('%s publishes exactly the catalogue keys, all finite', (kind) => {
    const keys = deviceCatalog[kind].points.map((p) => p.key);
    for (const values of run(kind, MIDNIGHT, 24 * HOUR, 10 * 60_000)) {
      expect(Object.keys(values)).toEqual(keys);
      for (const v of Object.values(values)) expect(Number.isFinite(v)).toBe(true);
    }
  });

  it.each(DEVICE_KINDS)('%s stays within the sane range ingest accepts for each point, with and without faults', (kind) => {
    const points = deviceCatalog[kind].points;
    for (const faults of [[], [...FAULT_KINDS]]) {
      for (const values of run(kind, MIDNIGHT, 24 * HOUR, 10 * 60_000, faults)) {
        for (const p of points) {
          const range = pointValueRange(p);
          expect(values[p.key], `${kind}.${p.key}`).toBeGreaterThanOrEqual(range.min);
          expect(values[p.key], `${kind}.${p.key}`).toBeLessThanOrEqual(range.max);
        }
      }
    }
  });

  it.each(DEVICE_KINDS)('%s counters never decrease', (kind) => {
    const counters = deviceCatalog[kind].points.filter((p) => p.kind === 'counter').map((p) => p.key);
    const samples = run(kind, MIDNIGHT, 48 * HOUR, 60_000);
    for (const key of counters) {
      for (let i = 1; i < samples.length; i++) expect(samples[i]![key]!).toBeGreaterThanOrEqual(samples[i - 1]![key]!);
      expect(samples.at(-1)![key]!).toBeGreaterThan(samples[0]![key]!);
    }
  });

  it('is pure: the same input and state give the same output', () => {
    for (const kind of DEVICE_KINDS) {
      const state = initialState(kind, 42, PROPS[kind]);
      const a = sampleDevice(kind, input(kind, MIDNIGHT + 11 * HOUR, 5000), state);
      const b = sampleDevice(kind, input(kind, MIDNIGHT + 11 * HOUR, 5000), state);
      expect(a).toEqual(b);
    }
  });

  it('PV is zero at night and positive around noon in Suzhou', () => {
    const night = MIDNIGHT + 1 * HOUR;
    const noon = MIDNIGHT + 12 * HOUR;
    expect(sunAltitude(night, SUZHOU.latitude, SUZHOU.longitude)).toBeLessThan(0);
    expect(pvFraction(night, SUZHOU.latitude, SUZHOU.longitude, 1, SHANGHAI)).toBe(0);
    const state = initialState('pv_inverter', 1, PROPS.pv_inverter);
    expect(sampleDevice('pv_inverter', input('pv_inverter', night, 5000), state).values).toMatchObject({ P: 0, status: 0, Udc: 0 });
    // Whatever the weather of the day: the overcast floor is still well above zero at noon in June.
    for (let day = 0; day < 30; day++) {
      const v = sampleDevice('pv_inverter', input('pv_inverter', noon + day * 24 * HOUR, 5000), state).values;
      expect(v.P).toBeGreaterThan(20);
      expect(v.P).toBeLessThanOrEqual(400);
      expect(v.status).toBe(1);
    }
    // And in midwinter too (lower sun).
    const winterNoon = Date.UTC(2025, 11, 21, 4);
    expect(pvFraction(winterNoon, SUZHOU.latitude, SUZHOU.longitude, 1, SHANGHAI)).toBeGreaterThan(0.05);
  });

  it('keeps SOC within 10–95 % at any sampling interval, charging at night and discharging in the evening', () => {
    for (const stepMs of [5000, 60_000, HOUR, 6 * HOUR]) {
      let soc = 50;
      let [lo, hi] = [soc, soc];
      for (let t = MIDNIGHT; t < MIDNIGHT + 3 * 24 * HOUR; t += stepMs) {
        soc = storageStep(t, stepMs, soc, 500, 1000, false, SHANGHAI).soc;
        [lo, hi] = [Math.min(lo, soc), Math.max(hi, soc)];
      }
      expect(lo).toBeGreaterThanOrEqual(SOC_MIN);
      expect(hi).toBeLessThanOrEqual(SOC_MAX);
      // The schedule uses the whole window, not just the middle of it.
      if (stepMs <= HOUR) expect(hi - lo).toBeGreaterThan(60);
    }
    expect(storageStep(MIDNIGHT + 2 * HOUR, 5000, 50, 500, 1000, false, SHANGHAI).powerKw).toBeLessThan(0);
    expect(storageStep(MIDNIGHT + 19 * HOUR, 5000, 50, 500, 1000, false, SHANGHAI).powerKw).toBeGreaterThan(0);
    expect(storageStep(MIDNIGHT + 19 * HOUR, 5000, SOC_MIN, 500, 1000, false, SHANGHAI).powerKw).toBe(0);
    const pcs = run('pcs', MIDNIGHT, 3 * 24 * HOUR, 30_000);
    expect(Math.min(...pcs.map((v) => v.P!))).toBeLessThan(0);
    expect(Math.max(...pcs.map((v) => v.P!))).toBeGreaterThan(0);
  });

  it('keeps three-phase values in realistic ranges with a daytime peak', () => {
    const samples = run('feeder', MIDNIGHT, 24 * HOUR, 5 * 60_000);
    for (const v of samples) {
      for (const k of ['Ua', 'Ub', 'Uc']) {
        expect(v[k]!).toBeGreaterThan(218);
        expect(v[k]!).toBeLessThan(237);
      }
      expect(v.F!).toBeGreaterThan(49.9);
      expect(v.F!).toBeLessThan(50.1);
      expect(v.PF!).toBeGreaterThan(0.85);
      expect(v.PF!).toBeLessThanOrEqual(1);
      // Below the demo's over-current limit: 120 % of rated current at 230 V, PF 0.9.
      expect(v.Ia!).toBeLessThan(((320 * 1000) / (3 * 230 * 0.9)) * 1.2);
    }
    const at = (h: number) => samples[h * 12]!.P!;
    expect(at(15)).toBeGreaterThan(at(3) * 2);
    expect(localClock(MIDNIGHT + 15 * HOUR, SHANGHAI).hour).toBeCloseTo(15);
  });

  it('moves cable temperatures slowly enough not to trip the 8 °C/min rate-of-rise rule', () => {
    const samples = run('fire_sensor', MIDNIGHT, 24 * HOUR, 1000);
    let worst = 0;
    for (let i = 1; i < samples.length; i++) worst = Math.max(worst, Math.abs(samples[i]!.T1! - samples[i - 1]!.T1!) * 60);
    // Rounded to 0.1 °C, a single step at 1 s reads as 6 °C/min: compare over whole minutes instead.
    let perMinute = 0;
    for (let i = 60; i < samples.length; i += 60) perMinute = Math.max(perMinute, Math.abs(samples[i]!.T1! - samples[i - 60]!.T1!));
    expect(perMinute).toBeLessThan(2);
    expect(worst).toBeLessThanOrEqual(6.01);
  });

  it('EV chargers have idle gaps and charging sessions', () => {
    const powers = Array.from({ length: 24 * 60 }, (_, m) => evSessionPower(7, MIDNIGHT + m * 60_000, 120, SHANGHAI));
    expect(powers.some((p) => p === 0)).toBe(true);
    expect(powers.some((p) => p > 60)).toBe(true);
    expect(Math.max(...powers)).toBeLessThanOrEqual(120);
  });
});

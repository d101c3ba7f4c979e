import { describe, expect, it } from 'vitest';
import type { DeviceKind } from '@gridops/contract';
import { hashString } from '../noise.js';
import { BuildingModel, type BuildingUnitDef } from './building.js';
import { chillerCop, condenserInC, occupancy, outdoorTempC } from './hvac.js';

const ZONE = 'Asia/Shanghai';
// 2025-07-16 (a Wednesday) 00:00 and 2025-07-19 (a Saturday) 00:00 in Asia/Shanghai.
const WEDNESDAY = Date.UTC(2025, 6, 15, 16);
const SATURDAY = Date.UTC(2025, 6, 18, 16);
const HOUR = 3600_000;
const SITE = { zone: ZONE, siteSeed: hashString('hz'), latitude: 30.2, longitude: 120.2 };

const u = (sn: string, kind: DeviceKind, props: Record<string, number>): BuildingUnitDef => ({ sn, kind, props });
const tower = (): BuildingUnitDef[] => [
  u('CH1', 'chiller', { cooling_kw: 700, stage: 1 }),
  u('CH2', 'chiller', { cooling_kw: 700, stage: 2 }),
  u('P1', 'hvac_pump', { role: 1, stage: 1, rated_kw: 22 }),
  u('P2', 'hvac_pump', { role: 1, stage: 2, rated_kw: 22 }),
  ...[1, 2, 3, 4, 5].flatMap((f) => [u(`AHU${f}`, 'ahu', { floor: f, area_m2: 2400, rated_kw: 11 }), u(`FCU${f}`, 'fcu', { floor: f }), u(`CS${f}`, 'comfort_sensor', { floor: f })]),
  u('TK', 'water_tank', { capacity_m3: 50 }),
  u('DWP', 'hvac_pump', { role: 3, rated_flow: 25 }),
];

/** Runs the model minute by minute from `from` for `hours`, returning the last step. */
function runFor(model: BuildingModel, from: number, hours: number, every?: (t: number, v: Map<string, Record<string, number>>) => void) {
  let last = new Map<string, Record<string, number>>();
  for (let t = from; t < from + hours * HOUR; t += 60_000) {
    last = model.step({ ...SITE, t, dtMs: 60_000, faulted: () => false });
    every?.(t, last);
  }
  return last;
}

describe('building physics', () => {
  it('chiller COP stays within 4.2–6.4, best at part load, worse with warm condenser water, better with warmer chilled water', () => {
    for (const plr of [0.1, 0.3, 0.5, 0.7, 0.9, 1.1]) for (const cw of [18, 25, 32]) expect(chillerCop(plr, cw, 7)).toBeGreaterThanOrEqual(4.2);
    expect(chillerCop(0.7, 30, 7)).toBeGreaterThan(chillerCop(1, 30, 7));
    expect(chillerCop(0.7, 32, 7)).toBeLessThan(chillerCop(0.7, 28, 7));
    expect(chillerCop(0.6, 32, 9)).toBeGreaterThan(chillerCop(0.6, 32, 7));
    expect(chillerCop(1, 32, 7)).toBeGreaterThan(4.5);
    expect(chillerCop(1, 32, 7)).toBeLessThan(6);
  });

  it('follows the weather and the office day', () => {
    const july = outdoorTempC(WEDNESDAY + 15 * HOUR, ZONE, 1);
    const january = outdoorTempC(Date.UTC(2025, 0, 15, 7), ZONE, 1);
    expect(july).toBeGreaterThan(25);
    expect(january).toBeLessThan(12);
    expect(condenserInC(35)).toBeGreaterThan(condenserInC(25));
    expect(occupancy(WEDNESDAY + 10 * HOUR, ZONE)).toBeGreaterThan(0.9);
    expect(occupancy(WEDNESDAY + 3 * HOUR, ZONE)).toBeLessThan(0.1);
    expect(occupancy(SATURDAY + 10 * HOUR, ZONE)).toBeLessThan(0.1);
  });

  it('runs the plant on a summer weekday: stages the second chiller, water at set-point, floors cooled, COP 4.5–6', () => {
    const m = new BuildingModel(tower(), hashString);
    const v = runFor(m, WEDNESDAY, 15);
    const ch1 = v.get('CH1')!;
    expect(ch1.run).toBe(1);
    expect(v.get('CH2')!.run).toBe(1);
    expect(ch1.t_chw_supply).toBeCloseTo(7, 0);
    expect(ch1.t_chw_return).toBeGreaterThan(ch1.t_chw_supply!);
    expect(ch1.COP).toBeGreaterThan(4.5);
    expect(ch1.COP).toBeLessThan(6);
    expect(ch1.P! * ch1.COP!).toBeCloseTo(ch1.cooling_kw!, 0);
    expect(v.get('P1')!.run).toBe(1);
    expect(v.get('CS3')!.temp).toBeLessThan(27);
    expect(v.get('CS3')!.co2).toBeGreaterThan(600);
  });

  it('a night and a weekend keep the plant off and the floors drift; the tank stays between its limits', () => {
    const m = new BuildingModel(tower(), hashString);
    const levels: number[] = [];
    const v = runFor(m, SATURDAY, 14, (_t, s) => levels.push(s.get('TK')!.level_pct!));
    expect(v.get('CH1')!.run).toBe(0);
    expect(v.get('CH1')!.P).toBe(0);
    expect(v.get('CS1')!.co2).toBeLessThan(600);
    expect(Math.min(...levels)).toBeGreaterThan(30);
    expect(Math.max(...levels)).toBeLessThanOrEqual(100);
  });

  it('a chiller follows a new chilled-water set-point, and an operator override beats the schedule', () => {
    const m = new BuildingModel(tower(), hashString);
    runFor(m, WEDNESDAY, 14);
    expect(m.command('CH1', { setpoint: 9 })).toBe(true);
    const v = runFor(m, WEDNESDAY + 14 * HOUR, 0.5);
    expect(v.get('CH1')!.chw_set).toBe(9);
    expect(v.get('CH1')!.t_chw_supply).toBeCloseTo(9, 0);
    expect(m.command('AHU3', { run: false })).toBe(true);
    expect(runFor(m, WEDNESDAY + 14.5 * HOUR, 0.1).get('AHU3')!.run).toBe(0);
    expect(m.command('TK', { run: true })).toBe(false);
  });

  it('a pushed schedule replaces the one it started with: an AHU runs on a Saturday morning once told every day', () => {
    const m = new BuildingModel(tower(), hashString);
    // Saturday 09:00: off on its weekday schedule.
    expect(runFor(m, SATURDAY, 9).get('AHU2')!.run).toBe(0);
    expect(m.command('AHU2', { schedule: { on: 8 * 60, off: 18 * 60, everyday: true } })).toBe(true);
    const v = runFor(m, SATURDAY + 9 * HOUR, 0.1);
    expect(v.get('AHU2')!.run).toBe(1);
    expect(v.get('AHU3')!.run).toBe(0);
  });
});

import { describe, expect, it } from 'vitest';
import type { SimulatorGateway } from '@gridops/contract';
import { GatewaySim } from './gatewaySim.js';

// 2025-07-18 14:00 in Asia/Shanghai: a hot summer afternoon.
const T0 = Date.UTC(2025, 6, 18, 6);
const MIN = 60_000;

const gateway: SimulatorGateway = {
  sn: 'GW-AUX-01',
  secret: 's',
  project_id: 1,
  project_name: '配电室',
  latitude: 31.2989,
  longitude: 120.727,
  timezone: 'Asia/Shanghai',
  devices: [
    { sn: 'ENV', kind: 'env_sensor', name: '环境', name_en: 'Room environment', props: {}, room: 1 },
    { sn: 'FAN1', kind: 'fan', name: '风机', name_en: 'Fan', props: { rated_kw: 0.75 }, room: 1 },
    { sn: 'AC1', kind: 'air_conditioner', name: '空调', name_en: 'AC', props: { rated_kw: 3.5 }, room: 1 },
    { sn: 'DH1', kind: 'dehumidifier', name: '除湿机', name_en: 'Dehumidifier', props: { rated_kw: 1.2 }, room: 1 },
    { sn: 'LT1', kind: 'light', name: '照明', name_en: 'Lights', props: {}, room: 1 },
    // Same gateway, another room: not conditioned by room 1's devices.
    { sn: 'ENV2', kind: 'env_sensor', name: '环境2', name_en: 'Room environment 2', props: {}, room: 2 },
  ],
};

const make = () => new GatewaySim(gateway, { intervalMs: MIN, faultRate: 0 });
const cmd = (sim: GatewaySim, command: string, params: Record<string, unknown>) => sim.command({ id: 'c-1', command, params }, T0);
/** Runs the gateway minute by minute for `minutes` from `from`; returns the last telemetry by serial. */
function run(sim: GatewaySim, from: number, minutes: number) {
  let last = new Map<string, Record<string, number>>();
  for (let i = 0; i <= minutes; i++) last = new Map(sim.tick(from + i * MIN).devices.map((d) => [d.sn, d.values]));
  return last;
}

describe('auxiliary devices in the simulator', () => {
  it('reports run state, set-point and power; idle devices draw nothing', () => {
    const v = run(make(), T0, 0);
    expect(v.get('FAN1')).toEqual({ run: 0, speed: 2, P: 0 });
    expect(v.get('AC1')).toMatchObject({ run: 0, temp_set: 26, P: 0 });
    expect(v.get('DH1')).toMatchObject({ run: 0, humidity_set: 60, P: 0 });
    expect(v.get('LT1')).toEqual({ run: 0, P: 0 });
  });

  it('switches and adjusts through the aux command, refusing bad parameters', () => {
    const sim = make();
    expect(cmd(sim, 'aux', { device_sn: 'FAN1', run: true, setpoint: { key: 'speed', value: 3 } })).toMatchObject({ ok: true });
    expect(cmd(sim, 'aux', { device_sn: 'AC1', setpoint: { key: 'temp_set', value: 22 } })).toMatchObject({ ok: true });
    const v = run(sim, T0, 0);
    expect(v.get('FAN1')).toMatchObject({ run: 1, speed: 3 });
    expect(v.get('FAN1')!.P).toBeGreaterThan(0.6);
    expect(v.get('AC1')).toMatchObject({ run: 0, temp_set: 22, P: 0 });
    expect(cmd(sim, 'aux', { device_sn: 'AC1', setpoint: { key: 'temp_set', value: 40 } })).toMatchObject({ ok: false, error: expect.stringMatching(/between 16 and 30/) });
    expect(cmd(sim, 'aux', { device_sn: 'AC1', setpoint: { key: 'speed', value: 2 } })).toMatchObject({ ok: false });
    expect(cmd(sim, 'aux', { device_sn: 'LT1', setpoint: { key: 'speed', value: 2 } })).toMatchObject({ ok: false });
    expect(cmd(sim, 'aux', { device_sn: 'ENV', run: true })).toMatchObject({ ok: false, error: expect.stringMatching(/no auxiliary device/) });
    expect(cmd(sim, 'aux', { device_sn: 'FAN1', run: 'yes' })).toMatchObject({ ok: false });
    expect(cmd(sim, 'aux', { device_sn: 'FAN1' })).toMatchObject({ ok: false });
  });

  it('a running AC cools and a dehumidifier dries their own room over minutes, and the room drifts back when they stop', () => {
    const idle = run(make(), T0, 60);
    const sim = make();
    expect(cmd(sim, 'aux', { device_sn: 'AC1', run: true, setpoint: { key: 'temp_set', value: 20 } }).ok).toBe(true);
    expect(cmd(sim, 'aux', { device_sn: 'DH1', run: true, setpoint: { key: 'humidity_set', value: 40 } }).ok).toBe(true);
    const first = run(sim, T0, 1);
    const cooled = run(sim, T0 + 2 * MIN, 58);
    const base = idle.get('ENV')!;
    // Not a step: a minute in, the room has barely moved.
    expect(run(make(), T0, 1).get('ENV')!.temp! - first.get('ENV')!.temp!).toBeLessThan(2.5);
    expect(cooled.get('ENV')!.temp).toBeLessThan(base.temp! - 3);
    expect(cooled.get('ENV')!.temp).toBeGreaterThanOrEqual(19.5);
    expect(cooled.get('ENV')!.humidity).toBeLessThan(base.humidity! - 5);
    // The other room on the same gateway is untouched.
    expect(cooled.get('ENV2')).toEqual(idle.get('ENV2'));
    // Near the set-point the AC cycles: it draws less than its rating.
    expect(cooled.get('AC1')!.P).toBeLessThan(3.5);
    expect(cmd(sim, 'aux', { device_sn: 'AC1', run: false }).ok).toBe(true);
    expect(cmd(sim, 'aux', { device_sn: 'DH1', run: false }).ok).toBe(true);
    const after = run(sim, T0 + 61 * MIN, 59);
    expect(Math.abs(after.get('ENV')!.temp! - run(make(), T0 + 61 * MIN, 59).get('ENV')!.temp!)).toBeLessThan(0.5);
  });

  it('a running fan takes a little off the room temperature', () => {
    const idle = run(make(), T0, 40).get('ENV')!;
    const sim = make();
    cmd(sim, 'aux', { device_sn: 'FAN1', run: true, setpoint: { key: 'speed', value: 3 } });
    const v = run(sim, T0, 40).get('ENV')!;
    expect(idle.temp! - v.temp!).toBeGreaterThan(1);
    expect(idle.temp! - v.temp!).toBeLessThan(3.5);
  });
});

import { describe, expect, it } from 'vitest';
import type { SimulatorGateway } from '@gridops/contract';
import { GatewaySim } from './gatewaySim.js';

// 2025-06-18 15:00 in Asia/Shanghai.
const T0 = Date.UTC(2025, 5, 18, 7);

const gateway: SimulatorGateway = {
  sn: 'GW-SZIP-01',
  secret: 's',
  project_id: 2,
  project_name: '苏州工业园光储充站',
  latitude: 31.2989,
  longitude: 120.727,
  timezone: 'Asia/Shanghai',
  devices: [
    { sn: 'AH1', kind: 'incomer', name: '进线', name_en: 'Incomer', props: { voltage_v: 5774, rated_kw: 1280 } },
    { sn: 'T1', kind: 'transformer', name: '1#变压器', name_en: 'Transformer T1', props: { rated_kva: 800, rated_kw: 640 }, parent_sn: 'AH1' },
    { sn: 'F01', kind: 'feeder', name: '1#回路', name_en: 'Feeder 1', props: { rated_kw: 160 }, parent_sn: 'T1' },
  ],
  robots: [
    {
      sn: 'ROBOT-R1',
      speed_mps: 0.4,
      dock: { x: 0.8, y: 6.5 },
      stops: [
        { x: 2, y: 2.4, dwell_s: 10, readings: [{ key: 'sw_f01', kind: 'switch', target_sn: 'F01', target_key: '' }, { key: 'ua_ah1', kind: 'meter', target_sn: 'AH1', target_key: 'Ua' }] },
        { x: 4, y: 4.2, dwell_s: 10, readings: [{ key: 'ir_t1', kind: 'ir_temp', target_sn: 'T1', target_key: '' }] },
      ],
    },
  ],
};

describe('the gateway reports its inspection robot', () => {
  it('publishes the robot on a round started by command with the readings of its stops, consistent with the devices it reads, and reports the round', () => {
    const sim = new GatewaySim(gateway, { intervalMs: 2000, faultRate: 0, rng: () => 0.5 });
    const seen: Record<string, number>[] = [];
    const devices: Record<string, Record<string, number>>[] = [];
    sim.tick(T0 - 2000);
    // No schedule: it waits at its dock until told.
    expect(sim.tick(T0 - 1000).devices.find((d) => d.sn === 'ROBOT-R1')!.values.task_state).toBe(0);
    expect(sim.command({ id: 'r1', command: 'robot_start_round', params: { device_sn: 'ROBOT-R1' } }, T0)).toMatchObject({ ok: true });
    expect(sim.command({ id: 'r2', command: 'robot_start_round', params: { device_sn: 'NOPE' } }, T0)).toMatchObject({ ok: false });
    for (let t = T0; t < T0 + 150_000; t += 2000) {
      const tel = sim.tick(t);
      devices.push(Object.fromEntries(tel.devices.map((d) => [d.sn, d.values])));
      seen.push(tel.devices.find((d) => d.sn === 'ROBOT-R1')!.values);
    }
    // It moves at 0.4 m/s: 0.8 m per 2 s tick at most (positions are published to the centimetre).
    for (let i = 1; i < seen.length; i++) expect(Math.hypot(seen[i]!.x! - seen[i - 1]!.x!, seen[i]!.y! - seen[i - 1]!.y!)).toBeLessThanOrEqual(0.8 + 0.015);
    expect(new Set(seen.map((v) => v.task_state))).toEqual(new Set([0, 1, 2, 3])); // out, reading, back, docked
    const at = (key: string) => seen.findIndex((v) => v[key] !== undefined);
    expect(at('sw_f01')).toBeGreaterThan(0);
    expect(at('ir_t1')).toBeGreaterThan(at('sw_f01'));
    // The switch is the breaker's state; the voltmeter shows the incomer's Ua; IR under the winding temperature.
    expect(seen[at('sw_f01')]!.sw_f01).toBe(devices[at('sw_f01')]!.F01!.breaker);
    expect(seen[at('ua_ah1')]!.ua_ah1).toBeCloseTo(devices[at('ua_ah1')]!.AH1!.Ua!, 1);
    expect(seen[at('ir_t1')]!.ir_t1).toBeLessThan(devices[at('ir_t1')]!.T1!.temp_winding!);
    // Back at the dock it reports the round once, with every reading it took, by stop.
    const rounds = sim.takeRobotRounds();
    expect(rounds).toHaveLength(1);
    expect(rounds[0]).toMatchObject({ device_sn: 'ROBOT-R1', status: 'completed', trigger: 'manual' });
    expect(rounds[0]!.readings.map((r) => `${r.stop}:${r.key}`)).toEqual(['1:sw_f01', '1:ua_ah1', '2:ir_t1']);
    expect(rounds[0]!.readings.find((r) => r.key === 'ir_t1')!.value).toBe(seen[at('ir_t1')]!.ir_t1);
    expect(rounds[0]!.finished_at).toBeGreaterThan(rounds[0]!.started_at);
    expect(sim.takeRobotRounds()).toEqual([]);
  });

  it('starts a round when the site clock reaches a time of its schedule', () => {
    // 15:00 in Asia/Shanghai at T0; the schedule says 15:01.
    const scheduled: SimulatorGateway = { ...gateway, robots: gateway.robots!.map((r) => ({ ...r, schedule: ['15:01'] })) };
    const sim = new GatewaySim(scheduled, { intervalMs: 2000, faultRate: 0, rng: () => 0.5 });
    const states: number[] = [];
    for (let t = T0; t < T0 + 240_000; t += 2000) states.push(sim.tick(t).devices.find((d) => d.sn === 'ROBOT-R1')!.values.task_state!);
    const left = states.findIndex((s) => s !== 0);
    // It leaves after 15:01 (tick 30 is 15:01:00), not before.
    expect(left).toBeGreaterThanOrEqual(30);
    expect(left).toBeLessThan(40);
  });

  it('robot_hot_spot stages an out-of-limit infrared reading in the next telemetry; other keys are refused', () => {
    const sim = new GatewaySim(gateway, { intervalMs: 2000, faultRate: 0, rng: () => 0.5 });
    const winding = sim.tick(T0).devices.find((d) => d.sn === 'T1')!.values.temp_winding!;
    expect(sim.command({ id: 'c1', command: 'robot_hot_spot', params: { device_sn: 'ROBOT-R1', key: 'ir_t1' } }, T0)).toMatchObject({ ok: true });
    const hot = sim.tick(T0 + 2000).devices.find((d) => d.sn === 'ROBOT-R1')!.values.ir_t1!;
    expect(hot).toBeGreaterThan(winding + 25);
    expect(sim.tick(T0 + 4000).devices.find((d) => d.sn === 'ROBOT-R1')!.values.ir_t1).toBeUndefined();
    expect(sim.command({ id: 'c2', command: 'robot_hot_spot', params: { device_sn: 'ROBOT-R1', key: 'sw_f01' } }, T0)).toMatchObject({ ok: false });
    expect(sim.command({ id: 'c3', command: 'robot_hot_spot', params: { device_sn: 'NOPE', key: 'ir_t1' } }, T0)).toMatchObject({ ok: false });
  });
});

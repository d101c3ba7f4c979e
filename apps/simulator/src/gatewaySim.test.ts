import { describe, expect, it } from 'vitest';
import type { DeviceKind, SimulatorGateway } from '@gridops/contract';
import { templateRules } from '../../server/src/seed/demoRules.js';
import { FAULT_KINDS, faultTargets, forcedValues } from './faults.js';
import { GatewaySim } from './gatewaySim.js';

// 2025-06-18 15:00 in Asia/Shanghai: a weekday afternoon, loads near their peak.
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
    { sn: 'T1', kind: 'transformer', name: '1#变压器', name_en: 'Transformer T1', props: { rated_kva: 800, rated_kw: 640 } },
    { sn: 'F01', kind: 'feeder', name: '1#回路', name_en: 'Feeder 1', props: { rated_kw: 160 } },
    { sn: 'EF1', kind: 'fire_sensor', name: '火灾探测器', name_en: 'Fire detector', props: { rated_a: 630 } },
    { sn: 'ENV', kind: 'env_sensor', name: '环境', name_en: 'Room environment', props: {} },
    { sn: 'CAM1', kind: 'camera', name: '摄像机', name_en: 'Room camera', props: {} },
    { sn: 'BMS1', kind: 'bms', name: 'BMS', name_en: 'BMS', props: { capacity_kwh: 1000 } },
    { sn: 'PCS1', kind: 'pcs', name: 'PCS', name_en: 'PCS', props: { rated_kw: 500, capacity_kwh: 1000 } },
    { sn: 'EV1', kind: 'ev_charger', name: '充电桩', name_en: 'EV charger', props: { rated_kw: 120 } },
  ],
};

const values = (sim: GatewaySim, t: number, sn: string) => sim.tick(t).devices.find((d) => d.sn === sn)?.values;
const cmd = (sim: GatewaySim, command: string, params: Record<string, unknown>) => {
  const result = sim.command({ id: 'c-1', command, params }, T0);
  if (!result) throw new Error('command not answered');
  return result;
};

/** Would the demo rule on this kind and point see `value` as an alarm? */
function trips(kind: DeviceKind, key: string, value: number): boolean {
  const rules = templateRules.filter((r) => r.device_kind === kind && r.point_key === key && r.kind !== 'rate');
  return rules.some((r) => (r.kind === 'high' ? value > r.threshold : r.kind === 'low' ? value < r.threshold : Math.round(value) === r.threshold));
}

describe('faults against the demo alarm rules', () => {
  it('every forced fault crosses a demo rule of its kind', () => {
    for (const fault of FAULT_KINDS) {
      for (const kind of faultTargets[fault]) {
        const forced = Object.entries(forcedValues(kind, new Set([fault])));
        if (kind === 'camera' || forced.length === 0) continue;
        expect(
          forced.some(([key, v]) => trips(kind, key, v)),
          `${fault} on ${kind}: ${JSON.stringify(forced)}`,
        ).toBe(true);
      }
    }
  });

  it('over_current on a feeder exceeds the per-feeder current rule (120 % of rated current)', () => {
    const sim = new GatewaySim(gateway, { intervalMs: 5000, faultRate: 0 });
    const limit = Math.round(((160 * 1000) / (3 * 230 * 0.9)) * 1.2);
    const before = values(sim, T0, 'F01')!;
    expect(before.Ia!).toBeLessThan(limit);
    expect(cmd(sim, 'simulate_fault', { device_sn: 'F01', fault: 'over_current' })).toEqual({ id: 'c-1', ok: true, ts: T0 });
    const during = values(sim, T0 + 5000, 'F01')!;
    for (const k of ['Ia', 'Ib', 'Ic']) expect(during[k]!).toBeGreaterThan(limit * 1.15);
    expect(sim.activeFaults('F01')).toEqual(['over_current']);
    expect(cmd(sim, 'clear_fault', { device_sn: 'F01' }).ok).toBe(true);
    expect(values(sim, T0 + 10_000, 'F01')!.Ia!).toBeLessThan(limit);
  });

  it('over_current on a transformer trips the load-rate rule', () => {
    const sim = new GatewaySim(gateway, { intervalMs: 5000, faultRate: 0 });
    cmd(sim, 'simulate_fault', { device_sn: 'T1', fault: 'over_current' });
    expect(values(sim, T0, 'T1')!.load_rate!).toBeGreaterThan(100);
  });
});

describe('GatewaySim commands', () => {
  it('breaker trip and the breaker command open and close a feeder; energy stops while open', () => {
    const sim = new GatewaySim(gateway, { intervalMs: 5000, faultRate: 0 });
    const a = values(sim, T0, 'F01')!;
    cmd(sim, 'simulate_fault', { device_sn: 'F01', fault: 'breaker_trip' });
    const b = values(sim, T0 + 60_000, 'F01')!;
    expect(b).toMatchObject({ breaker: 0, Ia: 0, P: 0, EP: a.EP });
    // Reclosing is how an operator clears a trip.
    expect(cmd(sim, 'breaker', { device_sn: 'F01', close: true }).ok).toBe(true);
    expect(values(sim, T0 + 120_000, 'F01')!.breaker).toBe(1);
    expect(cmd(sim, 'breaker', { device_sn: 'F01', close: false }).ok).toBe(true);
    expect(values(sim, T0 + 180_000, 'F01')!.breaker).toBe(0);
    expect(cmd(sim, 'breaker', { device_sn: 'T1', close: false })).toMatchObject({ ok: false, error: expect.stringMatching(/no breaker/) });
    expect(cmd(sim, 'breaker', { device_sn: 'F01', close: 'yes' }).ok).toBe(false);
  });

  it('rejects unknown commands, faults, devices and faults that do not apply', () => {
    const sim = new GatewaySim(gateway, { intervalMs: 5000, faultRate: 0 });
    expect(cmd(sim, 'reboot', {})).toMatchObject({ ok: false, error: 'unknown command reboot' });
    expect(cmd(sim, 'simulate_fault', { device_sn: 'F01', fault: 'meteor' }).ok).toBe(false);
    expect(cmd(sim, 'simulate_fault', { device_sn: 'X9', fault: 'smoke' }).error).toMatch(/unknown device/);
    expect(cmd(sim, 'simulate_fault', { device_sn: 'F01', fault: 'smoke' }).error).toMatch(/does not apply/);
    expect(cmd(sim, 'simulate_fault', { fault: 'smoke' }).error).toMatch(/needs a device_sn/);
    expect(sim.command({ command: 'clear_fault' }, T0)).toBeNull();
    expect(sim.command('garbage', T0)).toBeNull();
  });

  it('smoke sets the detector and makes the room camera take a snapshot', () => {
    const sim = new GatewaySim(gateway, { intervalMs: 5000, faultRate: 0 });
    cmd(sim, 'simulate_fault', { device_sn: 'ENV', fault: 'smoke' });
    expect(values(sim, T0, 'ENV')!.smoke).toBe(1);
    const [capture, ...rest] = sim.takeCaptures();
    expect(rest).toHaveLength(0);
    expect(capture).toMatchObject({ ts: T0, device_sn: 'CAM1', img: expect.stringMatching(/^data:image\/svg\+xml;base64,/) });
    // Its text in both languages, naming the detector that saw the smoke.
    expect(capture).toMatchObject({ msg: '环境 烟雾告警联动抓拍', msg_en: 'Room environment: smoke alarm snapshot' });
    expect(sim.takeCaptures()).toEqual([]);
  });

  it('a timed fault clears itself', () => {
    const sim = new GatewaySim(gateway, { intervalMs: 5000, faultRate: 0 });
    cmd(sim, 'simulate_fault', { device_sn: 'EF1', fault: 'arc', duration_s: 30 });
    expect(values(sim, T0 + 10_000, 'EF1')!.arc).toBe(1);
    expect(values(sim, T0 + 31_000, 'EF1')!.arc).toBe(0);
  });

  it('comm_loss: a device drops out of telemetry, the whole gateway goes silent', () => {
    const sim = new GatewaySim(gateway, { intervalMs: 5000, faultRate: 0 });
    cmd(sim, 'simulate_fault', { device_sn: 'EV1', fault: 'comm_loss' });
    cmd(sim, 'simulate_fault', { device_sn: 'CAM1', fault: 'comm_loss' });
    const sns = sim.tick(T0).devices.map((d) => d.sn);
    expect(sns).not.toContain('EV1');
    expect(values(sim, T0, 'CAM1')!.online).toBe(0);
    expect(sim.isSilent(T0)).toBe(false);
    cmd(sim, 'simulate_fault', { fault: 'comm_loss', duration_s: 120 });
    expect(sim.isSilent(T0 + 60_000)).toBe(true);
    expect(sim.isSilent(T0 + 121_000)).toBe(false);
    cmd(sim, 'simulate_fault', { fault: 'comm_loss' });
    cmd(sim, 'clear_fault', {});
    expect(sim.isSilent(T0)).toBe(false);
    expect(sim.tick(T0 + 5000).devices.map((d) => d.sn)).toContain('EV1');
  });
});

describe('GatewaySim telemetry', () => {
  it('publishes every device in manifest order; the BMS follows its PCS', () => {
    const sim = new GatewaySim(gateway, { intervalMs: 5000, faultRate: 0 });
    // 20:00 local: evening peak, the PCS discharges and the SOC shown by the BMS falls with it.
    const evening = Date.UTC(2025, 5, 18, 12);
    let p = sim.tick(evening);
    expect(p.ts).toBe(evening);
    expect(p.devices.map((d) => d.sn)).toEqual(gateway.devices.map((d) => d.sn));
    const soc0 = p.devices.find((d) => d.sn === 'BMS1')!.values.SOC!;
    expect(p.devices.find((d) => d.sn === 'PCS1')!.values.P!).toBeGreaterThan(0);
    p = sim.tick(evening + 10 * 60_000);
    expect(p.devices.find((d) => d.sn === 'BMS1')!.values.SOC!).toBeLessThan(soc0);
  });

  it('starts random faults at the configured rate, each on a device it applies to, and expires them', () => {
    // Fire once (0 < rate), not the gateway-wide comm loss (0.5), first candidate, first fault, shortest
    // duration (120 s); after that the draws stay above the rate, so nothing else starts. The incomer is never a
    // random candidate (its trip and over-current are staged only), so the first candidate is the transformer.
    const seq = [0, 0.5, 0, 0, 0];
    let i = 0;
    const sim = new GatewaySim(gateway, { intervalMs: 5000, faultRate: 0.5, rng: () => seq[i++] ?? 0.99 });
    sim.tick(T0);
    expect(sim.activeFaults('AH1')).toEqual([]);
    expect(sim.activeFaults('T1')).toEqual(['over_temperature']);
    sim.tick(T0 + 60_000);
    expect(sim.activeFaults('T1')).toEqual(['over_temperature']);
    sim.tick(T0 + 121_000);
    expect(gateway.devices.flatMap((d) => sim.activeFaults(d.sn))).toEqual([]);
    const never = new GatewaySim(gateway, { intervalMs: 5000, faultRate: 0, rng: () => 0 });
    never.tick(T0);
    expect(gateway.devices.flatMap((d) => never.activeFaults(d.sn))).toEqual([]);
  });

  it('trims points per device for load tests', () => {
    const sim = new GatewaySim(gateway, { intervalMs: 5000, faultRate: 0, pointsPerDevice: 3 });
    expect(Object.keys(sim.tick(T0).devices[0]!.values)).toEqual(['Ua', 'Ub', 'Uc']);
  });
});

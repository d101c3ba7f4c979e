import { describe, expect, it } from 'vitest';
import type { EssStrategy, SimulatorGateway } from '@gridops/contract';
import { GatewaySim } from '../gatewaySim.js';
import { periodAt, strategyDispatchKw, strategySocLimits } from './essStrategy.js';
import { LINE_LOSS } from './physics.js';
import { SiteModel, type SiteDeviceDef } from './site.js';

/**
 * The storage unit follows the site's configured strategy (/RunSetup/EssSet): the periods in the site's zone,
 * their power within the system's and the unit's, the SOC window; and the physics stays whole — SOC integrates
 * the energy through the cells, counters only rise, the transformer measures its loads minus the discharge.
 */
const ZONE = 'Asia/Shanghai';
const HOUR = 3_600_000;
// 2025-06-18 00:00 in Asia/Shanghai (a Wednesday).
const MIDNIGHT = Date.UTC(2025, 5, 17, 16);
const at = (hh: number, mm = 0) => MIDNIGHT + hh * HOUR + mm * 60_000;

const strategy: EssStrategy = {
  capacity_kwh: 1000,
  power_kw: 400,
  soc_min_pct: 20,
  soc_max_pct: 80,
  schedule: [
    { start: '00:00', end: '06:00', mode: 'charge', power_kw: 300 },
    { start: '09:00', end: '11:00', mode: 'idle', power_kw: 0 },
    { start: '18:00', end: '22:00', mode: 'discharge', power_kw: 250 },
  ],
};

describe('strategy dispatch', () => {
  const ctx = { soc: 50, maxKw: 500, busLoadKw: 1000, zone: ZONE, strategy };

  it('charges and discharges in the periods of the site zone, idles elsewhere', () => {
    expect(periodAt(strategy, at(3), ZONE)?.mode).toBe('charge');
    expect(periodAt(strategy, at(6), ZONE)).toBeNull();
    expect(strategyDispatchKw({ ...ctx, t: at(0) })).toBe(-300);
    expect(strategyDispatchKw({ ...ctx, t: at(5, 59) })).toBe(-300);
    expect(strategyDispatchKw({ ...ctx, t: at(6) })).toBe(0);
    expect(strategyDispatchKw({ ...ctx, t: at(10) })).toBe(0);
    expect(strategyDispatchKw({ ...ctx, t: at(19) })).toBe(250);
    // The same instant in another zone is another hour of its day.
    expect(strategyDispatchKw({ ...ctx, t: at(19), zone: 'Europe/Berlin' })).toBe(0);
  });

  it('never asks more than the period, the system or the unit can, nor back-feeds the bus', () => {
    const big: EssStrategy = { ...strategy, power_kw: 1000, schedule: [{ start: '00:00', end: '24:00', mode: 'charge', power_kw: 900 }] };
    expect(strategyDispatchKw({ ...ctx, t: at(12), strategy: big, maxKw: 500 })).toBe(-500);
    expect(strategyDispatchKw({ ...ctx, t: at(12), strategy: { ...big, power_kw: 200 } })).toBe(-200);
    expect(strategyDispatchKw({ ...ctx, t: at(19), busLoadKw: 100 })).toBeCloseTo(90);
  });

  it('keeps the SOC window: no charge at the maximum, no discharge at the minimum', () => {
    expect(strategyDispatchKw({ ...ctx, t: at(1), soc: 80 })).toBe(0);
    expect(strategyDispatchKw({ ...ctx, t: at(19), soc: 20 })).toBe(0);
    // A window wider than the battery's protection limits is narrowed to them.
    expect(strategySocLimits({ ...strategy, soc_min_pct: 0, soc_max_pct: 100 })).toEqual({ min: 10, max: 95 });
  });
});

const defs: SiteDeviceDef[] = [
  { sn: 'T1', kind: 'transformer', props: { rated_kva: 2000, rated_kw: 1600 } },
  { sn: 'F01', kind: 'feeder', props: { rated_kw: 600 }, parent_sn: 'T1' },
  { sn: 'F02', kind: 'feeder', props: { rated_kw: 600 }, parent_sn: 'T1' },
  { sn: 'PCS1', kind: 'pcs', props: { rated_kw: 500, capacity_kwh: 1000 }, parent_sn: 'T1', ess_strategy: strategy },
  { sn: 'BMS1', kind: 'bms', props: { capacity_kwh: 1000 }, parent_sn: 'PCS1' },
];
const site = { latitude: 31.3, longitude: 120.7, siteSeed: 7, zone: ZONE };

describe('a site whose PCS follows its strategy', () => {
  it('runs a day by the schedule; SOC integrates the energy through the cells; parents stay children + losses', () => {
    const model = new SiteModel(defs, site);
    const step = 60_000;
    let prev: { soc: number; chg: number; dis: number } | null = null;
    let charged = 0;
    let discharged = 0;
    for (let t = at(0); t < at(24); t += step) {
      const out = model.sample(t, step);
      const pcs = out.get('PCS1')!;
      const soc = model.state('PCS1')!.soc;
      const mode = periodAt(strategy, t, ZONE)?.mode ?? 'idle';
      if (mode === 'idle') expect(pcs.P).toBe(0);
      if (mode === 'charge') expect(pcs.P).toBeLessThanOrEqual(0);
      if (mode === 'discharge') expect(pcs.P).toBeGreaterThanOrEqual(0);
      // Within the unit's power and the period's, and the SOC inside the battery's limits.
      expect(Math.abs(pcs.P!)).toBeLessThanOrEqual(300 + 1e-9);
      expect(soc).toBeGreaterThanOrEqual(10);
      expect(soc).toBeLessThanOrEqual(95);
      if (pcs.P! < -1) charged++;
      if (pcs.P! > 1) discharged++;
      // The BMS reports its PCS's SOC.
      expect(Math.abs(out.get('BMS1')!.SOC! - soc)).toBeLessThan(0.051);
      // The transformer meters its feeders minus the PCS's discharge (plus the charge), plus the busbar loss.
      const net = out.get('F01')!.P! + out.get('F02')!.P! - pcs.P!;
      // (published values are rounded to the catalogue's precision)
      expect(Math.abs(out.get('T1')!.P! - (net + LINE_LOSS.lvBusbar * Math.abs(net)))).toBeLessThan(0.3);
      const counters = model.counters('PCS1');
      const now = { soc, chg: counters.EPchg ?? 0, dis: counters.EPdis ?? 0 };
      if (prev) {
        // Counters never step back; SOC moves by exactly the energy through the cells (95 % round trip).
        expect(now.chg).toBeGreaterThanOrEqual(prev.chg);
        expect(now.dis).toBeGreaterThanOrEqual(prev.dis);
        const cellKwh = (now.chg - prev.chg) * 0.95 - (now.dis - prev.dis) / 0.95;
        expect(now.soc - prev.soc).toBeCloseTo((100 * cellKwh) / 1000, 6);
      }
      prev = now;
    }
    expect(charged).toBeGreaterThan(30);
    expect(discharged).toBeGreaterThan(30);
    // The charge stops at the strategy's 80 % (tapering over the last 5 %), the discharge at its 20 %.
    const model2 = new SiteModel(defs, site);
    for (let t = at(0); t < at(6); t += step) model2.sample(t, step);
    expect(model2.state('PCS1')!.soc).toBeLessThanOrEqual(80 + 1e-9);
    expect(model2.state('PCS1')!.soc).toBeGreaterThan(75);
  });

  it('takes a new strategy at the next sample and its own plan again when cleared', () => {
    const model = new SiteModel(defs, site);
    model.sample(at(12), 60_000);
    expect(model.sample(at(12, 1), 60_000).get('PCS1')!.P).toBe(0);
    expect(model.setStrategy('PCS1', { ...strategy, schedule: [{ start: '12:00', end: '13:00', mode: 'charge', power_kw: 120 }] })).toBe(true);
    expect(model.sample(at(12, 2), 60_000).get('PCS1')!.P).toBeCloseTo(-120, 6);
    expect(model.setStrategy('T1', null)).toBe(false);
    expect(model.setStrategy('PCS1', null)).toBe(true);
    expect(model.strategyOf('PCS1')).toBeUndefined();
  });
});

describe('the gateway’s ess_strategy command', () => {
  const gateway: SimulatorGateway = {
    sn: 'GW-T',
    secret: 's',
    project_id: 1,
    project_name: 't',
    latitude: 31.3,
    longitude: 120.7,
    timezone: ZONE,
    devices: [
      { sn: 'T1', kind: 'transformer', name: 'T1', name_en: 'T1', props: { rated_kva: 2000, rated_kw: 1600 } },
      { sn: 'F01', kind: 'feeder', name: 'F01', name_en: 'F01', props: { rated_kw: 600 }, parent_sn: 'T1' },
      { sn: 'PCS1', kind: 'pcs', name: 'PCS', name_en: 'PCS', props: { rated_kw: 500, capacity_kwh: 1000 }, parent_sn: 'T1' },
    ],
  };
  const send = (sim: GatewaySim, params: Record<string, unknown>) => sim.command({ id: 'ess-1', command: 'ess_strategy', params }, at(12))!;
  const pcsP = (sim: GatewaySim, t: number) => sim.tick(t).devices.find((d) => d.sn === 'PCS1')!.values.P;

  it('applies a strategy at once, refuses one the controller cannot run, clears back to its own plan', () => {
    const sim = new GatewaySim(gateway, { intervalMs: 60_000, faultRate: 0 });
    sim.tick(at(12));
    const noon = { ...strategy, schedule: [{ start: '11:00', end: '14:00', mode: 'charge', power_kw: 150 }] };
    expect(send(sim, { device_sn: 'PCS1', strategy: noon })).toMatchObject({ id: 'ess-1', ok: true });
    expect(pcsP(sim, at(12, 1))).toBeCloseTo(-150, 6);
    expect(send(sim, { device_sn: 'PCS1', strategy: { ...noon, schedule: [{ start: '11:00', end: '14:00', mode: 'discharge', power_kw: 100 }] } }).ok).toBe(true);
    expect(pcsP(sim, at(12, 2))).toBeGreaterThan(0);

    const overlapping = { ...noon, schedule: [noon.schedule[0], { start: '13:00', end: '15:00', mode: 'idle', power_kw: 0 }] };
    expect(send(sim, { device_sn: 'PCS1', strategy: overlapping })).toMatchObject({ ok: false, error: expect.stringContaining('overlap') });
    expect(send(sim, { device_sn: 'F01', strategy: noon })).toMatchObject({ ok: false, error: 'no PCS F01' });
    expect(send(sim, { device_sn: 'PCS1', strategy: { ...noon, soc_min_pct: 'low' } })).toMatchObject({ ok: false, error: expect.stringContaining('soc_min_pct') });
    // The refused ones changed nothing.
    expect(sim.strategyOf('PCS1')?.schedule[0]?.mode).toBe('discharge');
    expect(send(sim, { device_sn: 'PCS1', strategy: null }).ok).toBe(true);
    expect(sim.strategyOf('PCS1')).toBeUndefined();
  });

  it('starts with the strategy of its manifest', () => {
    const sim = new GatewaySim({ ...gateway, devices: gateway.devices.map((d) => (d.sn === 'PCS1' ? { ...d, ess_strategy: strategy } : d)) }, { intervalMs: 60_000, faultRate: 0 });
    sim.tick(at(2));
    expect(pcsP(sim, at(2, 1))).toBeCloseTo(-300, 6);
  });
});

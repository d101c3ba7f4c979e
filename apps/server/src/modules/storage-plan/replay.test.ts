import { describe, expect, it } from 'vitest';
import { executePlan } from './evaluate.js';
import type { PlanSlot } from './model.js';
import { nowcast, replayDays, type ReplayDay, type ReplaySite } from './replay.js';

const DAY0 = Date.UTC(2026, 5, 1, -8);
const tou = (m: number) => (m < 480 ? 0.3 : (m >= 480 && m < 660) || (m >= 1020 && m < 1320) ? 1.1 : 0.65);

/** A working day: 200 kW in the day, 80 at night, PV of a clear June day; `noise` moves the measured load. */
function slots(day: number, n: number, noise: (i: number) => number): PlanSlot[] {
  return Array.from({ length: n }, (_, i) => {
    const m = (i * 15) % 1440;
    const load = (m >= 480 && m < 1200 ? 200 : 80) * noise(i);
    return { start_ms: DAY0 + (day * 96 + i) * 900_000, local_minute: m, price: tou(m), export_price: 0.39, load_kw: load, pv_kw: Math.max(0, 150 * Math.sin(((m - 360) / 720) * Math.PI)) };
  });
}

const site: ReplaySite = {
  battery: { capacity_kwh: 400, soc_min_pct: 10, soc_max_pct: 95, reserve_pct: 0, max_charge_kw: 200, max_discharge_kw: 200, round_trip_efficiency: 0.9, wear_yuan_kwh: 0.05 },
  schedule: [
    { start: '00:00', end: '06:00', mode: 'charge', power_kw: 100 },
    { start: '08:00', end: '10:00', mode: 'discharge', power_kw: 120 },
    { start: '11:00', end: '14:00', mode: 'charge', power_kw: 100 },
    { start: '17:00', end: '21:00', mode: 'discharge', power_kw: 170 },
  ],
  demand: { price_yuan_kw_month: 40, declared_kw: null },
  transformer_kw: null,
  anti_backflow: true,
  self_consumption_yuan_kwh: 0,
};

describe('storage-plan replay', () => {
  it('over two weeks of measured days, planned on a forecast that is off, costs less than the fixed plan', async () => {
    // The "measured" load wanders ±15 % around what the forecast says, slot by slot.
    let seed = 3;
    const wobble = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return 0.85 + 0.3 * (seed / 2 ** 31);
    };
    const days: ReplayDay[] = Array.from({ length: 14 }, (_, d) => {
      const forecast = slots(d, 192, () => 1).map((s) => ({ ...s, load_high_kw: s.load_kw * 1.15 }));
      return { date: `2026-06-${String(d + 1).padStart(2, '0')}`, actual: slots(d, 96, wobble), forecast };
    });
    const r = await replayDays(site, days, { replanSlots: 32 });
    expect(r.days).toHaveLength(14);
    expect(r.totals.optimised_yuan).toBeLessThan(r.totals.fixed_yuan);
    expect(r.totals.fixed_yuan).toBeLessThan(r.totals.none_yuan);
    const sum = r.days.reduce((a, d) => a + d.optimised_yuan, 0);
    expect(sum).toBeCloseTo(r.totals.optimised_yuan, 6);
  }, 120_000);

  it('corrects the rest of the forecast by the last measured hour, fading out', () => {
    const forecast = slots(0, 192, () => 1).map((s) => ({ ...s, load_high_kw: s.load_kw * 1.2 }));
    const day: ReplayDay = { date: '2026-06-01', actual: slots(0, 96, () => 1.2), forecast };
    const k = 40; // 10:00, a 200 kW hour measured at 240
    const rest = nowcast(day, k);
    expect(rest).toHaveLength(192 - k);
    expect(rest[0]!.load_kw).toBeCloseTo(240, 6);
    expect(rest[0]!.load_high_kw).toBeCloseTo(288, 6);
    expect(rest[12]!.load_kw).toBeCloseTo(200 * (1 + 0.2 * Math.exp(-1)), 6);
    expect(rest[100]!.load_kw).toBeCloseTo(forecast[k + 100]!.load_kw, 1);
    // Nothing measured yet at midnight: the forecast as it is.
    expect(nowcast(day, 0)).toEqual(forecast);
  });

  it('executes a plan within the SOC window, without export under anti-backflow, and under the grid cap', () => {
    const s = slots(0, 96, () => 1);
    const input = { slot_minutes: 15, slots: s, battery: { ...site.battery, soc_pct: 50 }, demand: null, transformer_kw: null, anti_backflow: true, self_consumption_yuan_kwh: 0 };
    // A plan that asks for too much: full charge all night, full discharge all day.
    const r = executePlan(input, (slot) => (slot.local_minute < 480 ? { charge_kw: 500, discharge_kw: 0 } : { charge_kw: 0, discharge_kw: 500 }), { gridCapKw: 150 });
    expect(r.violations).toEqual([]);
    for (const st of r.steps) {
      expect(st.soc_pct).toBeGreaterThanOrEqual(10 - 1e-9);
      expect(st.soc_pct).toBeLessThanOrEqual(95 + 1e-9);
      expect(st.export_kw).toBe(0);
      expect(st.curtail_kw).toBeLessThan(1e-9);
    }
    // Night load 80 kW under a 150 kW cap: charging is held to 70 kW.
    expect(Math.max(...r.steps.slice(0, 32).map((x) => x.grid_kw))).toBeLessThanOrEqual(150 + 1e-9);
  });
});

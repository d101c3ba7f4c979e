import { addDays, siteDate, siteDayStart, wallClock } from '@gridops/format';
import type { EssStrategy } from '@gridops/contract';
import type { Db } from '../../db/database.js';
import { energyAssetsRepository } from '../energy-assets/repository.js';
import { forecastSite, type HistoryHour } from '../forecast/forecast.js';
import { forecastRepository } from '../forecast/repository.js';
import { segments } from '../metering/tariff.js';
import { tariffRepository, type TariffVersionRow } from '../metering/tariffRepository.js';
import { overviewRepository } from '../overview/repository.js';
import type { PlanSlot } from './model.js';
import type { ReplayDay, ReplaySite } from './replay.js';

const QUARTER = 15 * 60_000;
const HOUR = 3600_000;

/** Import and feed-in price of the slot starting at `minute` of site date `date`; null where no tariff is valid. */
export function slotPrice(tariffs: readonly TariffVersionRow[], date: string, minute: number): { price: number; export_price: number } | null {
  const t = tariffs.find((x) => x.valid_from <= date && (x.valid_to === null || date <= x.valid_to));
  if (!t) return null;
  const month = Number(date.slice(5, 7));
  const period = t.rows.periods.find((p) => p.month === month && segments(p.start_min, p.end_min).some(([a, b]) => minute >= a && minute < b));
  const price = period && t.rows.prices.find((p) => p.month === month && p.band === period.band)?.price;
  return price === undefined ? null : { price, export_price: t.feed_in_price ?? 0 };
}

/** The demand charge of the tariff valid on `date` (demand mode only: capacity charges do not move with the plan). */
function demandOf(tariffs: readonly TariffVersionRow[], date: string): ReplaySite['demand'] {
  const t = tariffs.find((x) => x.valid_from <= date && (x.valid_to === null || date <= x.valid_to));
  return t?.demand_mode === 'demand' ? { price_yuan_kw_month: t.basic_price, declared_kw: t.declared_demand_kw } : null;
}

export interface ReplayInputs {
  site: ReplaySite;
  days: ReplayDay[];
  name: string;
  name_en: string;
}

/**
 * A storage site's last `days` whole days for the replay (replay.ts), from the database: the first storage system
 * of EssSet with its fixed strategy, the tariff's band prices per quarter hour and its demand charge, the measured
 * hourly load and PV (each hour's quarters at the hour's mean) and, for each day, the 48 h forecast made at its
 * local midnight from the history before it (the forecast's own cut-off). Assumptions the site data does not hold:
 * round-trip efficiency 90 %, wear 0.05 yuan/kWh, no reserve, anti-backflow, no transformer limit.
 * null: no storage system, no tariff or no history.
 */
export async function replayInputs(db: Db, projectId: number, days: number, now: number): Promise<ReplayInputs | null> {
  const [siteRow, ess, tariffs, project] = await Promise.all([
    forecastRepository.site(db, projectId),
    energyAssetsRepository.list(db, [projectId], 'ess'),
    tariffRepository.versions(db, projectId),
    overviewRepository.project(db, projectId),
  ]);
  const system = ess[0]?.spec as (EssStrategy & { pcs_device_id: number }) | undefined;
  if (!siteRow || !system || !tariffs.length || !project) return null;
  const zone = siteRow.zone;
  const today = siteDate(zone, now);
  const history = await forecastRepository.hourly(db, projectId, zone, addDays(today, -(days + 58)), today, now);
  if (!history?.length) return null;
  const byStart = new Map<number, HistoryHour>(history.map((h) => [h.start_ms, h]));
  const fSite = { latitude: siteRow.latitude, longitude: siteRow.longitude, zone, planes: siteRow.planes, design_pr: siteRow.design_pr };
  const out: ReplayDay[] = [];
  for (let i = days; i >= 1; i--) {
    const date = addDays(today, -i);
    const start = siteDayStart(date, zone).getTime();
    // A 48 h plan from the day's midnight; its first 96 quarters are executed against the measured day.
    const f = forecastSite(fSite, history, start, { slots: 192 });
    const actual: PlanSlot[] = [];
    const forecast: PlanSlot[] = [];
    let complete = true;
    for (let q = 0; q < 192 && complete; q++) {
      const t = start + q * QUARTER;
      const clock = wallClock(t, zone);
      const minute = clock.hour * 60 + clock.minute;
      const price = slotPrice(tariffs, siteDate(zone, t), minute);
      if (!price) {
        complete = false;
        break;
      }
      const base = { start_ms: t, local_minute: minute, ...price };
      const fs = f.slots[q]!;
      forecast.push({ ...base, load_kw: fs.load_kw.p50, pv_kw: fs.pv_kw.p50, load_high_kw: fs.load_kw.p90 });
      if (q >= 96) continue;
      const h = byStart.get(t - ((t - start) % HOUR));
      if (!h || h.load_kwh === null) complete = false;
      else actual.push({ ...base, load_kw: h.load_kwh, pv_kw: h.pv_kwh ?? 0 });
    }
    if (complete) out.push({ date, actual, forecast });
  }
  if (!out.length) return null;
  return {
    name: project.name,
    name_en: project.name_en,
    days: out,
    site: {
      battery: {
        capacity_kwh: system.capacity_kwh,
        soc_min_pct: system.soc_min_pct,
        soc_max_pct: system.soc_max_pct,
        reserve_pct: 0,
        max_charge_kw: system.power_kw,
        max_discharge_kw: system.power_kw,
        round_trip_efficiency: 0.9,
        wear_yuan_kwh: 0.05,
      },
      schedule: system.schedule,
      demand: demandOf(tariffs, out.at(-1)!.date),
      transformer_kw: null,
      anti_backflow: true,
      self_consumption_yuan_kwh: 0,
    },
  };
}

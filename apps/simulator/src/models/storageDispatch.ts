import { localClock } from '../curves.js';
import { hash01 } from '../noise.js';
import { dayWeather } from './physics.js';
import { SOC_MAX } from './renewables.js';

/** What the storage controller (EMS) knows when it sets the PCS power. */
export interface DispatchContext {
  t: number;
  soc: number;
  /** Largest PCS power, kW (storageMaxKw). */
  maxKw: number;
  /** Load on the PCS's bus without the PCS, kW: it never discharges more than 90 % of it (no back-feed). */
  busLoadKw: number;
  /** PV the site could produce now, kW, and its rating (0 on a site without PV). */
  pvKw: number;
  pvRatedKw: number;
  /** Per site: weather and the day's plan. */
  siteSeed: number;
  /** The site's IANA zone: its valleys, peaks and weekends are local. */
  zone: string;
}

/**
 * The demo's storage strategy, "TOU arbitrage + PV self-consumption" (the micro-grid page names it):
 * - night valley (00–06): charge at full power, to SOC_MAX before a working day and to a planned 60–80 % on
 *   weekends (no morning peak to serve);
 * - morning peak (08–10), working days only: discharge at the day's planned 50–70 % power while SOC stays
 *   above 55 %;
 * - midday (11–14): charge towards the day's target SOC, faster with the PV the site has (weather-dependent
 *   surplus); a PV site targets 35 % + 60 % of the day's PV outlook, other sites a planned 55–85 %;
 * - evening peak (17–21): discharge at the planned 70–100 % power, capped at 90 % of the bus load so nothing flows back upstream, down to
 *   the day's backup reserve (10–20 % SOC);
 * - otherwise idle;
 * and whenever the site's PV exceeds the bus load, the surplus charges the battery (up to SOC_MAX) instead.
 * Weather, weekends, the load and the SOC left over make every day's charge and discharge different.
 */
export function storageDispatchKw(c: DispatchContext): number {
  // PV self-consumption first: PV the bus cannot use goes into the battery rather than being curtailed.
  const surplusKw = Math.max(0, c.pvKw - c.busLoadKw);
  const planned = plannedKw(c);
  if (surplusKw <= 0 || c.soc >= SOC_MAX) return planned;
  return -Math.min(c.maxKw, Math.max(surplusKw, -planned));
}

function plannedKw(c: DispatchContext): number {
  const clock = localClock(c.t, c.zone);
  const h = clock.hour;
  const weekend = clock.weekday === 0 || clock.weekday === 6;
  const plan = (n: number) => hash01(c.siteSeed ^ 0x51a7, clock.dayIndex * 8 + n);
  const cap = (kw: number) => Math.max(0, Math.min(kw, 0.9 * c.busLoadKw));
  if (h < 6) return c.soc < (weekend ? 60 + 20 * plan(1) : SOC_MAX) ? -c.maxKw : 0;
  if (h >= 8 && h < 10) return weekend || c.soc < 55 ? 0 : cap((0.5 + 0.2 * plan(6)) * c.maxKw);
  if (h >= 11 && h < 14) {
    const outlook = dayWeather(c.siteSeed, c.t, c.zone) * (0.85 + 0.15 * plan(2));
    const target = c.pvRatedKw > 0 ? 35 + 60 * outlook : 55 + 30 * plan(3);
    if (c.soc >= Math.min(SOC_MAX, target)) return 0;
    const pvShare = c.pvRatedKw > 0 ? c.pvKw / c.pvRatedKw : 0;
    return -c.maxKw * Math.min(1, 0.3 + 0.7 * pvShare);
  }
  if (h >= 17 && h < 21) return c.soc > 10 + 10 * plan(4) ? cap((0.7 + 0.3 * plan(5)) * c.maxKw) : 0;
  return 0;
}

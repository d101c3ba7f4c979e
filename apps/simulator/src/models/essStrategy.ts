import { minutesOf, type EssStrategy } from '@gridops/contract';
import { localClock } from '../curves.js';
import { SOC_MAX, SOC_MIN } from './renewables.js';

/**
 * A configured storage strategy (/RunSetup/EssSet, docs/energy-assets.md) as the site's EMS runs it: the PCS
 * follows the day's periods in the site's zone — charge or discharge at the period's power, idle outside the
 * periods — within the strategy's SOC limits and the system's power, and never more than the unit can do
 * (its rating at most 0.5 C, storageMaxKw). The battery's own protection limits (10–95 %) still apply, so a
 * strategy wider than them is narrowed to them.
 */
export interface StrategyContext {
  t: number;
  soc: number;
  /** The unit's largest power, kW (storageMaxKw of its rating and capacity). */
  maxKw: number;
  /** Load on the PCS's bus without the PCS, kW: a discharge never exceeds 90 % of it (anti-backflow). */
  busLoadKw: number;
  zone: string;
  strategy: EssStrategy;
}

/** The SOC window the controller keeps: the strategy's, inside the battery's protection limits. */
export function strategySocLimits(s: EssStrategy): { min: number; max: number } {
  return { min: Math.max(SOC_MIN, s.soc_min_pct), max: Math.min(SOC_MAX, s.soc_max_pct) };
}

/** The strategy's period at t (site time), or null outside every period. */
export function periodAt(s: EssStrategy, t: number, zone: string): EssStrategy['schedule'][number] | null {
  const minute = localClock(t, zone).hour * 60;
  return s.schedule.find((p) => minutesOf(p.start) <= minute && minute < minutesOf(p.end)) ?? null;
}

/** The PCS power the strategy asks for now, kW, discharge positive (0: idle, or the SOC limit is reached). */
export function strategyDispatchKw(c: StrategyContext): number {
  const period = periodAt(c.strategy, c.t, c.zone);
  const { min, max } = strategySocLimits(c.strategy);
  if (!period || period.mode === 'idle' || min >= max) return 0;
  const kw = Math.max(0, Math.min(period.power_kw, c.strategy.power_kw, c.maxKw));
  if (period.mode === 'charge') return c.soc < max ? -kw : 0;
  return c.soc > min ? Math.max(0, Math.min(kw, 0.9 * c.busLoadKw)) : 0;
}

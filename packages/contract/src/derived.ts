/**
 * Derived electrical figures, computed in one place (issue 26 item 7): the simulator, the demo seed, the server's
 * cards and KPIs and the web all call these, so a card's gauge can never disagree with the kW and PF beside it.
 */

/** Apparent power S = P / PF (kVA from kW); null when P or PF is unknown or PF is not in (0, 1]. */
export function apparentKva(kw: number | null, pf: number | null): number | null {
  if (kw === null || pf === null || !Number.isFinite(kw) || !Number.isFinite(pf) || pf <= 0 || pf > 1) return null;
  return Math.abs(kw) / pf;
}

/**
 * A transformer's load rate in %: S / rated kVA × 100 with S = P / PF. 94.44 kW at PF 0.934 on 800 kVA is
 * 12.64 %. Null when any input is unknown or the rating is not positive.
 */
export function transformerLoadPct(kw: number | null, pf: number | null, ratedKva: number | null): number | null {
  const s = apparentKva(kw, pf);
  if (s === null || ratedKva === null || !Number.isFinite(ratedKva) || ratedKva <= 0) return null;
  return (s / ratedKva) * 100;
}

/** Reactive power Q = P · tan(acos PF) (kvar, lagging positive); null when P or PF is unknown. */
export function reactiveKvar(kw: number | null, pf: number | null): number | null {
  if (kw === null || pf === null || !Number.isFinite(kw) || !Number.isFinite(pf) || pf <= 0 || pf > 1) return null;
  return kw * Math.tan(Math.acos(pf));
}

/**
 * Power factor from active and reactive power (or energy): P / √(P² + Q²). For several circuits pass the sums
 * ΣP and ΣQ — averaging their PFs would weight a 5 kW circuit like a 500 kW one. Null when P is unknown or S is 0.
 */
export function combinedPowerFactor(kw: number | null, kvar: number | null): number | null {
  if (kw === null || kvar === null || !Number.isFinite(kw) || !Number.isFinite(kvar)) return null;
  const s = Math.hypot(kw, kvar);
  return s > 0 ? Math.abs(kw) / s : null;
}

/** The combined power factor of circuits given as (P, PF) pairs; circuits with an unknown P or PF are left out. */
export function combinedPowerFactorOf(circuits: readonly { kw: number | null; pf: number | null }[]): number | null {
  let p = 0;
  let q = 0;
  let n = 0;
  for (const c of circuits) {
    const cq = reactiveKvar(c.kw, c.pf);
    if (c.kw === null || cq === null) continue;
    p += c.kw;
    q += cq;
    n += 1;
  }
  return n === 0 ? null : combinedPowerFactor(p, q);
}

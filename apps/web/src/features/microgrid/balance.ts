import type { microgridBalance } from '@gridops/contract';
import type { z } from 'zod';

export type MicrogridBalance = z.infer<typeof microgridBalance>;
export type BalanceEnd = 'source' | 'grid' | 'storage' | 'load' | 'charging';
export const BALANCE_ENDS: readonly BalanceEnd[] = ['source', 'grid', 'load', 'charging', 'storage'];

/** Below this a flow is drawn as idle: meter noise, not power. */
export const IDLE_KW = 0.05;

export interface BalanceLink {
  end: BalanceEnd;
  /** Magnitude, kW (always ≥ 0); the direction says which way it flows. */
  kw: number;
  direction: 'toBus' | 'fromBus' | 'idle';
  /** What the end is doing: grid import/export, storage discharge/charge, source generating, … */
  state: 'import' | 'export' | 'discharge' | 'charge' | 'generate' | 'consume' | 'idle';
}

export interface BalanceView {
  links: Record<BalanceEnd, BalanceLink>;
  /** Σ into the bus (PV/wind, grid import, storage discharge), kW. */
  supply: number;
  /** Σ out of the bus (load, EV charging, grid export, storage charge), kW. */
  demand: number;
  /** supply − demand: 0 when the load is the balance, non-zero only when the load was clamped at 0. */
  residual: number;
  /** Share of the live demand met on site (sources + discharge), %; null without demand. */
  localSharePct: number | null;
}

const r2 = (v: number) => Math.round(v * 100) / 100;

/**
 * The micro-grid answer as flows around one bus. Signs follow the contract: grid + is import (− export),
 * storage + is discharge (− charge); source, load and charging are ≥ 0.
 */
export function balanceView(
  b: Pick<MicrogridBalance, 'source_kw' | 'grid_kw' | 'load_kw' | 'storage_kw' | 'charging_kw'>,
): BalanceView {
  const link = (
    end: BalanceEnd,
    signedToBus: number,
    inState: BalanceLink['state'],
    outState: BalanceLink['state'],
  ): BalanceLink => {
    const kw = r2(Math.abs(signedToBus));
    if (kw < IDLE_KW) return { end, kw: 0, direction: 'idle', state: 'idle' };
    return signedToBus > 0
      ? { end, kw, direction: 'toBus', state: inState }
      : { end, kw, direction: 'fromBus', state: outState };
  };
  const links: Record<BalanceEnd, BalanceLink> = {
    source: link('source', b.source_kw, 'generate', 'consume'),
    grid: link('grid', b.grid_kw, 'import', 'export'),
    storage: link('storage', b.storage_kw, 'discharge', 'charge'),
    load: link('load', -b.load_kw, 'generate', 'consume'),
    charging: link('charging', -b.charging_kw, 'generate', 'consume'),
  };
  let supply = 0;
  let demand = 0;
  for (const l of Object.values(links)) {
    if (l.direction === 'toBus') supply += l.kw;
    if (l.direction === 'fromBus') demand += l.kw;
  }
  const local =
    (links.source.direction === 'toBus' ? links.source.kw : 0) +
    (links.storage.direction === 'toBus' ? links.storage.kw : 0);
  return {
    links,
    supply: r2(supply),
    demand: r2(demand),
    residual: r2(supply - demand),
    localSharePct: demand > 0 ? r2(Math.min(100, (local / demand) * 100)) : null,
  };
}

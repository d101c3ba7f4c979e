import { EMPTY_TEXT, formatNumber, percentChange, toNumber } from '@gridops/format';
import type { NumericInput } from '@gridops/format';
import type { ChangeReason } from '@gridops/contract';

export type ChangeDirection = 'up' | 'down' | 'flat';

export interface Change {
  /** (current − previous) / |previous| × 100; null when either value is absent or the base is zero. */
  pct: number | null;
  direction: ChangeDirection | null;
  /** Signed percentage with 1 decimal and the arrow, e.g. '↑12.3%', '↓4.0%', '0.0%'; '-' when pct is null. */
  text: string;
}

/**
 * Percentage change against a base, by the same rule as the server's `mom_pct`/`yoy_pct` (percentChange in
 * @gridops/format): a zero or missing base gives null, never ±Infinity.
 */
export function changePct(current: NumericInput, previous: NumericInput): number | null {
  return percentChange(toNumber(current), toNumber(previous));
}

/** Direction and display text of a percentage change (use `pct` from the server when it sent one). */
export function describeChange(pct: number | null | undefined, precision = 1): Change {
  if (pct === null || pct === undefined || !Number.isFinite(pct))
    return { pct: null, direction: null, text: EMPTY_TEXT };
  const shown = formatNumber(Math.abs(pct), precision);
  // A change that rounds to 0.0 shows no arrow, so "↑0.0%" never appears.
  if (Number(shown.replace(/,/g, '')) === 0)
    return { pct, direction: 'flat', text: `${formatNumber(0, precision)}%` };
  return pct > 0
    ? { pct, direction: 'up', text: `↑${shown}%` }
    : { pct, direction: 'down', text: `↓${shown}%` };
}

export function compare(current: NumericInput, previous: NumericInput, precision = 1): Change {
  return describeChange(changePct(current, previous), precision);
}

/**
 * Why a change is '-' (server `mom_reason`/`yoy_reason`, docs/energy-model.md "Comparisons"), in the UI
 * language; `since` is the first stored reading already formatted as a site-local date. Null without a reason.
 */
export function changeReasonText(
  t: (key: string, options?: Record<string, unknown>) => string,
  reason: ChangeReason | null | undefined,
  since: string | null | undefined,
): string | null {
  if (!reason) return null;
  if (reason === 'base_zero') return t('stats.reason.base_zero');
  if (reason === 'in_progress') return t('stats.reason.in_progress');
  return since ? t('stats.reason.base_not_covered', { since }) : t('stats.reason.base_not_covered_none');
}

import type { LiveEventData, WallTickerItem } from '@gridops/contract';

/*
 * The wall's live state between two reads of the wall's answer, pure (liveTicker.test.ts): which stations
 * pulse, and the ticker with the pushed alarms in front of the last answer's.
 */

/** How long a station pulses after a pushed alarm or fault. */
export const PULSE_MS = 5 * 60_000;
/** Rows the ticker keeps. */
export const TICKER_ROWS = 20;

/** A ticker row: an event of the wall's answer, or one pushed on the live channel since. */
export interface TickerRow {
  key: string;
  eventId: number | null;
  projectId: number;
  site: { zh: string; en: string };
  level: number;
  type: number;
  message: string;
  message_key?: string | null | undefined;
  message_params?: unknown;
  device: string;
  at: number;
  live: boolean;
}

/** A pushed event as a ticker row; null for what the wall does not show (messages, events without a site). */
export function rowOfPush(d: LiveEventData, at: number): TickerRow | null {
  if (d.type === 1 || d.project_id === undefined) return null;
  return {
    key: `live-${d.event_id ?? at}`,
    eventId: d.event_id ?? null,
    projectId: d.project_id,
    site: { zh: d.title, en: d.title_en ?? d.title },
    level: d.level,
    type: d.type,
    message: d.msg,
    message_key: d.message_key,
    message_params: d.message_params,
    device: '',
    at,
    live: true,
  };
}

export function rowOfItem(e: WallTickerItem): TickerRow {
  return {
    key: `event-${e.id}`,
    eventId: e.id,
    projectId: e.project_id,
    site: { zh: e.project_name, en: e.project_name },
    level: e.level,
    type: e.event_type,
    message: e.message,
    message_key: e.message_key,
    message_params: e.message_params,
    device: e.device_name,
    at: Date.parse(e.raised_at),
    live: false,
  };
}

/** The pushed rows the answer does not carry yet, then the answer's, newest first, at most `TICKER_ROWS`. */
export function mergeTicker(live: TickerRow[], answer: WallTickerItem[]): TickerRow[] {
  const known = new Set(answer.map((e) => e.id));
  const pushed = live.filter((r) => r.eventId === null || !known.has(r.eventId));
  return [...pushed, ...answer.map(rowOfItem)].sort((a, b) => b.at - a.at).slice(0, TICKER_ROWS);
}

/** Adds a pushed row in front, keeping at most `TICKER_ROWS` (a wall runs for days: nothing grows). */
export const pushRow = (rows: TickerRow[], row: TickerRow): TickerRow[] => [row, ...rows.filter((r) => r.key !== row.key)].slice(0, TICKER_ROWS);

/** The stations pulsing at `now`: project id → until when; expired ones are dropped. */
export function pulsingAt(until: ReadonlyMap<number, number>, now: number): Set<number> {
  return new Set([...until].filter(([, t]) => t > now).map(([id]) => id));
}

/** Seconds since the data was read, for the staleness line. */
export const ageSeconds = (readAt: number, now: number) => Math.max(0, Math.floor((now - readAt) / 1000));

/** Data older than this is shown as stale (the wall re-reads every 15 s and on every push). */
export const STALE_AFTER_S = 60;

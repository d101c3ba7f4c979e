import type { EventNotice, SiteNotice } from '@gridops/contract';
import { isEventNotice } from './api';

type Scope = 'org' | 'site';
type Notices = Array<SiteNotice | EventNotice>;

/**
 * What the user had in front of them when they last closed the pending dialog: the events (site scope) or the
 * pending count per site (organisation scope). The dialog re-opens only for something new against it — not
 * when the list merely changes (events handled elsewhere, counts going down), which with a live site happens
 * every few seconds and made the dialog pop up again while it was closing.
 */
export interface SeenPending {
  scope: Scope;
  events: ReadonlySet<number>;
  sites: ReadonlyMap<number, number>;
}

export function seenOf(scope: Scope, list: Notices): SeenPending {
  const events = new Set<number>();
  const sites = new Map<number, number>();
  for (const n of list) {
    if (isEventNotice(n)) events.add(n.id);
    else sites.set(n.id, n.total);
  }
  return { scope, events, sites };
}

/** True when the list holds an event not seen, a site not seen, or a site with more pending than seen. */
export function hasNewPending(seen: SeenPending | null, scope: Scope, list: Notices): boolean {
  if (list.length === 0) return false;
  if (!seen || seen.scope !== scope) return true;
  return list.some((n) => (isEventNotice(n) ? !seen.events.has(n.id) : n.total > (seen.sites.get(n.id) ?? 0)));
}

/**
 * Follows the list downwards: a site whose count fell (events handled) keeps the lower count, and what left the
 * list is forgotten, so a later rise or return counts as new. Never raises a count (that is what `hasNewPending`
 * reports). Returns `seen` itself when nothing changed.
 */
export function followList(seen: SeenPending, scope: Scope, list: Notices): SeenPending {
  if (seen.scope !== scope) return seen;
  const now = seenOf(scope, list);
  const events = new Set([...seen.events].filter((id) => now.events.has(id)));
  const sites = new Map<number, number>();
  for (const [id, total] of seen.sites) {
    const current = now.sites.get(id);
    if (current !== undefined) sites.set(id, Math.min(total, current));
  }
  const same = events.size === seen.events.size && sites.size === seen.sites.size && [...sites].every(([id, t]) => seen.sites.get(id) === t);
  return same ? seen : { scope, events, sites };
}

/**
 * Crossing from the organisation's list into one site (立即处理 on a site, or a station card): the site's
 * events were already shown as that site's count, so they count as seen when there are no more of them than
 * that — the login no longer shows a second dialog in a row for the same events. More events than the count
 * (something new meanwhile) keep the dialog. Any other scope change returns `seen` as it is.
 */
export function carryIntoSite(seen: SeenPending, scope: Scope, list: Notices, project: number | null): SeenPending {
  if (seen.scope !== 'org' || scope !== 'site' || project === null) return seen;
  const shown = seen.sites.get(project) ?? 0;
  const events = list.filter(isEventNotice);
  return events.length <= shown ? seenOf('site', list) : seen;
}

/** sessionStorage key of what the user last closed the dialog over: kept per browser session, across reloads. */
export const SEEN_STORAGE_KEY = 'gridops-pending-seen';

interface StoredSeen {
  /** Whose it is: a different login in the same tab starts with nothing seen. */
  userId: number;
  scope: Scope;
  events: number[];
  sites: Array<[number, number]>;
}

/** What `userId` had seen in this browser session, or null (nothing stored, another user's, or unreadable). */
export function loadSeen(userId: number | undefined): SeenPending | null {
  if (userId === undefined) return null;
  try {
    const raw = window.sessionStorage.getItem(SEEN_STORAGE_KEY);
    if (!raw) return null;
    const stored = JSON.parse(raw) as Partial<StoredSeen>;
    if (stored.userId !== userId || (stored.scope !== 'org' && stored.scope !== 'site')) return null;
    if (!Array.isArray(stored.events) || !Array.isArray(stored.sites)) return null;
    return { scope: stored.scope, events: new Set(stored.events), sites: new Map(stored.sites) };
  } catch {
    return null;
  }
}

/** Keeps `seen` for the rest of the browser session (a reload must not show the same list again). */
export function storeSeen(userId: number | undefined, seen: SeenPending | null): void {
  if (userId === undefined) return;
  if (!seen) {
    window.sessionStorage.removeItem(SEEN_STORAGE_KEY);
    return;
  }
  const stored: StoredSeen = { userId, scope: seen.scope, events: [...seen.events], sites: [...seen.sites] };
  window.sessionStorage.setItem(SEEN_STORAGE_KEY, JSON.stringify(stored));
}

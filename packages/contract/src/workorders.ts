/**
 * Defect work orders (消缺工单, docs/operations.md): the life cycle as a pure state machine, and the SLA clock.
 * The server checks every transition with `nextState`; the console uses the same function to show only the
 * actions the caller may take.
 */

export const WO_STATES = ['created', 'assigned', 'accepted', 'onsite', 'resolved', 'verified', 'closed'] as const;
export type WoState = (typeof WO_STATES)[number];

export const WO_PRIORITIES = ['urgent', 'high', 'normal', 'low'] as const;
export type WoPriority = (typeof WO_PRIORITIES)[number];

export const WO_ACTIONS = ['assign', 'accept', 'decline', 'arrive', 'resolve', 'verify', 'reject', 'close'] as const;
export type WoAction = (typeof WO_ACTIONS)[number];

/** Where an order came from: an event, an inspection finding (its ref), or typed by hand. */
export const WO_SOURCES = ['event', 'inspection', 'manual'] as const;
export type WoSource = (typeof WO_SOURCES)[number];

/**
 * What the caller is to this order: 'assignee' (the worker it is assigned to; a manager acts as assignee for an
 * expert, who has no login) and 'manager' (a site or centre user of the project).
 */
export type WoRole = 'assignee' | 'manager';

interface Edge {
  from: readonly WoState[];
  to: WoState;
  by: WoRole;
  /** A reason is required (refusals). */
  reason?: true;
}

/**
 * The transitions. Declining an assignment returns the order to 'created' (to be assigned again); a rejected
 * resolution (or a verified one reopened before closing) goes back on site to be redone.
 */
export const WO_EDGES: Record<WoAction, Edge> = {
  assign: { from: ['created', 'assigned'], to: 'assigned', by: 'manager' },
  accept: { from: ['assigned'], to: 'accepted', by: 'assignee' },
  decline: { from: ['assigned'], to: 'created', by: 'assignee', reason: true },
  arrive: { from: ['accepted'], to: 'onsite', by: 'assignee' },
  resolve: { from: ['onsite'], to: 'resolved', by: 'assignee' },
  verify: { from: ['resolved'], to: 'verified', by: 'manager' },
  reject: { from: ['resolved', 'verified'], to: 'onsite', by: 'manager', reason: true },
  close: { from: ['verified'], to: 'closed', by: 'manager' },
};

export type TransitionResult =
  | { ok: true; to: WoState }
  | { ok: false; why: 'state' | 'role' | 'reason'; zh: string; en: string };

export const woStateNames: Record<WoState, { zh: string; en: string }> = {
  created: { zh: '待派工', en: 'to assign' },
  assigned: { zh: '已派工', en: 'assigned' },
  accepted: { zh: '已接单', en: 'accepted' },
  onsite: { zh: '处理中', en: 'on site' },
  resolved: { zh: '待验收', en: 'resolved' },
  verified: { zh: '已验收', en: 'verified' },
  closed: { zh: '已关闭', en: 'closed' },
};

export const woActionNames: Record<WoAction | 'create' | 'breach', { zh: string; en: string }> = {
  create: { zh: '创建', en: 'create' },
  assign: { zh: '派工', en: 'assign' },
  accept: { zh: '接单', en: 'accept' },
  decline: { zh: '拒单', en: 'decline' },
  arrive: { zh: '到达现场', en: 'arrive on site' },
  resolve: { zh: '提交处理结果', en: 'resolve' },
  verify: { zh: '验收', en: 'verify' },
  reject: { zh: '驳回', en: 'reject' },
  close: { zh: '关闭', en: 'close' },
  breach: { zh: '超时', en: 'SLA breach' },
};

/** The next state after `action` from `state` for a caller holding `roles`, or why it is refused. */
export function nextState(state: WoState, action: WoAction, roles: readonly WoRole[], reason = ''): TransitionResult {
  const edge = WO_EDGES[action];
  const a = woActionNames[action];
  if (!edge.from.includes(state)) {
    const s = woStateNames[state];
    return { ok: false, why: 'state', zh: `工单当前为“${s.zh}”，不能${a.zh}`, en: `The work order is ${s.en} and cannot be given “${a.en}”` };
  }
  if (!roles.includes(edge.by)) {
    return edge.by === 'assignee'
      ? { ok: false, why: 'role', zh: `只有工单的处理人可以${a.zh}`, en: `Only the assignee may ${a.en}` }
      : { ok: false, why: 'role', zh: `只有站点或中心用户可以${a.zh}`, en: `Only a site or centre user may ${a.en}` };
  }
  if (edge.reason && !reason.trim()) return { ok: false, why: 'reason', zh: `${a.zh}须填写原因`, en: `A reason is required to ${a.en}` };
  return { ok: true, to: edge.to };
}

/** The actions a caller holding `roles` may take on an order in `state` (what the console offers). */
export const allowedActions = (state: WoState, roles: readonly WoRole[]): WoAction[] =>
  WO_ACTIONS.filter((a) => WO_EDGES[a].from.includes(state) && roles.includes(WO_EDGES[a].by));

/** Minutes to respond (accept) and to resolve, counted from creation, per priority. */
export type SlaTable = Record<WoPriority, { respond_minutes: number; resolve_minutes: number }>;

/** Used where an organisation has not set its own. */
export const DEFAULT_SLA: SlaTable = {
  urgent: { respond_minutes: 15, resolve_minutes: 240 },
  high: { respond_minutes: 30, resolve_minutes: 480 },
  normal: { respond_minutes: 120, resolve_minutes: 1440 },
  low: { respond_minutes: 480, resolve_minutes: 4320 },
};

export interface SlaPart {
  /** Deadline (ms since epoch). */
  due: number;
  /** When it was met (accepted / resolved), or null. */
  doneAt: number | null;
  /** ms left until the deadline (negative: overdue by that much); null once met. */
  remainingMs: number | null;
  /** Met late, or still open past the deadline. */
  breached: boolean;
}

export interface SlaClock {
  respond: SlaPart;
  resolve: SlaPart;
  /** Either deadline missed while the order is still open. */
  overdue: boolean;
}

function part(due: number, doneAt: number | null, now: number): SlaPart {
  if (doneAt !== null) return { due, doneAt, remainingMs: null, breached: doneAt > due };
  return { due, doneAt, remainingMs: due - now, breached: now > due };
}

/** The SLA clock of an order at `now`: respond runs until accepted, resolve until resolved. */
export function slaClock(o: { respond_due: string; resolve_due: string; accepted_at: string | null; resolved_at: string | null; state: WoState }, now: number): SlaClock {
  const t = (s: string | null) => (s === null ? null : Date.parse(s));
  const respond = part(Date.parse(o.respond_due), t(o.accepted_at), now);
  const resolve = part(Date.parse(o.resolve_due), t(o.resolved_at), now);
  const open = o.state !== 'closed';
  return { respond, resolve, overdue: open && ((respond.doneAt === null && respond.breached) || (resolve.doneAt === null && resolve.breached)) };
}

/** A countdown as text: `2h 05m` / `-0h 12m` (overdue), days when long; seconds under a minute. */
export function formatCountdown(ms: number): string {
  const sign = ms < 0 ? '-' : '';
  const abs = Math.abs(ms);
  const totalMin = Math.floor(abs / 60_000);
  if (totalMin === 0) return `${sign}${Math.floor(abs / 1000)}s`;
  const d = Math.floor(totalMin / 1440);
  const h = Math.floor((totalMin % 1440) / 60);
  const m = totalMin % 60;
  const mm = String(m).padStart(2, '0');
  return d > 0 ? `${sign}${d}d ${h}h ${mm}m` : `${sign}${h}h ${mm}m`;
}

/** Deadlines of a new order created at `at` (ms) with `priority` under `sla`. */
export function slaDeadlines(at: number, priority: WoPriority, sla: SlaTable): { respond_due: Date; resolve_due: Date } {
  const s = sla[priority];
  return { respond_due: new Date(at + s.respond_minutes * 60_000), resolve_due: new Date(at + s.resolve_minutes * 60_000) };
}

/** A photo taken on site: PNG or JPEG, at most this many bytes after the phone resized it. */
export const WO_PHOTO_MAX_BYTES = 2 * 1024 * 1024;
export const WO_PHOTOS_MAX = 6;

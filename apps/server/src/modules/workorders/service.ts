import {
  allowedActions,
  clientTopics,
  DEFAULT_SLA,
  ErrorCode,
  nextState,
  slaDeadlines,
  UserType,
  WO_PHOTO_MAX_BYTES,
  WO_PHOTOS_MAX,
  WO_PRIORITIES,
  type MessageEnvelope,
  type SlaTable,
  type WoAssignee,
  type WoPriority,
  type WoRole,
  type WorkOrder,
  type WorkOrderCreate,
  type WorkOrderDetail,
  type WorkOrderTransition,
  type WoState,
  type WoTimelineEntry,
} from '@gridops/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.js';
import { AppError, forbidden, notFound } from '../../lib/errors.js';
import { guardImage } from '../../lib/imageGuard.js';
import type { AuthUser } from '../../types.js';
import type { AccessService } from '../access/service.js';
import type { AuditService } from '../audit/service.js';
import { breachDeliveries } from './breach.js';
import { workOrderRepository as repo, type OrderChange, type OrderRow } from './repository.js';

export type Publish = (topic: string, payload: string) => Promise<void>;

export interface WorkOrderListFilter {
  project_id?: number | undefined;
  state?: WoState[] | undefined;
  priority?: WoPriority | undefined;
  assignee_user_id?: number | undefined;
  overdue?: boolean | undefined;
  open?: boolean | undefined;
  page: number;
  size: number;
}

const invalid = (field: string, zh: string, en: string) => new AppError(ErrorCode.Validation, { zh, en }, field);
const iso = (d: Date | null) => (d ? d.toISOString() : null);
export const orderCode = (id: number) => `WO-${String(id).padStart(6, '0')}`;

/** What the caller is to an order: a worker only its assignee; site and centre users manage it (and act for an expert). */
export function rolesOf(user: Pick<AuthUser, 'id' | 'userType'>, o: { assignee_user_id: number | null; assignee_expert_id: number | null }): WoRole[] {
  if (user.userType === UserType.Worker) return o.assignee_user_id === user.id ? ['assignee'] : [];
  return o.assignee_expert_id !== null || o.assignee_user_id === user.id ? ['manager', 'assignee'] : ['manager'];
}

/**
 * Defect work orders (docs/operations.md): created from an event, an inspection finding or by hand, assigned to a
 * worker or an approved expert, accepted, worked on site, resolved with photos, verified and closed by the site.
 * Every transition goes through the contract's state machine, in one transaction with its timeline row, its
 * usage-log entry and the version check; a worker sees only the orders assigned to him.
 */
export function createWorkOrderService(db: Db, access: AccessService, audit: AuditService) {
  let publish: Publish | null = null;

  async function projectScope(user: AuthUser): Promise<number[]> {
    return (await access.scope(user)).projectIds;
  }

  async function slaOf(trx: Db, orgId: number): Promise<SlaTable> {
    const table: SlaTable = structuredClone(DEFAULT_SLA);
    for (const r of await repo.sla(trx, orgId)) table[r.priority as WoPriority] = { respond_minutes: r.respond_minutes, resolve_minutes: r.resolve_minutes };
    return table;
  }

  function toOrder(r: OrderRow, user: AuthUser): WorkOrder {
    return {
      id: r.id,
      code: orderCode(r.id),
      org_id: r.org_id,
      project_id: r.project_id,
      project_name: r.project_name,
      project_name_en: r.project_name_en,
      latitude: Number(r.latitude),
      longitude: Number(r.longitude),
      timezone: r.timezone,
      source_kind: r.source_kind,
      source_ref: r.source_ref,
      event_id: r.event_id,
      device_id: r.device_id,
      device_name: r.device_name,
      device_name_en: r.device_name_en,
      title: r.title,
      title_en: r.title_en,
      description: r.description,
      priority: r.priority as WoPriority,
      state: r.state as WoState,
      assignee_kind: r.assignee_user_id !== null ? 'user' : r.assignee_expert_id !== null ? 'expert' : null,
      assignee_id: r.assignee_user_id ?? r.assignee_expert_id,
      assignee_name: r.assignee_name,
      assignee_name_en: r.assignee_name_en,
      assignee_phone: r.assignee_phone,
      respond_due: r.respond_due.toISOString(),
      resolve_due: r.resolve_due.toISOString(),
      accepted_at: iso(r.accepted_at),
      arrived_at: iso(r.arrived_at),
      resolved_at: iso(r.resolved_at),
      verified_at: iso(r.verified_at),
      closed_at: iso(r.closed_at),
      cause: r.cause,
      action_taken: r.action_taken,
      parts: r.parts,
      reject_reason: r.reject_reason,
      photo_ids: r.photo_ids,
      actions: allowedActions(r.state as WoState, rolesOf(user, r)),
      version: r.version,
      created_at: r.created_at.toISOString(),
      updated_at: r.updated_at.toISOString(),
    };
  }

  /** The order if the caller may see it: its project in scope, and for a worker assigned to him; else 10004. */
  async function visible(trx: Db, user: AuthUser, id: number, justActed = false, scoped?: number[]): Promise<OrderRow> {
    const row = await repo.get(trx, id);
    if (!row) throw notFound();
    if (justActed) return row;
    // Inside a transaction the scope is read before it (PGlite has one connection).
    const projectIds = scoped ?? (await projectScope(user));
    if (!projectIds.includes(row.project_id)) throw forbidden();
    if (user.userType === UserType.Worker && row.assignee_user_id !== user.id) throw forbidden();
    return row;
  }

  /** `justActed`: the caller's own transition just committed (a declining worker no longer sees the order). */
  async function detail(trx: Db, user: AuthUser, id: number, justActed = false): Promise<WorkOrderDetail> {
    const row = await visible(trx, user, id, justActed);
    const timeline: WoTimelineEntry[] = (await repo.timeline(trx, id)).map((l) => ({
      action: l.action as WoTimelineEntry['action'],
      from_state: l.from_state as WoState | null,
      to_state: l.to_state as WoState | null,
      note: l.note,
      at: l.at.toISOString(),
      user_name: l.user_name,
      user_name_en: l.user_name_en,
    }));
    return { ...toOrder(row, user), timeline };
  }

  /** The assignee must be an enabled worker of the project or an approved, enabled expert of its organisation chain. */
  async function checkAssignee(trx: Db, projectId: number, a: WoAssignee): Promise<Pick<OrderChange, 'assignee_user_id' | 'assignee_expert_id'>> {
    if (a.kind === 'user') {
      if (!(await repo.workers(trx, projectId)).some((w) => w.id === a.id)) {
        throw invalid('assignee', '处理人须为本站点的运维人员', 'The assignee must be a worker of this site');
      }
      return { assignee_user_id: a.id, assignee_expert_id: null };
    }
    if (!(await repo.experts(trx, projectId)).some((x) => x.id === a.id)) {
      throw invalid('assignee', '处理人须为已审核通过的专家', 'The assignee must be an approved expert');
    }
    return { assignee_user_id: null, assignee_expert_id: a.id };
  }

  async function tell(userIds: { id: number; org_id: number }[], data: Record<string, unknown>) {
    if (!publish || userIds.length === 0) return;
    const envelope: MessageEnvelope = { command: 'workorder', data, timestamp: Date.now() };
    const payload = JSON.stringify(envelope);
    const p = publish;
    await Promise.all(userIds.map((u) => p(clientTopics(u.org_id, u.id).message, payload))).catch(() => undefined);
  }

  /** Live message after a commit: a new assignment to its worker, a resolution or refusal to the site's managers. */
  async function notifyAfter(row: OrderRow, kind: string) {
    const data = { kind, id: row.id, code: orderCode(row.id), title: row.title, title_en: row.title_en, priority: row.priority, state: row.state, project_id: row.project_id, project_name: row.project_name, project_name_en: row.project_name_en };
    if (kind === 'assign' && row.assignee_user_id !== null) {
      const org = await repo.userOrg(db, row.assignee_user_id);
      if (org !== undefined) await tell([{ id: row.assignee_user_id, org_id: org }], data);
    } else if (kind === 'resolve' || kind === 'decline' || kind === 'create') {
      await tell(await repo.managers(db, row.project_id), data);
    }
  }

  async function applyTransition(trx: Db, user: AuthUser, row: OrderRow, t: WorkOrderTransition): Promise<void> {
    const roles = rolesOf(user, row);
    const from = row.state as WoState;
    const r = nextState(from, t.action, roles, t.reason);
    if (!r.ok) {
      if (r.why === 'reason') throw invalid('reason', r.zh, r.en);
      throw new AppError(r.why === 'role' ? ErrorCode.Forbidden : ErrorCode.Conflict, { zh: r.zh, en: r.en }, 'action');
    }
    const now = new Date();
    const change: OrderChange = { state: r.to };
    let note = t.reason;
    const photos: { photo: Buffer; photo_type: string }[] = [];
    switch (t.action) {
      case 'assign':
        if (!t.assignee) throw invalid('assignee', '请选择处理人', 'Choose an assignee');
        Object.assign(change, await checkAssignee(trx, row.project_id, t.assignee), { reject_reason: '' });
        {
          // The timeline names the assignee in both languages ("中文|English"; the console picks one).
          const a = t.assignee;
          const who = a.kind === 'user' ? (await repo.workers(trx, row.project_id)).find((w) => w.id === a.id) : (await repo.experts(trx, row.project_id)).find((x) => x.id === a.id);
          note = who ? `${who.name}|${who.name_en}` : '';
        }
        break;
      case 'accept':
        change.accepted_at = now;
        break;
      case 'decline':
        Object.assign(change, { assignee_user_id: null, assignee_expert_id: null, reject_reason: t.reason });
        break;
      case 'arrive':
        change.arrived_at = now;
        break;
      case 'resolve': {
        if (!t.cause) throw invalid('cause', '请填写故障原因', 'Enter the cause');
        if (!t.action_taken) throw invalid('action_taken', '请填写处理措施', 'Enter the action taken');
        if ((await repo.countPhotos(trx, row.id)) + t.photos.length > WO_PHOTOS_MAX) throw invalid('photos', `照片最多 ${WO_PHOTOS_MAX} 张`, `At most ${WO_PHOTOS_MAX} photos`);
        for (const [i, b64] of t.photos.entries()) {
          const p = await guardImage(Buffer.from(b64, 'base64'), { field: `photos.${i}`, label: { zh: '照片', en: 'photo' }, maxBytes: WO_PHOTO_MAX_BYTES });
          photos.push({ photo: p.bytes, photo_type: p.mime });
        }
        Object.assign(change, { resolved_at: now, cause: t.cause, action_taken: t.action_taken, parts: t.parts, reject_reason: '' });
        note = t.cause;
        break;
      }
      case 'verify':
        change.verified_at = now;
        break;
      case 'reject':
        Object.assign(change, { resolved_at: null, verified_at: null, reject_reason: t.reason });
        break;
      case 'close':
        change.closed_at = now;
        break;
    }
    if (!(await repo.update(trx, row.id, t.version, change))) throw lostRace();
    await repo.addPhotos(trx, row.id, photos, user.id);
    await repo.log(trx, { order_id: row.id, action: t.action, from_state: from, to_state: r.to, user_id: user.id, note });
    if (t.action === 'close' && row.event_id !== null) await repo.closeEvent(trx, row.event_id, user.id, `${orderCode(row.id)} ${row.title}`.slice(0, 500));
    await audit.recordChange(trx, {
      action: `workorder.${t.action}`,
      target: { type: 'workorder', id: row.id },
      before: { state: from, version: row.version },
      after: { state: r.to, ...(t.reason ? { reason: t.reason } : {}), ...(t.assignee ? { assignee: t.assignee } : {}), ...(photos.length ? { photos: photos.length } : {}) },
      projectId: row.project_id,
    });
  }

  const lostRace = () =>
    new AppError(ErrorCode.Conflict, { zh: '工单已被他人更新，请刷新后重试', en: 'Someone else changed this work order; reload and try again' }, 'version');

  /** Inserts an order (and its first assignment when given) in one transaction; the callers check access first. */
  function insertOrder(user: AuthUser, input: WorkOrderCreate): Promise<number> {
    return db.transaction().execute(async (trx) => {
      const project = await repo.project(trx, input.project_id);
      if (!project) throw forbidden();
      let eventId: number | null = null;
      let deviceId = input.device_id;
      if (input.source.kind === 'event') {
        const n = Number(input.source.ref);
        const ev = Number.isInteger(n) && n > 0 && n <= 2 ** 53 ? await repo.event(trx, n) : undefined;
        if (!ev || ev.project_id !== input.project_id) throw invalid('source.ref', '事件不存在或不属于该站点', 'No such event at this site');
        const open = await repo.openOrderForEvent(trx, ev.id);
        if (open !== undefined) throw new AppError(ErrorCode.Conflict, { zh: `该事件已有处理中的工单 ${orderCode(open)}`, en: `This event already has an open work order ${orderCode(open)}` }, 'source.ref');
        eventId = ev.id;
        deviceId ??= ev.device_id;
      } else if (input.source.kind === 'inspection' && !input.source.ref) {
        throw invalid('source.ref', '请注明巡检发现的编号', 'Name the inspection finding');
      }
      if (deviceId !== null && !(await repo.deviceInProject(trx, deviceId, input.project_id))) throw invalid('device_id', '设备不属于该站点', 'The device is not at this site');
      const at = Date.now();
      const due = slaDeadlines(at, input.priority, await slaOf(trx, project.org_id));
      const newId = await repo.insert(trx, {
        org_id: project.org_id,
        project_id: input.project_id,
        source_kind: input.source.kind,
        source_ref: input.source.ref,
        event_id: eventId,
        device_id: deviceId,
        title: input.title,
        title_en: input.title_en,
        description: input.description,
        priority: input.priority,
        created_by: user.id,
        ...due,
      });
      await repo.log(trx, { order_id: newId, action: 'create', from_state: null, to_state: 'created', user_id: user.id, note: '' });
      if (eventId !== null) await repo.acknowledgeEvent(trx, eventId, user.id);
      await audit.recordChange(trx, { action: 'workorder.create', target: { type: 'workorder', id: newId }, before: null, after: { title: input.title, priority: input.priority, source: input.source }, projectId: input.project_id });
      if (input.assignee) {
        const row = await repo.get(trx, newId);
        await applyTransition(trx, user, row!, { action: 'assign', version: 1, reason: '', assignee: input.assignee, cause: '', action_taken: '', parts: '', photos: [] });
      }
      return newId;
    });
  }

  return {
    attach(p: Publish | null) {
      publish = p;
    },

    async list(user: AuthUser, f: WorkOrderListFilter): Promise<{ total: number; list: WorkOrder[] }> {
      let projectIds = await projectScope(user);
      if (f.project_id !== undefined) {
        if (!projectIds.includes(f.project_id)) throw forbidden();
        projectIds = [f.project_id];
      }
      const { total, rows } = await repo.page(
        db,
        {
          projectIds,
          assigneeUserId: user.userType === UserType.Worker ? user.id : f.assignee_user_id,
          states: f.state,
          priority: f.priority,
          overdue: f.overdue,
          open: f.open,
        },
        (f.page - 1) * f.size,
        f.size,
      );
      return { total, list: rows.map((r) => toOrder(r, user)) };
    },

    get: (user: AuthUser, id: number) => detail(db, user, id),

    /**
     * Site and centre users create orders. From an event: the event (by its id in `source.ref`) must be in the
     * same project and have no open order; the event is acknowledged by it. Inspection findings pass their own
     * reference. An assignee given here assigns the order in the same transaction.
     */
    async create(user: AuthUser, input: WorkOrderCreate): Promise<WorkOrderDetail> {
      if (user.userType === UserType.Worker) throw forbidden();
      await access.assertProject(user, input.project_id);
      const id = await insertOrder(user, input);
      const out = await detail(db, user, id);
      const row = await repo.get(db, id);
      if (row) await notifyAfter(row, input.assignee ? 'assign' : 'create');
      return out;
    },

    /**
     * A defect reported from an inspection finding (the inspection service has checked the finding is the
     * caller's own): workers may report one too. The order waits, unassigned, for the site to dispatch it.
     */
    async reportFromInspection(user: AuthUser, input: Omit<WorkOrderCreate, 'source' | 'assignee'> & { findingRef: string }): Promise<{ id: number; code: string }> {
      await access.assertProject(user, input.project_id);
      const id = await insertOrder(user, { ...input, source: { kind: 'inspection', ref: input.findingRef }, assignee: null });
      const row = await repo.get(db, id);
      if (row) await notifyAfter(row, 'create');
      return { id, code: orderCode(id) };
    },

    async transition(user: AuthUser, id: number, t: WorkOrderTransition): Promise<WorkOrderDetail> {
      const scoped = await projectScope(user);
      await db.transaction().execute(async (trx) => {
        const locked = await repo.lock(trx, id);
        if (!locked) throw notFound();
        const row = await visible(trx, user, id, false, scoped);
        if (t.version !== locked.version) throw lostRace();
        await applyTransition(trx, user, row, t);
      });
      const row = await repo.get(db, id);
      if (row) await notifyAfter(row, t.action);
      return detail(db, user, id, true);
    },

    async photo(user: AuthUser, photoId: number) {
      const p = await repo.photo(db, photoId);
      if (!p) throw notFound();
      if (!(await projectScope(user)).includes(p.project_id)) throw forbidden();
      if (user.userType === UserType.Worker && p.assignee_user_id !== user.id) throw forbidden();
      return { photo_type: p.photo_type as 'image/png' | 'image/jpeg', photo: p.photo.toString('base64') };
    },

    async assignees(user: AuthUser, projectId: number) {
      if (user.userType === UserType.Worker) throw forbidden();
      await access.assertProject(user, projectId);
      const [workers, experts] = await Promise.all([repo.workers(db, projectId), repo.experts(db, projectId)]);
      return [
        ...workers.map((w) => ({ kind: 'user' as const, id: w.id, name: w.name, name_en: w.name_en, phone: w.phone })),
        ...experts.map((x) => ({ kind: 'expert' as const, id: x.id, name: x.name, name_en: x.name_en, phone: x.phone })),
      ];
    },

    async sla(user: AuthUser, orgId: number | undefined) {
      const org = orgId ?? user.orgId;
      if (!(await access.scope(user)).orgIds.includes(org)) throw forbidden();
      const table = await slaOf(db, org);
      return { org_id: org, rows: WO_PRIORITIES.map((p) => ({ priority: p, ...table[p] })) };
    },

    async saveSla(user: AuthUser, orgId: number, rows: { priority: WoPriority; respond_minutes: number; resolve_minutes: number }[]) {
      if (user.userType !== UserType.Centre) throw forbidden();
      if (!(await access.adminOrgIds(user)).includes(orgId)) throw forbidden();
      if (new Set(rows.map((r) => r.priority)).size !== WO_PRIORITIES.length) throw invalid('rows', '每个优先级各填一行', 'One row per priority');
      rows.forEach((r, i) => {
        if (r.resolve_minutes < r.respond_minutes) throw invalid(`rows.${i}.resolve_minutes`, '处理时限不能短于响应时限', 'The resolve time cannot be shorter than the respond time');
      });
      const before = await slaOf(db, orgId);
      await db.transaction().execute(async (trx) => {
        await repo.saveSla(trx, orgId, rows);
        await audit.recordChange(trx, { action: 'workorder.saveSla', target: { type: 'organization', id: orgId }, before, after: rows });
      });
      return this.sla(user, orgId);
    },

    /**
     * One pass of the SLA watcher: stamps every deadline missed by `now` (once), writes it to the timeline, tells
     * the assignee and the site's managers live, and queues e-mail/robot pushes by the project's push rules.
     */
    async checkSla(now: Date = new Date(), log?: FastifyBaseLogger): Promise<number> {
      const breaches = await db.transaction().execute(async (trx) => {
        const claimed = await repo.claimBreaches(trx, now);
        for (const b of claimed) await repo.log(trx, { order_id: b.id, action: 'breach', from_state: null, to_state: null, user_id: null, note: b.kind, at: now });
        return claimed;
      });
      for (const b of breaches) {
        try {
          const row = await repo.get(db, b.id);
          if (!row) continue;
          await breachDeliveries(db, row, b.kind, orderCode(row.id));
          const data = { kind: 'breach', sla: b.kind, id: row.id, code: orderCode(row.id), title: row.title, title_en: row.title_en, priority: row.priority, state: row.state, project_id: row.project_id, project_name: row.project_name, project_name_en: row.project_name_en };
          const people = await repo.managers(db, row.project_id);
          if (row.assignee_user_id !== null) {
            const org = await repo.userOrg(db, row.assignee_user_id);
            if (org !== undefined) people.push({ id: row.assignee_user_id, org_id: org });
          }
          await tell(people, data);
        } catch (err) {
          log?.error({ err, orderId: b.id }, 'work order breach push failed');
        }
      }
      return breaches.length;
    },
  };
}

export type WorkOrderService = ReturnType<typeof createWorkOrderService>;

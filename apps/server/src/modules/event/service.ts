import { ErrorCode, eventMessageAnswer, type EventItem, type Lang } from '@gridops/contract';
import type { Db } from '../../db/database.js';
import { AppError, notFound } from '../../lib/errors.js';
import type { AuthUser } from '../../types.js';
import type { AccessService } from '../access/service.js';
import { eventRepository as repo } from './repository.js';
import { pickLang } from '../../lib/lang.js';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

// Which statuses an action may start from (pending → acknowledged → handled → closed; handling or closing
// acknowledges implicitly).
const allowedFrom: Record<'acknowledged' | 'handled' | 'closed', string[]> = {
  acknowledged: ['pending'],
  handled: ['pending', 'acknowledged'],
  closed: ['pending', 'acknowledged', 'handled'],
};

const statusNames: Record<string, { zh: string; en: string }> = {
  pending: { zh: '待处理', en: 'pending' },
  acknowledged: { zh: '已确认', en: 'acknowledged' },
  handled: { zh: '已处理', en: 'handled' },
  closed: { zh: '已关闭', en: 'closed' },
};

export interface EventListQuery {
  project_id?: number | undefined;
  /** Internal callers (the wall screen): these sites, each kept only if it is in the user's scope. */
  project_ids?: number[] | undefined;
  device_id?: number | undefined;
  from?: string | undefined;
  to?: string | undefined;
  type?: number[] | undefined;
  level?: number[] | undefined;
  status?: string[] | undefined;
  active?: boolean | undefined;
  keyword?: string | undefined;
  page: number;
  size: number;
}

export function createEventService(db: Db, access: AccessService) {
  async function act(user: AuthUser, ids: number[], to: 'acknowledged' | 'handled' | 'closed', note: string | null) {
    const scope = await access.scope(user);
    return db.transaction().execute(async (trx) => {
      const rows = await repo.findInScope(trx, ids, scope.projectIds);
      if (rows.length !== new Set(ids).size) throw notFound();
      const bad = rows.find((r) => !allowedFrom[to].includes(r.status));
      if (bad) {
        const s = statusNames[bad.status] ?? { zh: bad.status, en: bad.status };
        throw new AppError(ErrorCode.Conflict, {
          zh: `事件 ${bad.id} 当前为“${s.zh}”，不能${to === 'acknowledged' ? '确认' : to === 'handled' ? '处理' : '关闭'}`,
          en: `Event ${bad.id} is ${s.en} and cannot be ${to}`,
        });
      }
      await repo.transition(trx, rows.map((r) => r.id), to, user.id, note);
      return { updated: rows.length };
    });
  }

  return {
    async list(user: AuthUser, q: EventListQuery, lang: Lang): Promise<{ total: number; list: EventItem[] }> {
      const scoped = (await access.scope(user)).projectIds;
      const projectIds = q.project_id ? [q.project_id] : q.project_ids ? q.project_ids.filter((id) => scoped.includes(id)) : scoped;
      if (q.project_id) await access.assertProject(user, q.project_id);
      const { total, rows } = await repo.page(
        db,
        {
          projectIds,
          from: q.from ? new Date(q.from) : undefined,
          to: q.to ? new Date(q.to) : undefined,
          types: q.type,
          levels: q.level,
          statuses: q.status,
          active: q.active,
          keyword: q.keyword,
          deviceId: q.device_id,
        },
        (q.page - 1) * q.size,
        q.size,
      );
      return {
        total,
        list: rows.map((r) => ({
          id: r.id,
          project_id: r.project_id,
          project_name: pickLang(lang, r.project_name, r.project_name_en),
          device_id: r.device_id,
          device_name: pickLang(lang, r.device_name, r.device_name_en),
          point_id: r.point_id,
          event_type: r.event_type,
          level: r.level,
          status: r.status as EventItem['status'],
          active: r.active,
          ...eventMessageAnswer(r.message_key, r.message_params, lang, pickLang(lang, r.message, r.message_en)),
          value: r.value,
          limit_value: r.limit_value,
          rule_kind: r.rule_kind,
          unit: r.unit,
          point_key: r.point_key,
          state_from: r.state_from,
          phases: r.phases,
          raised_at: r.raised_at.toISOString(),
          cleared_at: iso(r.cleared_at),
          acknowledged_at: iso(r.acknowledged_at),
          handled_at: iso(r.handled_at),
          handle_note: r.handle_note,
          closed_at: iso(r.closed_at),
        })),
      };
    },

    acknowledge: (user: AuthUser, ids: number[]) => act(user, ids, 'acknowledged', null),
    handle: (user: AuthUser, id: number, note: string) => act(user, [id], 'handled', note),
    close: (user: AuthUser, ids: number[], note: string | null) => act(user, ids, 'closed', note),

    async log(user: AuthUser, id: number) {
      const scope = await access.scope(user);
      const [row] = await repo.findInScope(db, [id], scope.projectIds);
      if (!row) throw notFound();
      return (await repo.log(db, id)).map((l) => ({ action: l.action, note: l.note, at: l.at.toISOString(), user_name: l.user_name, user_name_en: l.user_name_en }));
    },
  };
}

export type EventService = ReturnType<typeof createEventService>;

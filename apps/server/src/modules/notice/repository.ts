import type { Db } from '../../db/database.js';

/** Pending = raised and not yet acknowledged, whether or not the condition is still active (ISA-18.2). */
export const noticeRepository = {
  countPending: async (db: Db, projectIds: number[]) => {
    if (projectIds.length === 0) return 0;
    const r = await db
      .selectFrom('events')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('project_id', 'in', projectIds)
      .where('status', '=', 'pending')
      .executeTakeFirstOrThrow();
    return Number(r.n);
  },

  pendingBySite: (db: Db, projectIds: number[]) =>
    projectIds.length === 0
      ? Promise.resolve([])
      : db
          .selectFrom('events as e')
          .innerJoin('projects as p', 'p.id', 'e.project_id')
          .select(['p.id', 'p.name', 'p.name_en', (eb) => eb.fn.countAll<number>().as('total')])
          .where('e.project_id', 'in', projectIds)
          .where('e.status', '=', 'pending')
          .groupBy(['p.id', 'p.name', 'p.name_en'])
          .orderBy('total', 'desc')
          .orderBy('p.id')
          .execute(),

  pendingEvents: (db: Db, projectId: number, limit: number) =>
    db
      .selectFrom('events as e')
      .leftJoin('devices as d', 'd.id', 'e.device_id')
      .select(['e.id', 'e.message', 'e.message_en', 'e.message_key', 'e.message_params', 'e.event_type', 'e.level', 'e.raised_at', 'd.name as device_name', 'd.name_en as device_name_en'])
      .where('e.project_id', '=', projectId)
      .where('e.status', '=', 'pending')
      .orderBy('e.raised_at', 'desc')
      .orderBy('e.id', 'desc')
      .limit(limit)
      .execute(),
};

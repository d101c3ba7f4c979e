import { sql } from 'kysely';
import type { NameplateFields } from '@gridops/contract';
import type { Db } from '../../db/database.js';

/** SQL of the equipment ledger: `device_nameplates`, `device_documents`, and the device history read from other modules' tables. Rules: service.ts. */
export interface LedgerRow extends NameplateFields {
  id: number;
  project_id: number;
  project_name: string;
  project_name_en: string;
  timezone: string;
  room_id: number | null;
  room_name: string | null;
  room_name_en: string | null;
  kind: string;
  sn: string;
  name: string;
  name_en: string;
  doc_count: number;
  version: number;
}

export interface HistoryRow {
  kind: 'event' | 'workorder' | 'inspection' | 'control';
  ref_id: number;
  at: Date;
  title: string;
  title_en: string;
  status: string;
}

const devices = (db: Db) =>
  db
    .selectFrom('devices as d')
    .innerJoin('projects as p', 'p.id', 'd.project_id')
    .leftJoin('rooms as r', 'r.id', 'd.room_id')
    .leftJoin('device_nameplates as n', 'n.device_id', 'd.id')
    .select(['d.id', 'd.project_id', 'p.name as project_name', 'p.name_en as project_name_en', 'p.timezone', 'd.room_id', 'r.name as room_name', 'r.name_en as room_name_en', 'd.kind', 'd.sn', 'd.name', 'd.name_en'])
    .select([
      sql<string>`coalesce(n.maker, '')`.as('maker'),
      sql<string>`coalesce(n.maker_en, '')`.as('maker_en'),
      sql<string>`coalesce(n.model, '')`.as('model'),
      sql<string>`coalesce(n.serial_no, '')`.as('serial_no'),
      sql<string>`coalesce(n.rating, '')`.as('rating'),
      sql<string>`coalesce(n.location, '')`.as('location'),
      sql<string | null>`to_char(n.install_date, 'YYYY-MM-DD')`.as('install_date'),
      sql<string | null>`to_char(n.warranty_until, 'YYYY-MM-DD')`.as('warranty_until'),
      sql<number>`coalesce(n.version, 0)`.as('version'),
      sql<number>`(SELECT count(*)::int FROM device_documents x WHERE x.device_id = d.id)`.as('doc_count'),
    ]);

const documentColumns = (db: Db) =>
  db
    .selectFrom('device_documents as x')
    .leftJoin('users as u', 'u.id', 'x.uploaded_by')
    .select(['x.id', 'x.device_id', 'x.name', 'x.mime', 'x.size', 'u.name as uploaded_by', 'x.created_at']);

export const ledgerRepository = {
  devices: async (db: Db, projectIds: number[], f: { roomId?: number | undefined; kind?: string | undefined }): Promise<LedgerRow[]> => {
    if (projectIds.length === 0) return [];
    let q = devices(db).where('d.project_id', 'in', projectIds);
    if (f.roomId !== undefined) q = q.where('d.room_id', '=', f.roomId);
    if (f.kind !== undefined) q = q.where('d.kind', '=', f.kind);
    return q.orderBy('d.project_id').orderBy('r.sort').orderBy('d.room_id').orderBy('d.sort').orderBy('d.id').execute();
  },
  device: async (db: Db, id: number): Promise<LedgerRow | undefined> => devices(db).where('d.id', '=', id).executeTakeFirst(),
  devicesByIds: async (db: Db, ids: number[]): Promise<LedgerRow[]> => (ids.length ? devices(db).where('d.id', 'in', ids).execute() : []),

  projects: async (db: Db, ids: number[]) => (ids.length ? db.selectFrom('projects').select(['id', 'name', 'name_en', 'timezone']).where('id', 'in', ids).orderBy('id').execute() : []),
  rooms: async (db: Db, projectIds: number[]) =>
    projectIds.length ? db.selectFrom('rooms').select(['id', 'project_id', 'name', 'name_en']).where('project_id', 'in', projectIds).orderBy('project_id').orderBy('sort').orderBy('id').execute() : [],

  /** Creates the nameplate when `version` is 0 and none exists, else updates it when the version matches; rows written (0: someone saved first). */
  saveNameplate: async (db: Db, deviceId: number, version: number, v: NameplateFields): Promise<number> => {
    if (version === 0) {
      const r = await db.insertInto('device_nameplates').values({ ...v, device_id: deviceId }).onConflict((oc) => oc.column('device_id').doNothing()).returning('device_id').executeTakeFirst();
      return r ? 1 : 0;
    }
    const r = await db
      .updateTable('device_nameplates')
      .set({ ...v, version: sql`version + 1`, updated_at: sql`now()` })
      .where('device_id', '=', deviceId)
      .where('version', '=', version)
      .executeTakeFirst();
    return Number(r.numUpdatedRows);
  },
  /** The import's write: whatever the version, creating or replacing the nameplate (the import holds the rows' lock via the transaction). */
  putNameplate: async (db: Db, deviceId: number, v: NameplateFields) => {
    await db
      .insertInto('device_nameplates')
      .values({ ...v, device_id: deviceId })
      .onConflict((oc) => oc.column('device_id').doUpdateSet({ ...v, version: sql`device_nameplates.version + 1`, updated_at: sql`now()` }))
      .execute();
  },

  documents: async (db: Db, deviceId: number) => documentColumns(db).where('x.device_id', '=', deviceId).orderBy('x.id', 'desc').execute(),
  document: async (db: Db, id: number) => documentColumns(db).where('x.id', '=', id).executeTakeFirst(),
  documentCount: async (db: Db, deviceId: number) =>
    Number((await db.selectFrom('device_documents').select(sql<number>`count(*)::int`.as('n')).where('device_id', '=', deviceId).executeTakeFirstOrThrow()).n),
  content: async (db: Db, id: number) => db.selectFrom('device_documents').select(['name', 'mime', 'content']).where('id', '=', id).executeTakeFirst(),
  insertDocument: async (db: Db, d: { device_id: number; name: string; mime: string; size: number; content: Buffer; uploaded_by: number | null }) =>
    (await db.insertInto('device_documents').values(d).returning('id').executeTakeFirstOrThrow()).id,
  removeDocument: async (db: Db, id: number) => Number((await db.deleteFrom('device_documents').where('id', '=', id).executeTakeFirst()).numDeletedRows),

  /**
   * One page of a device's history, newest first: its events, work orders, inspection tasks whose route passes
   * it (done or overdue), and control-log lines.
   */
  history: async (db: Db, device: { id: number; project_id: number }, limit: number, offset: number): Promise<HistoryRow[]> => {
    const route = JSON.stringify([{ kind: 'device', ref_id: device.id }]);
    const r = await sql<HistoryRow>`
      SELECT h.* FROM (
        SELECT 'event' AS kind, e.id AS ref_id, e.raised_at AS at, e.message AS title, e.message_en AS title_en, e.status AS status
          FROM events e WHERE e.device_id = ${device.id}
        UNION ALL
        SELECT 'workorder', w.id, w.created_at, w.title, w.title_en, w.state
          FROM work_orders w WHERE w.device_id = ${device.id}
        UNION ALL
        SELECT 'inspection', t.id, coalesce(t.submitted_at, t.window_end), pl.name, pl.name_en, t.status
          FROM inspection_tasks t JOIN inspection_plans pl ON pl.id = t.plan_id
          WHERE t.project_id = ${device.project_id} AND t.status IN ('done', 'overdue') AND t.checkpoints @> ${route}::jsonb
        UNION ALL
        SELECT 'control', c.id, c.at, c.action, c.action, c.outcome
          FROM control_log c WHERE c.device_id = ${device.id}
      ) h
      ORDER BY h.at DESC, h.kind, h.ref_id DESC
      LIMIT ${limit} OFFSET ${offset}`.execute(db);
    return r.rows;
  },
  historyCount: async (db: Db, device: { id: number; project_id: number }): Promise<number> => {
    const route = JSON.stringify([{ kind: 'device', ref_id: device.id }]);
    const r = await sql<{ n: number }>`
      SELECT (SELECT count(*) FROM events WHERE device_id = ${device.id})
           + (SELECT count(*) FROM work_orders WHERE device_id = ${device.id})
           + (SELECT count(*) FROM inspection_tasks WHERE project_id = ${device.project_id} AND status IN ('done', 'overdue') AND checkpoints @> ${route}::jsonb)
           + (SELECT count(*) FROM control_log WHERE device_id = ${device.id}) AS n`.execute(db);
    return Number(r.rows[0]?.n ?? 0);
  },
};

import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type { SealedPhoto } from './photo.js';

/** SQL of the recognition records (`face_records`, sealed snapshots) and the sites' night windows. Rules: records.ts. */
export interface NewRecord {
  project_id: number;
  gateway_id: number;
  device_id: number;
  record_key: string;
  ts: Date;
  person_id: number | null;
  stranger: boolean;
  score: number;
  result: string;
}
export interface RecordFilter {
  projectId: number;
  personId?: number | undefined;
  terminalId?: number | undefined;
  result?: string | undefined;
  stranger?: boolean | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
}

export const faceRecordsRepository = {
  /** The gateway's site and its terminal of that serial (null when the gateway has no such terminal). */
  gatewayTerminal: (db: Db, gatewaySn: string, deviceSn: string) =>
    db
      .selectFrom('gateways as g')
      .innerJoin('projects as p', 'p.id', 'g.project_id')
      .leftJoin('devices as t', (j) => j.onRef('t.gateway_id', '=', 'g.id').on('t.sn', '=', deviceSn).on('t.kind', '=', 'access_terminal'))
      .select(['g.id as gateway_id', 'g.project_id', 'p.timezone', 'p.name as project_name', 'p.name_en as project_name_en', 't.id as device_id', 't.name as device_name', 't.name_en as device_name_en'])
      .where('g.sn', '=', gatewaySn)
      .executeTakeFirst(),
  /** The person id when it is one of the site's people (a terminal's stale id of someone else is not trusted). */
  sitePerson: async (db: Db, projectId: number, personId: number) =>
    (await db.selectFrom('face_people').select('id').where('id', '=', personId).where('project_id', '=', projectId).executeTakeFirst())?.id ?? null,

  /** Stores a record once per gateway and record id; null when it was there already. */
  insert: async (db: Db, r: NewRecord) =>
    (await db.insertInto('face_records').values(r).onConflict((oc) => oc.columns(['gateway_id', 'record_key']).doNothing()).returning('id').executeTakeFirst())?.id ?? null,
  putSnapshot: async (db: Db, recordId: number, s: SealedPhoto & { mime: string }) => {
    await db.insertInto('face_record_snapshots').values({ record_id: recordId, ...s }).execute();
  },
  linkEvent: async (db: Db, recordId: number, eventId: number) => {
    await db.updateTable('face_records').set({ event_id: eventId }).where('id', '=', recordId).execute();
  },

  async list(db: Db, f: RecordFilter, offset: number, limit: number) {
    let q = db.selectFrom('face_records as r').where('r.project_id', '=', f.projectId);
    if (f.personId !== undefined) q = q.where('r.person_id', '=', f.personId);
    if (f.terminalId !== undefined) q = q.where('r.device_id', '=', f.terminalId);
    if (f.result) q = q.where('r.result', '=', f.result);
    if (f.stranger !== undefined) q = q.where('r.stranger', '=', f.stranger);
    if (f.from) q = q.where('r.ts', '>=', f.from);
    if (f.to) q = q.where('r.ts', '<', f.to);
    const [{ n }, rows] = await Promise.all([
      q.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
      q
        .innerJoin('devices as t', 't.id', 'r.device_id')
        .leftJoin('face_people as p', (j) => j.onRef('p.id', '=', 'r.person_id').on('p.deleted_at', 'is', null))
        .select(['r.id', 'r.ts', 'r.device_id', 't.name as terminal_name', 't.name_en as terminal_name_en', 'r.person_id', 'p.name as person_name', 'p.name_en as person_name_en', 'r.stranger', 'r.score', 'r.result', 'r.event_id'])
        .select(sql<boolean>`EXISTS (SELECT 1 FROM face_record_snapshots s WHERE s.record_id = r.id)`.as('has_snapshot'))
        .orderBy('r.ts', 'desc')
        .orderBy('r.id', 'desc')
        .offset(offset)
        .limit(limit)
        .execute(),
    ]);
    return { total: Number(n), rows };
  },
  one: (db: Db, id: number) => db.selectFrom('face_records').select(['id', 'project_id']).where('id', '=', id).executeTakeFirst(),
  snapshot: (db: Db, recordId: number) => db.selectFrom('face_record_snapshots').select(['mime', 'iv', 'tag', 'ciphertext', 'key_id']).where('record_id', '=', recordId).executeTakeFirst(),
  /** PIPL: a deleted person's recognition snapshots go with their photo, and the records no longer name them. */
  eraseOf: async (db: Db, personId: number) => {
    await db.deleteFrom('face_record_snapshots').where('record_id', 'in', db.selectFrom('face_records').select('id').where('person_id', '=', personId)).execute();
    await db.updateTable('face_records').set({ person_id: null }).where('person_id', '=', personId).execute();
  },

  settings: async (db: Db, projectId: number) =>
    (await db.selectFrom('face_settings').select(['night_from', 'night_to']).where('project_id', '=', projectId).executeTakeFirst()) ?? { night_from: '22:00', night_to: '06:00' },
  putSettings: async (db: Db, projectId: number, v: { night_from: string; night_to: string }) => {
    await db.insertInto('face_settings').values({ project_id: projectId, ...v }).onConflict((oc) => oc.column('project_id').doUpdateSet(v)).execute();
  },
};

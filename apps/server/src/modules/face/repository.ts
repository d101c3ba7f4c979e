import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type { SealedPhoto } from './photo.js';

/** SQL of the face library: `face_people`, `face_photos`, `face_groups` and the site's door devices. Rules: service.ts. */
export interface PersonRow {
  id: number;
  project_id: number;
  group_id: number | null;
  name: string;
  name_en: string;
  kind: string;
  company: string;
  phone: string;
  valid_from: string | null;
  valid_until: string | null;
  enabled: boolean;
  version: number;
  has_photo: boolean;
  photo_width: number | null;
  photo_height: number | null;
  deleting: boolean;
  sync: { synced: number; pending: number; failed: number; deleting: number };
}
export interface PersonValues {
  group_id: number | null;
  name: string;
  name_en: string;
  kind: string;
  company: string;
  phone: string;
  valid_from: string | null;
  valid_until: string | null;
  enabled: boolean;
}
export interface GroupValues {
  name: string;
  name_en: string;
  door_ids: number[];
  days: number[];
  time_from: string;
  time_to: string;
}

const people = (db: Db) =>
  db
    .selectFrom('face_people as p')
    .leftJoin('face_photos as f', 'f.person_id', 'p.id')
    .select(['p.id', 'p.project_id', 'p.group_id', 'p.name', 'p.name_en', 'p.kind', 'p.company', 'p.phone', 'p.enabled', 'p.version'])
    .select([
      sql<string | null>`to_char(p.valid_from, 'YYYY-MM-DD')`.as('valid_from'),
      sql<string | null>`to_char(p.valid_until, 'YYYY-MM-DD')`.as('valid_until'),
      sql<boolean>`f.person_id IS NOT NULL`.as('has_photo'),
      'f.width as photo_width',
      'f.height as photo_height',
      sql<boolean>`p.deleted_at IS NOT NULL`.as('deleting'),
      sql<{ synced: number; pending: number; failed: number; deleting: number }>`(
        SELECT json_build_object(
          'synced', count(*) FILTER (WHERE s.status = 'synced'), 'pending', count(*) FILTER (WHERE s.status = 'pending'),
          'failed', count(*) FILTER (WHERE s.status = 'failed'), 'deleting', count(*) FILTER (WHERE s.status = 'deleting'))
        FROM face_sync s WHERE s.person_id = p.id)`.as('sync'),
    ]);

const groupColumns = ['id', 'project_id', 'name', 'name_en', 'door_ids', 'days', 'time_from', 'time_to', 'version'] as const;

export const faceRepository = {
  people: async (db: Db, projectId: number): Promise<PersonRow[]> => people(db).where('p.project_id', '=', projectId).orderBy('p.id').execute(),
  person: async (db: Db, id: number): Promise<PersonRow | undefined> => people(db).where('p.id', '=', id).executeTakeFirst(),

  insertPerson: async (db: Db, projectId: number, v: PersonValues) =>
    (await db.insertInto('face_people').values({ ...v, project_id: projectId }).returning('id').executeTakeFirstOrThrow()).id,

  /** Updates when the version still matches; rows changed (0: someone saved first). */
  updatePerson: async (db: Db, id: number, version: number, v: PersonValues) =>
    Number((await db.updateTable('face_people').set({ ...v, version: sql`version + 1` }).where('id', '=', id).where('version', '=', version).executeTakeFirst()).numUpdatedRows),

  /** Marks the person deleted (version check) and deletes, explicitly (PIPL), the photo; rows marked (0: stale). */
  markDeleted: async (db: Db, id: number, version: number) => {
    const n = Number(
      (await db.updateTable('face_people').set({ deleted_at: new Date(), version: sql`version + 1` }).where('id', '=', id).where('version', '=', version).where('deleted_at', 'is', null).executeTakeFirst()).numUpdatedRows,
    );
    if (n) await db.deleteFrom('face_photos').where('person_id', '=', id).execute();
    return n;
  },
  hasSyncRows: async (db: Db, personId: number) => !!(await db.selectFrom('face_sync').select('person_id').where('person_id', '=', personId).executeTakeFirst()),
  removePerson: async (db: Db, id: number) => {
    await db.deleteFrom('face_people').where('id', '=', id).execute();
  },
  memberIds: async (db: Db, groupId: number) => (await db.selectFrom('face_people').select('id').where('group_id', '=', groupId).where('deleted_at', 'is', null).execute()).map((r) => r.id),

  putPhoto: async (db: Db, personId: number, p: SealedPhoto & { mime: string; width: number; height: number }) => {
    await db
      .insertInto('face_photos')
      .values({ person_id: personId, ...p })
      .onConflict((oc) => oc.column('person_id').doUpdateSet({ mime: p.mime, width: p.width, height: p.height, iv: p.iv, tag: p.tag, ciphertext: p.ciphertext, key_id: p.key_id, created_at: sql`now()` }))
      .execute();
  },
  photo: async (db: Db, personId: number) =>
    db.selectFrom('face_photos').select(['mime', 'iv', 'tag', 'ciphertext', 'key_id']).where('person_id', '=', personId).executeTakeFirst(),

  groups: async (db: Db, projectId: number) => db.selectFrom('face_groups').select(groupColumns).where('project_id', '=', projectId).orderBy('id').execute(),
  group: async (db: Db, id: number) => db.selectFrom('face_groups').select(groupColumns).where('id', '=', id).executeTakeFirst(),
  insertGroup: async (db: Db, projectId: number, v: GroupValues) =>
    (
      await db
        .insertInto('face_groups')
        .values({ ...v, project_id: projectId, door_ids: JSON.stringify(v.door_ids), days: JSON.stringify(v.days) })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id,
  updateGroup: async (db: Db, id: number, version: number, v: GroupValues) =>
    Number(
      (
        await db
          .updateTable('face_groups')
          .set({ ...v, door_ids: JSON.stringify(v.door_ids), days: JSON.stringify(v.days), version: sql`version + 1` })
          .where('id', '=', id)
          .where('version', '=', version)
          .executeTakeFirst()
      ).numUpdatedRows,
    ),
  removeGroup: async (db: Db, id: number, version: number) =>
    Number((await db.deleteFrom('face_groups').where('id', '=', id).where('version', '=', version).executeTakeFirst()).numDeletedRows),

  /** The site's door devices (what a group may name). */
  doors: async (db: Db, projectId: number, kinds: readonly string[]) =>
    db.selectFrom('devices').select(['id', 'kind', 'name', 'name_en', 'sn']).where('project_id', '=', projectId).where('kind', 'in', [...kinds]).orderBy('id').execute(),
};
export type FaceRepository = typeof faceRepository;

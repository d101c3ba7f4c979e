import { sql } from 'kysely';
import type { TemplatePoint } from '@gridops/contract';
import type { Db } from '../../db/database.js';

export interface TemplateFields {
  name: string;
  nameEn: string;
  kind: string;
  points: TemplatePoint[];
}

const columns = ['id', 'org_id', 'name', 'name_en', 'kind', 'points', 'version', 'updated_at'] as const;

/** Device templates (0018), always read within a set of organisations the caller may see. */
export const templatesRepository = {
  list(db: Db, orgIds: number[]) {
    if (orgIds.length === 0) return Promise.resolve([]);
    return db.selectFrom('device_templates').select(columns).where('org_id', 'in', orgIds).orderBy('name').orderBy('id').execute();
  },

  byId(db: Db, id: number) {
    return db.selectFrom('device_templates').select(columns).where('id', '=', id).executeTakeFirst();
  },

  /** Templates of these organisations by name (zh or en, case-insensitive), for the bulk import. */
  byNames(db: Db, orgIds: number[], names: string[]) {
    if (orgIds.length === 0 || names.length === 0) return Promise.resolve([]);
    const lower = names.map((n) => n.toLowerCase());
    return db
      .selectFrom('device_templates')
      .select(columns)
      .where('org_id', 'in', orgIds)
      .where((eb) => eb.or([eb(sql<string>`lower(name)`, 'in', lower), eb(sql<string>`lower(name_en)`, 'in', lower)]))
      .execute();
  },

  async nameTaken(db: Db, orgId: number, name: string, exceptId = 0): Promise<boolean> {
    const r = await db
      .selectFrom('device_templates')
      .select('id')
      .where('org_id', '=', orgId)
      .where(sql<string>`lower(name)`, '=', name.toLowerCase())
      .where('id', '<>', exceptId)
      .executeTakeFirst();
    return r !== undefined;
  },

  insert(db: Db, orgId: number, userId: number, t: TemplateFields) {
    return db
      .insertInto('device_templates')
      .values({ org_id: orgId, created_by: userId, name: t.name, name_en: t.nameEn, kind: t.kind, points: JSON.stringify(t.points) })
      .returning(columns)
      .executeTakeFirstOrThrow();
  },

  /** Saves only if the stored version is still `version`; undefined means someone saved in between. */
  update(db: Db, id: number, version: number, t: TemplateFields) {
    return db
      .updateTable('device_templates')
      .set({
        name: t.name,
        name_en: t.nameEn,
        kind: t.kind,
        points: JSON.stringify(t.points),
        version: sql<number>`version + 1`,
        updated_at: sql<Date>`now()`,
      })
      .where('id', '=', id)
      .where('version', '=', version)
      .returning(columns)
      .executeTakeFirst();
  },

  async delete(db: Db, id: number): Promise<void> {
    await db.deleteFrom('device_templates').where('id', '=', id).execute();
  },

  /** Rooms of a project, for the import's room column (matched by zh or en name). */
  rooms(db: Db, projectId: number) {
    return db.selectFrom('rooms').select(['id', 'name', 'name_en']).where('project_id', '=', projectId).execute();
  },

  /** Gateways of a project by serial (case-insensitive), for the import. */
  gateways(db: Db, projectId: number) {
    return db.selectFrom('gateways').select(['id', 'sn']).where('project_id', '=', projectId).execute();
  },

  /** Existing device serials under these gateways, for the import's duplicate check. */
  deviceSerials(db: Db, gatewayIds: number[]) {
    if (gatewayIds.length === 0) return Promise.resolve([]);
    return db.selectFrom('devices').select(['id', 'gateway_id', 'sn']).where('gateway_id', 'in', gatewayIds).execute();
  },

  /** The organisation a project belongs to, and its ancestors' ids (a template of any of them may be used there). */
  async projectOrgPath(db: Db, projectId: number): Promise<number[]> {
    const rows = await sql<{ id: number }>`
      WITH RECURSIVE up AS (
        SELECT o.id, o.parent_id FROM organizations o JOIN projects p ON p.org_id = o.id WHERE p.id = ${projectId}
        UNION ALL
        SELECT o.id, o.parent_id FROM organizations o JOIN up ON o.id = up.parent_id
      ) SELECT id FROM up`.execute(db);
    return rows.rows.map((r) => r.id);
  },
};

import { sql } from 'kysely';
import type { DictionaryKind, DictionaryLayerRow } from '@gridops/contract';
import type { Db } from '../../db/database.js';

export interface EntryKey {
  org_id: number;
  kind: DictionaryKind;
  key: string;
}

/** All SQL of the data dictionary (docs/dictionary.md). */
export const dictionaryRepository = {
  /** The organisation and those above it, root first. */
  orgPathRootFirst: async (db: Db, orgId: number): Promise<number[]> => {
    const r = await sql<{ id: number; depth: number }>`
      WITH RECURSIVE up AS (
        SELECT id, parent_id, 0 AS depth FROM organizations WHERE id = ${orgId}
        UNION ALL
        SELECT o.id, o.parent_id, up.depth + 1 FROM organizations o JOIN up ON o.id = up.parent_id
      ) SELECT id, depth FROM up ORDER BY depth DESC`.execute(db);
    return r.rows.map((x) => x.id);
  },

  orgs: async (db: Db, ids: number[]) =>
    ids.length === 0 ? [] : db.selectFrom('organizations').select(['id', 'parent_id', 'name', 'name_en']).where('id', 'in', ids).orderBy('id').execute(),

  rows: async (db: Db, orgIds: number[]): Promise<DictionaryLayerRow[]> => {
    if (orgIds.length === 0) return [];
    const rows = await db
      .selectFrom('dictionary_entries')
      .select(['org_id', 'kind', 'key', 'zh', 'en', 'enabled', 'added', 'sort', 'version'])
      .where('org_id', 'in', orgIds)
      .execute();
    return rows.map((r) => ({ ...r, kind: r.kind as DictionaryKind }));
  },

  row: (db: Db, k: EntryKey, forUpdate = false) => {
    const q = db
      .selectFrom('dictionary_entries')
      .select(['org_id', 'kind', 'key', 'zh', 'en', 'enabled', 'added', 'sort', 'version'])
      .where('org_id', '=', k.org_id)
      .where('kind', '=', k.kind)
      .where('key', '=', k.key);
    return (forUpdate ? q.forUpdate() : q).executeTakeFirst();
  },

  /** Inserts the organisation's own row; false when one exists already (someone else was quicker). */
  insert: async (db: Db, v: EntryKey & { zh: string; en: string; enabled: boolean; added: boolean; sort: number }): Promise<boolean> => {
    const r = await db
      .insertInto('dictionary_entries')
      .values(v)
      .onConflict((oc) => oc.columns(['org_id', 'kind', 'key']).doNothing())
      .returning('version')
      .executeTakeFirst();
    return r !== undefined;
  },

  /** Updates the row if it still has `version`; false otherwise. */
  update: async (db: Db, k: EntryKey, version: number, v: { zh: string; en: string; enabled: boolean }): Promise<boolean> => {
    const r = await db
      .updateTable('dictionary_entries')
      .set({ ...v, version: sql<number>`version + 1`, updated_at: sql<Date>`now()` })
      .where('org_id', '=', k.org_id)
      .where('kind', '=', k.kind)
      .where('key', '=', k.key)
      .where('version', '=', version)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  },

  remove: async (db: Db, k: EntryKey, version: number): Promise<boolean> => {
    const r = await db
      .deleteFrom('dictionary_entries')
      .where('org_id', '=', k.org_id)
      .where('kind', '=', k.kind)
      .where('key', '=', k.key)
      .where('version', '=', version)
      .executeTakeFirst();
    return Number(r.numDeletedRows) === 1;
  },

  nextSort: async (db: Db, orgId: number, kind: DictionaryKind): Promise<number> => {
    const r = await db
      .selectFrom('dictionary_entries')
      .select(sql<number>`coalesce(max(sort), 0)::int + 1`.as('next'))
      .where('org_id', '=', orgId)
      .where('kind', '=', kind)
      .executeTakeFirst();
    return r?.next ?? 1;
  },
};

import {
  DICTIONARY_KIND_OPEN,
  mergeDictionary,
  UserType,
  type DictionaryEntry,
  type DictionaryKind,
  type DictionaryLabels,
  type DictionaryView,
  type EffectiveDictionaryEntry,
} from '@gridops/contract';
import type { Db } from '../../db/database.js';
import { forbidden } from '../../lib/errors.js';
import type { AuthUser } from '../../types.js';
import type { AccessService } from '../access/service.js';
import type { AuditService } from '../audit/service.js';
import { dictionaryErrors as errors } from './errors.js';
import { dictionaryRepository as repo, type EntryKey } from './repository.js';

/**
 * The data dictionary (docs/dictionary.md). Everyone reads his own organisation's effective labels; centre users
 * read (and, with 'configure', change) the dictionary of any organisation of their subtree; site users and
 * workers read their own organisation's. Each change is version-checked and recorded in the usage log.
 */
export function createDictionaryService(db: Db, access: AccessService, audit: AuditService) {
  async function effective(trx: Db, orgId: number): Promise<EffectiveDictionaryEntry[]> {
    const path = await repo.orgPathRootFirst(trx, orgId);
    return mergeDictionary(await repo.rows(trx, path), path, orgId);
  }

  async function entryOf(trx: Db, k: EntryKey): Promise<EffectiveDictionaryEntry | undefined> {
    return (await effective(trx, k.org_id)).find((x) => x.kind === k.kind && x.key === k.key);
  }

  /** Organisations the user may read the dictionary of. */
  async function readable(user: AuthUser): Promise<number[]> {
    return user.userType === UserType.Centre ? access.adminOrgIds(user) : [user.orgId];
  }

  async function assertWriter(user: AuthUser, orgId: number): Promise<void> {
    if (user.userType !== UserType.Centre || !user.permissions.includes('configure')) throw errors.noManagePermission();
    if (!(await access.adminOrgIds(user)).includes(orgId)) throw forbidden();
  }

  async function change(k: EntryKey, action: string, run: (trx: Db, before: EffectiveDictionaryEntry | undefined) => Promise<void>): Promise<DictionaryEntry> {
    return db.transaction().execute(async (trx) => {
      const before = await entryOf(trx, k);
      await run(trx, before);
      const after = await entryOf(trx, k);
      if (!after) throw errors.unknownKey(k.key);
      await audit.recordChange(trx, { action, target: { type: 'dictionary_entry', id: `${k.org_id}:${k.kind}:${k.key}` }, before: before ?? null, after });
      return after;
    });
  }

  return {
    async labels(user: AuthUser): Promise<DictionaryLabels> {
      const entries = await effective(db, user.orgId);
      return { org_id: user.orgId, entries: entries.map(({ kind, key, zh, en, enabled }) => ({ kind, key, zh, en, enabled })) };
    },

    async view(user: AuthUser, orgId: number | undefined): Promise<DictionaryView> {
      const target = orgId ?? user.orgId;
      const ids = await readable(user);
      if (!ids.includes(target)) throw forbidden();
      const editable = user.userType === UserType.Centre && user.permissions.includes('configure');
      const pathIds = await repo.orgPathRootFirst(db, target);
      const [orgs, pathOrgs] = await Promise.all([repo.orgs(db, ids), repo.orgs(db, pathIds)]);
      const path = pathIds.flatMap((id) => pathOrgs.filter((o) => o.id === id).map(({ id: oid, name, name_en }) => ({ id: oid, name, name_en })));
      return { org_id: target, editable, orgs, path, entries: await effective(db, target) };
    },

    async update(user: AuthUser, v: EntryKey & { zh: string; en: string; enabled: boolean; version: number }): Promise<DictionaryEntry> {
      await assertWriter(user, v.org_id);
      const k: EntryKey = { org_id: v.org_id, kind: v.kind, key: v.key };
      if (!v.enabled && !DICTIONARY_KIND_OPEN[v.kind]) throw errors.cannotDisable();
      return change(k, 'dictionary.update', async (trx, before) => {
        if (!before) throw errors.unknownKey(v.key);
        const own = await repo.row(trx, k, true);
        if ((own?.version ?? 0) !== v.version) throw errors.versionConflict();
        const done = own
          ? await repo.update(trx, k, v.version, { zh: v.zh, en: v.en, enabled: v.enabled })
          : await repo.insert(trx, { ...k, zh: v.zh, en: v.en, enabled: v.enabled, added: false, sort: 0 });
        if (!done) throw errors.versionConflict();
      });
    },

    async create(user: AuthUser, v: { org_id: number; kind: DictionaryKind; key: string; zh: string; en: string }): Promise<DictionaryEntry> {
      await assertWriter(user, v.org_id);
      if (!DICTIONARY_KIND_OPEN[v.kind]) throw errors.closedKind();
      const k: EntryKey = { org_id: v.org_id, kind: v.kind, key: v.key };
      return change(k, 'dictionary.create', async (trx, before) => {
        if (before) throw errors.keyExists(v.key);
        const sort = await repo.nextSort(trx, v.org_id, v.kind);
        if (!(await repo.insert(trx, { ...k, zh: v.zh, en: v.en, enabled: true, added: true, sort }))) throw errors.keyExists(v.key);
      });
    },

    async reset(user: AuthUser, v: EntryKey & { version: number }): Promise<DictionaryEntry> {
      await assertWriter(user, v.org_id);
      const k: EntryKey = { org_id: v.org_id, kind: v.kind, key: v.key };
      return change(k, 'dictionary.reset', async (trx) => {
        const own = await repo.row(trx, k, true);
        if (!own) throw errors.nothingToReset();
        if (own.added) throw errors.addedHere();
        if (own.version !== v.version || !(await repo.remove(trx, k, v.version))) throw errors.versionConflict();
      });
    },
  };
}

export type DictionaryService = ReturnType<typeof createDictionaryService>;

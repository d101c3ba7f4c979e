import { UserType, type AdminOrg } from '@gridops/contract';
import type { z } from 'zod';
import type { orgCreate, orgUpdate } from '@gridops/contract';
import type { Db } from '../../db/database.js';
import type { AuthUser } from '../../types.js';
import type { AccessService } from '../access/service.js';
import type { AuditService } from '../audit/service.js';
import { adminErrors as errors } from './adminErrors.js';
import { orgAdminRepository as repo, type AdminOrgRow } from './orgAdminRepository.js';

/** How many names a "still has …" refusal lists per kind before "and N more". */
const NAMES_LISTED = 5;

const toAdminOrg = (r: AdminOrgRow): AdminOrg => ({
  id: r.id,
  parent_id: r.parent_id,
  name: r.name,
  name_en: r.name_en,
  tier: r.tier,
  enabled: r.enabled,
  version: r.version,
  project_count: Number(r.project_count ?? 0),
  user_count: Number(r.user_count ?? 0),
});

function listNames(names: string[], total: number, lang: 'zh' | 'en'): string {
  const more = total - names.length;
  if (lang === 'zh') return `${names.map((n) => `「${n}」`).join('、')}${more > 0 ? ` 等 ${total} 个` : ''}`;
  return `${names.map((n) => `"${n}"`).join(', ')}${more > 0 ? ` and ${more} more` : ''}`;
}

/**
 * The organisation tree's administration: only centre users with the `configure` permission (docs/permissions.md),
 * only inside their own subtree; site users read the organisations they belong to. Tiers descend strictly from parent to child
 * (1 regional large customer → 2 group customer → 3 station level); every write checks the row's version.
 */
/** Creates, edits and moves are recorded in the usage log with before → after (`audit.recordChange`). */
export function createOrgAdminService(db: Db, access: AccessService, audit: AuditService) {
  async function managed(user: AuthUser): Promise<Set<number>> {
    return new Set(await access.adminOrgIds(user));
  }

  async function assertWriter(user: AuthUser): Promise<Set<number>> {
    if (user.userType !== UserType.Centre || !user.permissions.includes('configure')) throw errors.noManagePermission();
    return managed(user);
  }

  async function view(trx: Db, id: number): Promise<AdminOrg> {
    const [row] = await repo.orgsWithCounts(trx, [id]);
    if (!row) throw errors.orgNotFound();
    return toAdminOrg(row);
  }

  /** The organisation, if the user administers it and it is not the user's own (for move, disable, delete). */
  async function target(trx: Db, ids: Set<number>, id: number, forUpdate: boolean) {
    if (!ids.has(id)) throw errors.orgNotFound();
    const row = await repo.org(trx, id, forUpdate);
    if (!row) throw errors.orgNotFound();
    return row;
  }

  return {
    /**
     * Centre users: their whole subtree (disabled nodes included, so they can be enabled again). Site users read
     * the organisations of their scope — their own and those above it — and write none (the page says so).
     */
    async list(user: AuthUser): Promise<AdminOrg[]> {
      const ids = user.userType === UserType.Site ? (await access.scope(user)).orgIds : [...(await managed(user))];
      return (await repo.orgsWithCounts(db, ids)).map(toAdminOrg);
    },

    async create(user: AuthUser, v: z.output<typeof orgCreate>): Promise<AdminOrg> {
      const ids = await assertWriter(user);
      if (!ids.has(v.parent_id)) throw errors.orgNotFound('parent_id');
      return db.transaction().execute(async (trx) => {
        await repo.lockTree(trx);
        const parent = await repo.org(trx, v.parent_id, true);
        if (!parent) throw errors.orgNotFound('parent_id');
        if (v.tier <= parent.tier) throw errors.tierBelowParent(v.tier, parent.tier);
        const { id } = await repo.insertOrg(trx, { parent_id: v.parent_id, name: v.name, name_en: v.name_en, tier: v.tier });
        const after = await view(trx, id);
        await audit.recordChange(trx, { action: 'orgAdmin.createOrg', target: { type: 'organization', id }, before: null, after });
        return after;
      });
    },

    async update(user: AuthUser, id: number, v: z.output<typeof orgUpdate>): Promise<AdminOrg> {
      const ids = await assertWriter(user);
      return db.transaction().execute(async (trx) => {
        const row = await target(trx, ids, id, true);
        if (row.version !== v.version) throw errors.versionConflict('org');
        if (id === user.orgId && (!v.enabled || v.tier !== row.tier)) throw errors.ownOrganisation(v.enabled ? 'tier' : 'enabled');
        if (v.tier !== row.tier) {
          const parent = row.parent_id === null ? undefined : await repo.org(trx, row.parent_id);
          if (parent && v.tier <= parent.tier) throw errors.tierBelowParent(v.tier, parent.tier);
          const childTiers = await repo.childTiers(trx, id);
          const lowest = Math.min(...childTiers);
          if (childTiers.length && v.tier >= lowest) throw errors.tierAboveChildren(v.tier, lowest);
        }
        const before = await view(trx, id);
        const done = await repo.updateOrg(trx, id, v.version, { name: v.name, name_en: v.name_en, tier: v.tier, enabled: v.enabled });
        if (!done) throw errors.versionConflict('org');
        const after = await view(trx, id);
        await audit.recordChange(trx, { action: 'orgAdmin.updateOrg', target: { type: 'organization', id }, before, after });
        return after;
      });
    },

    async move(user: AuthUser, id: number, parentId: number, version: number): Promise<AdminOrg> {
      const ids = await assertWriter(user);
      if (id === user.orgId) throw errors.ownOrganisation('id');
      if (!ids.has(parentId)) throw errors.orgNotFound('parent_id');
      return db.transaction().execute(async (trx) => {
        await repo.lockTree(trx);
        const row = await target(trx, ids, id, true);
        if (row.version !== version) throw errors.versionConflict('org');
        const subtree = new Set(await repo.subtreeIds(trx, id));
        if (subtree.has(parentId)) throw errors.moveIntoOwnSubtree();
        const parent = await repo.org(trx, parentId);
        if (!parent) throw errors.orgNotFound('parent_id');
        if (row.tier <= parent.tier) throw errors.tierBelowParent(row.tier, parent.tier);
        if (row.parent_id !== parentId) {
          const before = await view(trx, id);
          const done = await repo.updateOrg(trx, id, version, { parent_id: parentId });
          if (!done) throw errors.versionConflict('org');
          const after = await view(trx, id);
          await audit.recordChange(trx, { action: 'orgAdmin.moveOrg', target: { type: 'organization', id }, before, after });
          return after;
        }
        return view(trx, id);
      });
    },

    async remove(user: AuthUser, id: number, version: number): Promise<{ id: number }> {
      const ids = await assertWriter(user);
      if (id === user.orgId) throw errors.ownOrganisation('id');
      return db.transaction().execute(async (trx) => {
        await repo.lockTree(trx);
        const row = await target(trx, ids, id, true);
        if (row.version !== version) throw errors.versionConflict('org');
        const d = await repo.dependents(trx, id, NAMES_LISTED);
        const zh: string[] = [];
        const en: string[] = [];
        if (d.totals.children) {
          zh.push(`下级组织 ${listNames(d.children.map((c) => c.name), d.totals.children, 'zh')}`);
          en.push(`child organisations ${listNames(d.children.map((c) => c.name_en || c.name), d.totals.children, 'en')}`);
        }
        if (d.totals.projects) {
          zh.push(`项目 ${listNames(d.projects.map((p) => p.name), d.totals.projects, 'zh')}`);
          en.push(`projects ${listNames(d.projects.map((p) => p.name_en || p.name), d.totals.projects, 'en')}`);
        }
        if (d.totals.users) {
          const names = d.users.map((u) => `${u.name} (${u.username})`);
          zh.push(`用户 ${listNames(names, d.totals.users, 'zh')}`);
          en.push(`users ${listNames(names, d.totals.users, 'en')}`);
        }
        if (zh.length) throw errors.hasDependents(row.name, row.name_en || row.name, { zh, en });
        const done = await repo.deleteOrg(trx, id, version);
        if (!done) throw errors.versionConflict('org');
        return { id };
      });
    },
  };
}

export type OrgAdminService = ReturnType<typeof createOrgAdminService>;

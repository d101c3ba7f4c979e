import type { OrgNode, Project } from '@gridops/contract';
import type { Db } from '../../db/database.js';
import { notFound } from '../../lib/errors.js';
import type { AuthUser } from '../../types.js';
import type { AccessService } from '../access/service.js';
import { orgRepository as repo, type ProjectRow } from './repository.js';

export function toProject(r: ProjectRow): Project {
  return {
    id: r.id,
    org_id: r.org_id,
    name: r.name,
    name_en: r.name_en,
    address: r.address,
    address_en: r.address_en,
    city: r.city,
    city_en: r.city_en,
    latitude: r.latitude,
    longitude: r.longitude,
    timezone: r.timezone,
    energy_types: r.energy_types as Project['energy_types'],
    capacity_kva: r.capacity_kva,
    pv_capacity_kw: r.pv_capacity_kw,
    storage_capacity_kwh: r.storage_capacity_kwh,
    area_m2: r.area_m2,
  };
}

export function createOrgService(db: Db, access: AccessService) {
  async function projectRow(projectId: number): Promise<ProjectRow> {
    const [row] = await repo.projectsByIds(db, [projectId]);
    if (!row) throw notFound();
    return row;
  }

  return {
    /**
     * The organisation tree the user may see, with its projects as leaves. Site users and workers see the
     * path from the top down to their projects, and only their own projects on it.
     */
    async tree(user: AuthUser): Promise<OrgNode[]> {
      const scope = await access.scope(user);
      const [orgs, projects] = await Promise.all([repo.orgsByIds(db, scope.orgIds), repo.projectsByIds(db, scope.projectIds)]);
      const nodes = new Map<number, OrgNode>(orgs.map((o) => [o.id, { ...o, children: [], projects: [] }]));
      for (const p of projects) nodes.get(p.org_id)?.projects.push(toProject(p));
      const roots: OrgNode[] = [];
      for (const n of nodes.values()) {
        const parent = n.parent_id === null ? undefined : nodes.get(n.parent_id);
        if (parent) parent.children.push(n);
        else roots.push(n);
      }
      return roots;
    },

    async listProjects(user: AuthUser, q: { org_id?: number | undefined; keyword?: string | undefined; page: number; size: number }) {
      const ids = q.org_id ? await access.projectsUnderOrg(user, q.org_id) : (await access.scope(user)).projectIds;
      const { total, rows } = await repo.pageProjects(db, ids, { keyword: q.keyword, offset: (q.page - 1) * q.size, limit: q.size });
      return { total, list: rows.map(toProject) };
    },

    async project(user: AuthUser, projectId: number): Promise<Project> {
      await access.assertProject(user, projectId);
      return toProject(await projectRow(projectId));
    },

    /** For services that have already checked access. */
    projectRow,
  };
}

export type OrgService = ReturnType<typeof createOrgService>;

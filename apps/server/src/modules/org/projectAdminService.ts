import { UserType, type AdminProject, type RoomView } from '@gridops/contract';
import type { adminProjectListRequest, projectFields, projectUpdate, roomCreate } from '@gridops/contract';
import type { z } from 'zod';
import type { Db } from '../../db/database.js';
import type { AuthUser } from '../../types.js';
import type { AccessService } from '../access/service.js';
import type { AuditService } from '../audit/service.js';
import { adminErrors as errors } from './adminErrors.js';
import { projectAdminRepository as repo, type AdminProjectRow, type ProjectValues, type RoomRow } from './projectAdminRepository.js';

const NAMES_LISTED = 5;

/**
 * The zone as Intl knows it (canonical spelling), or undefined. Node's Intl and PostgreSQL both carry the IANA
 * database, so a zone Intl accepts works in the statistics' `AT TIME ZONE` too.
 */
export function canonicalZone(zone: string): string | undefined {
  try {
    const resolved = new Intl.DateTimeFormat('en-US', { timeZone: zone }).resolvedOptions().timeZone;
    return resolved === 'UTC' || resolved.includes('/') ? resolved : undefined;
  } catch {
    return undefined;
  }
}

const toRoom = (r: RoomRow): RoomView => ({ id: r.id, name: r.name, name_en: r.name_en, device_count: Number(r.device_count ?? 0) });

function toAdminProject(r: AdminProjectRow, rooms: RoomRow[]): AdminProject {
  return {
    ...r,
    energy_types: r.energy_types as AdminProject['energy_types'],
    rooms: rooms.filter((x) => x.project_id === r.id).map(toRoom),
  };
}

/**
 * Projects (stations) and their rooms. Centre users with the manage permission administer every project of
 * their organisation subtree; a site user with the configure permission edits its own station (StationSet),
 * without moving it to another organisation. Reads: centre users their subtree, site users their stations.
 */
/** Creates and edits of projects are recorded in the usage log with before → after (`audit.recordChange`). */
export function createProjectAdminService(db: Db, access: AccessService, audit: AuditService) {
  const canWrite = (user: AuthUser) => user.permissions.includes('configure') && (user.userType === UserType.Centre || user.userType === UserType.Site);

  /** Throws unless the user may read (write) this project; returns its org and version. */
  async function reach(user: AuthUser, projectId: number, write: boolean) {
    if (write && !canWrite(user)) throw errors.noManagePermission();
    const row = await repo.projectOrg(db, projectId);
    if (user.userType === UserType.Centre) {
      const orgs = await access.adminOrgIds(user);
      if (!row || !orgs.includes(row.org_id)) throw errors.projectNotFound();
      return row;
    }
    if (user.userType !== UserType.Site) throw errors.noManagePermission();
    const scope = await access.scope(user);
    if (!row || !scope.projectIds.includes(projectId)) throw errors.projectNotFound();
    return row;
  }

  async function detail(trx: Db, id: number): Promise<AdminProject> {
    const [[row], rooms] = await Promise.all([repo.projects(trx, [id]), repo.rooms(trx, [id])]);
    if (!row) throw errors.projectNotFound();
    return toAdminProject(row, rooms);
  }

  function values(v: z.output<typeof projectFields>): ProjectValues {
    const timezone = canonicalZone(v.timezone);
    if (!timezone) throw errors.badTimezone(v.timezone);
    return { ...v, timezone };
  }

  async function roomReach(user: AuthUser, roomId: number) {
    const room = await repo.room(db, roomId);
    if (!room) throw errors.roomNotFound();
    try {
      await reach(user, room.project_id, true);
    } catch (e) {
      if (canWrite(user)) throw errors.roomNotFound();
      throw e;
    }
    return room;
  }

  return {
    async list(user: AuthUser, q: z.output<typeof adminProjectListRequest>) {
      let orgIds: number[];
      let only: number[] | null = null;
      if (user.userType === UserType.Centre) orgIds = await access.adminOrgIds(user);
      else if (user.userType === UserType.Site) {
        const scope = await access.scope(user);
        orgIds = scope.orgIds;
        only = scope.projectIds;
      } else throw errors.noManagePermission();
      if (q.org_id !== undefined) {
        if (!orgIds.includes(q.org_id)) throw errors.orgNotFound('org_id');
        orgIds = [q.org_id];
      }
      const { total, rows } = await repo.pageInOrgs(db, orgIds, only, { keyword: q.keyword, offset: (q.page - 1) * q.size, limit: q.size });
      const rooms = await repo.rooms(db, rows.map((r) => r.id));
      return { total, list: rows.map((r) => toAdminProject(r, rooms)) };
    },

    async get(user: AuthUser, id: number): Promise<AdminProject> {
      await reach(user, id, false);
      return detail(db, id);
    },

    async create(user: AuthUser, v: z.output<typeof projectFields>): Promise<AdminProject> {
      if (user.userType !== UserType.Centre || !user.permissions.includes('configure')) throw errors.noManagePermission();
      const orgs = await access.adminOrgIds(user);
      if (!orgs.includes(v.org_id)) throw errors.orgNotFound('org_id');
      const vals = values(v);
      return db.transaction().execute(async (trx) => {
        const after = await detail(trx, (await repo.insertProject(trx, vals)).id);
        await audit.recordChange(trx, { action: 'orgAdmin.createProject', target: { type: 'project', id: after.id }, before: null, after, projectId: after.id });
        return after;
      });
    },

    async update(user: AuthUser, id: number, v: z.output<typeof projectUpdate>): Promise<AdminProject> {
      const current = await reach(user, id, true);
      if (v.org_id !== current.org_id) {
        if (user.userType !== UserType.Centre) throw errors.stationOrgFixed();
        if (!(await access.adminOrgIds(user)).includes(v.org_id)) throw errors.orgNotFound('org_id');
      }
      const { version, ...fields } = v;
      const vals = values(fields);
      return db.transaction().execute(async (trx) => {
        const before = await detail(trx, id);
        const done = await repo.updateProject(trx, id, version, vals);
        if (!done) throw errors.versionConflict('project');
        if (vals.latitude !== current.latitude || vals.longitude !== current.longitude) await repo.forgetWeather(trx, id);
        const after = await detail(trx, id);
        await audit.recordChange(trx, { action: 'orgAdmin.updateProject', target: { type: 'project', id }, before, after, projectId: id });
        return after;
      });
    },

    async createRoom(user: AuthUser, projectId: number, v: z.output<typeof roomCreate>): Promise<RoomView> {
      await reach(user, projectId, true);
      const { id } = await repo.insertRoom(db, projectId, v);
      return { id, name: v.name, name_en: v.name_en, device_count: 0 };
    },

    async renameRoom(user: AuthUser, roomId: number, v: { name: string; name_en: string }): Promise<RoomView> {
      const room = await roomReach(user, roomId);
      await repo.renameRoom(db, roomId, v);
      const [row] = (await repo.rooms(db, [room.project_id])).filter((r) => r.id === roomId);
      if (!row) throw errors.roomNotFound();
      return toRoom(row);
    },

    async deleteRoom(user: AuthUser, roomId: number): Promise<{ id: number }> {
      await roomReach(user, roomId);
      return db.transaction().execute(async (trx) => {
        const room = await repo.room(trx, roomId, true);
        if (!room) throw errors.roomNotFound();
        const devices = await repo.roomDevices(trx, roomId, NAMES_LISTED);
        if (devices.total > 0)
          throw errors.roomHasDevices(
            room.name,
            room.name_en || room.name,
            devices.names.map((d) => d.name),
            devices.names.map((d) => d.name_en || d.name),
            devices.total,
          );
        await repo.deleteRoom(trx, roomId);
        return { id: roomId };
      });
    },
  };
}

export type ProjectAdminService = ReturnType<typeof createProjectAdminService>;

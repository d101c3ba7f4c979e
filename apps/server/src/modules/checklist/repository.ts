import { sql } from 'kysely';
import type { Db } from '../../db/database.js';

/** What the site checklist counts for each station, in one round trip per station. */
export interface SiteCounts {
  rooms: number;
  gateways: number;
  gateways_online: number;
  devices: number;
  devices_placed: number;
  diagrams: number;
  /** Rules that evaluate some point of the site: shipped defaults for its device kinds, its own and its devices'. */
  alarm_rules: number;
  members: number;
  breakers: number;
  /** Breakers still at the closed default a console registration gave them (never configured by anyone). */
  breakers_unconfigured: number;
  push_rules: number;
}

export const checklistRepository = {
  projects: (db: Db, ids: number[]) =>
    ids.length === 0 ? Promise.resolve([]) : db.selectFrom('projects').select(['id', 'name', 'name_en', 'org_id']).where('id', 'in', ids).orderBy('id').execute(),

  async counts(db: Db, projectId: number, orgId: number): Promise<SiteCounts> {
    const n = (q: ReturnType<typeof sql<number>>) => sql<number>`(${q})::int`;
    const row = await db
      .selectNoFrom([
        n(sql`SELECT count(*) FROM rooms WHERE project_id = ${projectId}`).as('rooms'),
        n(sql`SELECT count(*) FROM gateways WHERE project_id = ${projectId}`).as('gateways'),
        n(sql`SELECT count(*) FROM gateways WHERE project_id = ${projectId} AND online`).as('gateways_online'),
        n(sql`SELECT count(*) FROM devices WHERE project_id = ${projectId} AND gateway_id IS NOT NULL`).as('devices'),
        n(sql`SELECT count(*) FROM devices WHERE project_id = ${projectId} AND gateway_id IS NOT NULL AND room_id IS NOT NULL`).as('devices_placed'),
        n(sql`SELECT count(*) FROM sld_diagrams WHERE project_id = ${projectId}`).as('diagrams'),
        n(sql`SELECT count(*) FROM alarm_rules r WHERE r.enabled AND (
                r.project_id = ${projectId}
                OR r.device_id IN (SELECT id FROM devices WHERE project_id = ${projectId})
                OR (r.project_id IS NULL AND r.device_id IS NULL AND r.device_kind IN (SELECT kind FROM devices WHERE project_id = ${projectId})))`).as('alarm_rules'),
        n(sql`SELECT count(*) FROM user_projects up JOIN users u ON u.id = up.user_id WHERE up.project_id = ${projectId} AND u.enabled`).as('members'),
        n(sql`SELECT count(*) FROM devices WHERE project_id = ${projectId} AND kind IN ('incomer', 'feeder')`).as('breakers'),
        n(sql`SELECT count(*) FROM devices d JOIN control_settings s ON s.device_id = d.id
                WHERE d.project_id = ${projectId} AND d.kind IN ('incomer', 'feeder') AND NOT s.controllable AND s.version = 1`).as('breakers_unconfigured'),
        n(sql`WITH RECURSIVE up_path(id, parent_id) AS (
                SELECT id, parent_id FROM organizations WHERE id = ${orgId}
                UNION SELECT o.id, o.parent_id FROM organizations o JOIN up_path p ON o.id = p.parent_id)
              SELECT count(*) FROM push_rules WHERE enabled AND (project_id = ${projectId} OR (project_id IS NULL AND org_id IN (SELECT id FROM up_path)))`).as('push_rules'),
      ])
      .executeTakeFirstOrThrow();
    return row;
  },
};

import type { Db } from '../db/database.js';

/**
 * The body of a station (project) create or update request with every field filled, for tests that need a new
 * station and care only about some of its fields (`over`).
 */
export const stationBody = (orgId: number, over: Record<string, unknown> = {}) => ({
  org_id: orgId,
  name: '测试光储站',
  name_en: 'Test PV-storage station',
  address: '苏州市工业园区星湖街 1 号',
  address_en: '1 Xinghu St, Suzhou Industrial Park',
  city: '苏州',
  city_en: 'Suzhou',
  latitude: 31.3,
  longitude: 120.7,
  timezone: 'Asia/Shanghai',
  energy_types: ['power'],
  capacity_kva: 2000,
  pv_capacity_kw: 500,
  storage_capacity_kwh: 1000,
  storage_power_kw: 500,
  charger_count: 8,
  charger_power_kw: 120,
  ...over,
});

/** The first project a user is assigned to (the demo's site users have one). */
export async function projectOfUser(db: Db, username: string): Promise<number> {
  const row = await db
    .selectFrom('user_projects as up')
    .innerJoin('users as u', 'u.id', 'up.user_id')
    .select('up.project_id')
    .where('u.username', '=', username)
    .orderBy('up.project_id')
    .executeTakeFirstOrThrow();
  return row.project_id;
}

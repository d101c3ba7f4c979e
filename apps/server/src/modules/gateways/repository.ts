import { sql } from 'kysely';
import type { PointDef } from '@gridops/contract';
import type { Db } from '../../db/database.js';

/** A point as a device gets it: from the catalogue (PointDef) or a template (with scale and limits). */
export type DevicePointSpec = PointDef & { scale?: number; low?: number | null; high?: number | null };

export const gatewaysRepository = {
  /** A project's gateways with their registered and unknown device counts. */
  list(db: Db, projectId: number) {
    return db
      .selectFrom('gateways as g')
      .select([
        'g.id',
        'g.sn',
        'g.name',
        'g.name_en',
        'g.online',
        'g.last_seen_at',
        'g.credentials_at',
        sql<boolean>`g.secret_hash <> ''`.as('has_credentials'),
        sql<number>`(SELECT count(*)::int FROM devices d WHERE d.gateway_id = g.id)`.as('devices'),
        sql<number>`(SELECT count(*)::int FROM unknown_devices u WHERE u.gateway_id = g.id)`.as('unknown_devices'),
      ])
      .where('g.project_id', '=', projectId)
      .orderBy('g.sn')
      .execute();
  },

  /** One gateway's state for its kit. */
  kitRow(db: Db, id: number) {
    return db
      .selectFrom('gateways as g')
      .select(['g.id', 'g.sn', 'g.project_id', 'g.name', 'g.name_en', 'g.online', 'g.last_seen_at', 'g.heartbeat_s', sql<boolean>`g.secret_hash <> ''`.as('has_credentials')])
      .where('g.id', '=', id)
      .executeTakeFirst();
  },

  /** The first devices of a gateway with their points, for the kit's sample telemetry. */
  async kitDevices(db: Db, gatewayId: number, limit: number) {
    const devices = await db.selectFrom('devices').select(['id', 'sn']).where('gateway_id', '=', gatewayId).orderBy('sort').orderBy('id').limit(limit).execute();
    if (devices.length === 0) return [];
    const points = await db
      .selectFrom('device_points')
      .select(['device_id', 'key', 'unit', 'kind', 'low', 'high'])
      .where('device_id', 'in', devices.map((d) => d.id))
      .orderBy('sort')
      .orderBy('id')
      .execute();
    return devices.map((d) => ({ sn: d.sn, points: points.filter((p) => p.device_id === d.id) }));
  },

  byId(db: Db, id: number) {
    return db.selectFrom('gateways').select(['id', 'sn', 'project_id', 'name', 'name_en']).where('id', '=', id).executeTakeFirst();
  },

  async snTaken(db: Db, sn: string): Promise<boolean> {
    return (await db.selectFrom('gateways').select('id').where(sql<string>`lower(sn)`, '=', sn.toLowerCase()).executeTakeFirst()) !== undefined;
  },

  /** Registers a gateway without credentials (empty hash: nobody can connect as it yet). */
  async insert(db: Db, g: { projectId: number; sn: string; name: string; nameEn: string }): Promise<number> {
    const r = await db
      .insertInto('gateways')
      .values({ project_id: g.projectId, sn: g.sn, name: g.name, name_en: g.nameEn, secret_hash: '', credentials_at: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    return r.id;
  },

  async rename(db: Db, id: number, name: string, nameEn: string): Promise<void> {
    await db.updateTable('gateways').set({ name, name_en: nameEn }).where('id', '=', id).execute();
  },

  async deviceCount(db: Db, gatewayId: number): Promise<number> {
    const r = await db.selectFrom('devices').select(sql<number>`count(*)::int`.as('n')).where('gateway_id', '=', gatewayId).executeTakeFirstOrThrow();
    return Number(r.n);
  },

  async delete(db: Db, id: number): Promise<void> {
    await db.deleteFrom('gateways').where('id', '=', id).execute();
  },

  /** Records when the secret just stored (mqtt-auth/gatewaySecrets.ts) was issued. */
  async markCredentialsIssued(db: Db, id: number): Promise<void> {
    await db.updateTable('gateways').set({ credentials_at: sql<Date>`now()` }).where('id', '=', id).execute();
  },

  /** Removes the secret: the empty hash matches no password, so the gateway cannot connect. */
  async revokeSecret(db: Db, id: number): Promise<void> {
    await db.updateTable('gateways').set({ secret_hash: '', credentials_at: null }).where('id', '=', id).execute();
  },

  async isUnknownDevice(db: Db, gatewayId: number, deviceSn: string): Promise<boolean> {
    return (
      (await db.selectFrom('unknown_devices').select('gateway_id').where('gateway_id', '=', gatewayId).where('device_sn', '=', deviceSn).executeTakeFirst()) !==
      undefined
    );
  },

  unknownDevices(db: Db, projectId: number) {
    return db
      .selectFrom('unknown_devices as u')
      .innerJoin('gateways as g', 'g.id', 'u.gateway_id')
      .select(['u.gateway_id', 'g.sn as gateway_sn', 'u.device_sn', 'u.point_keys', sql<number>`u.count::int`.as('count'), 'u.first_seen_at', 'u.last_seen_at'])
      .where('g.project_id', '=', projectId)
      .orderBy('u.last_seen_at', 'desc')
      .limit(500)
      .execute();
  },

  async deviceExists(db: Db, gatewayId: number, sn: string): Promise<boolean> {
    return (await db.selectFrom('devices').select('id').where('gateway_id', '=', gatewayId).where('sn', '=', sn).executeTakeFirst()) !== undefined;
  },

  /** Creates a device under a gateway with its points, and drops it from the unknown list. */
  async insertDevice(
    db: Db,
    d: { projectId: number; gatewayId: number; sn: string; kind: string; name: string; nameEn: string; points: DevicePointSpec[]; roomId?: number | null; parentId?: number | null; templateId?: number | null },
  ): Promise<number> {
    const { id } = await db
      .insertInto('devices')
      .values({
        project_id: d.projectId,
        gateway_id: d.gatewayId,
        room_id: d.roomId ?? null,
        parent_id: d.parentId ?? null,
        sn: d.sn,
        kind: d.kind,
        name: d.name,
        name_en: d.nameEn,
        props: JSON.stringify(d.templateId ? { template_id: d.templateId } : {}),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (d.points.length > 0) {
      await db
        .insertInto('device_points')
        .values(
          d.points.map((p, i) => ({
            device_id: id,
            key: p.key,
            name: p.name,
            name_en: p.name_en,
            unit: p.unit,
            kind: p.kind,
            precision: p.precision,
            scale: p.scale ?? 1,
            low: p.low ?? null,
            high: p.high ?? null,
            sort: i,
          })),
        )
        .execute();
    }
    await db.deleteFrom('unknown_devices').where('gateway_id', '=', d.gatewayId).where('device_sn', '=', d.sn).execute();
    return id;
  },

  /** Devices under the project's gateways, with their point counts. */
  devices(db: Db, projectId: number) {
    return db
      .selectFrom('devices as d')
      .innerJoin('gateways as g', 'g.id', 'd.gateway_id')
      .leftJoin('rooms as r', 'r.id', 'd.room_id')
      .select([
        'd.id',
        'd.gateway_id',
        'g.sn as gateway_sn',
        'd.sn',
        'd.kind',
        'd.name',
        'd.name_en',
        sql<number>`(SELECT count(*)::int FROM device_points p WHERE p.device_id = d.id)`.as('points'),
        'd.room_id',
        'r.name as room_name',
        'r.name_en as room_name_en',
        'd.parent_id',
      ])
      .where('g.project_id', '=', projectId)
      .orderBy('g.sn')
      .orderBy('d.sort')
      .orderBy('d.id')
      .limit(2000)
      .execute();
  },

  /** A device under a gateway, with the gateway's project (for the scope check). */
  deviceById(db: Db, id: number) {
    return db
      .selectFrom('devices as d')
      .innerJoin('gateways as g', 'g.id', 'd.gateway_id')
      .select(['d.id', 'g.project_id', 'd.sn', 'd.name', 'd.name_en', 'd.room_id', 'd.parent_id', 'g.sn as gateway_sn'])
      .where('d.id', '=', id)
      .executeTakeFirst();
  },

  async renameDevice(db: Db, id: number, name: string, nameEn: string, roomId: number | null, parentId: number | null): Promise<void> {
    await db.updateTable('devices').set({ name, name_en: nameEn, room_id: roomId, parent_id: parentId }).where('id', '=', id).execute();
  },

  /** A device's project (through its gateway) and its own parent, or undefined when there is no such device. */
  parentLink(db: Db, id: number) {
    return db
      .selectFrom('devices as d')
      .innerJoin('gateways as g', 'g.id', 'd.gateway_id')
      .select(['d.id', 'g.project_id', 'd.parent_id'])
      .where('d.id', '=', id)
      .executeTakeFirst();
  },

  async setParent(db: Db, id: number, parentId: number | null): Promise<void> {
    await db.updateTable('devices').set({ parent_id: parentId }).where('id', '=', id).execute();
  },

  /** A project's rooms with their registered device counts. */
  rooms(db: Db, projectId: number) {
    return db
      .selectFrom('rooms as r')
      .select(['r.id', 'r.name', 'r.name_en', sql<number>`(SELECT count(*)::int FROM devices d WHERE d.room_id = r.id)`.as('devices')])
      .where('r.project_id', '=', projectId)
      .orderBy('r.id')
      .execute();
  },

  async roomInProject(db: Db, roomId: number, projectId: number): Promise<boolean> {
    return (await db.selectFrom('rooms').select('id').where('id', '=', roomId).where('project_id', '=', projectId).executeTakeFirst()) !== undefined;
  },

  /** The given devices that stand under a gateway of the project, with their current rooms (locked for the move). */
  devicesOfProject(db: Db, projectId: number, ids: number[]) {
    return db
      .selectFrom('devices as d')
      .innerJoin('gateways as g', 'g.id', 'd.gateway_id')
      .select(['d.id', 'd.room_id'])
      .where('g.project_id', '=', projectId)
      .where('d.id', 'in', ids)
      .forUpdate()
      .execute();
  },

  async setRoom(db: Db, ids: number[], roomId: number | null): Promise<number> {
    const r = await db.updateTable('devices').set({ room_id: roomId }).where('id', 'in', ids).executeTakeFirst();
    return Number(r.numUpdatedRows);
  },

  async deleteDevice(db: Db, id: number): Promise<void> {
    await db.deleteFrom('devices').where('id', '=', id).execute();
  },
};

import type { Db } from '../../db/database.js';

export const securityRepository = {
  gatewayDevice: (db: Db, gatewaySn: string, deviceSn: string) =>
    db
      .selectFrom('gateways as g')
      .innerJoin('projects as p', 'p.id', 'g.project_id')
      .leftJoin('devices as d', (j) => j.onRef('d.gateway_id', '=', 'g.id').on('d.sn', '=', deviceSn))
      .select(['g.id as gateway_id', 'g.project_id', 'p.name as project_name', 'p.name_en as project_name_en', 'd.id as device_id', 'd.name as device_name'])
      .where('g.sn', '=', gatewaySn)
      .executeTakeFirst(),

  /** The new capture's id, or undefined when it was stored already. */
  insertCapture: (db: Db, c: { projectId: number; gatewayId: number; deviceId: number | null; deviceSn: string; ts: Date; img: string; msg: string; msgEn: string }) =>
    db
      .insertInto('captures')
      .values({ project_id: c.projectId, gateway_id: c.gatewayId, device_id: c.deviceId, device_sn: c.deviceSn, ts: c.ts, img: c.img, msg: c.msg, msg_en: c.msgEn })
      // A repeat of a stored capture (resend, redelivery) is the same capture: stored once (migration 0029).
      .onConflict((oc) => oc.columns(['gateway_id', 'device_sn', 'ts']).doNothing())
      .returning('id')
      .executeTakeFirst(),

  async captures(db: Db, f: { projectId: number; deviceId?: number | undefined; from?: Date | undefined; to?: Date | undefined }, offset: number, limit: number) {
    let q = db.selectFrom('captures as c').leftJoin('devices as d', 'd.id', 'c.device_id').where('c.project_id', '=', f.projectId);
    if (f.deviceId !== undefined) q = q.where('c.device_id', '=', f.deviceId);
    if (f.from) q = q.where('c.ts', '>=', f.from);
    if (f.to) q = q.where('c.ts', '<', f.to);
    const [{ n }, rows] = await Promise.all([
      q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      q
        .select(['c.id', 'c.device_id', 'c.device_sn', 'd.name as device_name', 'd.name_en as device_name_en', 'c.ts', 'c.img', 'c.msg', 'c.msg_en'])
        .orderBy('c.ts', 'desc')
        .orderBy('c.id', 'desc')
        .offset(offset)
        .limit(limit)
        .execute(),
    ]);
    return { total: Number(n), rows };
  },

  cameras: (db: Db, projectId: number) =>
    db
      .selectFrom('devices as d')
      .leftJoin('gateways as g', 'g.id', 'd.gateway_id')
      .leftJoin('device_points as p', (j) => j.onRef('p.device_id', '=', 'd.id').on('p.key', '=', 'online'))
      .leftJoin('point_latest as l', 'l.point_id', 'p.id')
      .select(['d.id', 'd.sn', 'd.room_id', 'd.name', 'd.name_en', 'g.online as gateway_online', 'l.value as online_value'])
      .where('d.project_id', '=', projectId)
      .where('d.kind', '=', 'camera')
      .orderBy('d.sort')
      .execute(),

  lastCaptures: (db: Db, deviceIds: number[]) =>
    deviceIds.length === 0
      ? Promise.resolve([])
      : db
          .selectFrom('captures as c')
          .select(['c.id', 'c.device_id', 'c.device_sn', 'c.ts', 'c.img', 'c.msg', 'c.msg_en'])
          .distinctOn('c.device_id')
          .where('c.device_id', 'in', deviceIds)
          .orderBy('c.device_id')
          .orderBy('c.ts', 'desc')
          .execute(),

  robots: (db: Db, projectId: number) => db.selectFrom('robots').selectAll().where('project_id', '=', projectId).orderBy('id').execute(),

  async inspections(db: Db, f: { projectId: number; robotId?: number | undefined; anomaliesOnly?: boolean | undefined }, offset: number, limit: number) {
    let q = db.selectFrom('robot_inspections as i').innerJoin('robots as r', 'r.id', 'i.robot_id').where('i.project_id', '=', f.projectId);
    if (f.robotId !== undefined) q = q.where('i.robot_id', '=', f.robotId);
    if (f.anomaliesOnly) q = q.where('i.anomalies', '>', 0);
    const [{ n }, rows] = await Promise.all([
      q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      q
        .select(['i.id', 'i.robot_id', 'r.name as robot_name', 'r.name_en as robot_name_en', 'i.started_at', 'i.finished_at', 'i.status', 'i.trigger', 'i.anomalies', 'i.readings', 'i.photo'])
        .orderBy('i.started_at', 'desc')
        .offset(offset)
        .limit(limit)
        .execute(),
    ]);
    return { total: Number(n), rows };
  },
};

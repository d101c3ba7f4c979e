import { deviceCatalog, digitalStateName, eventMessage, type EventMessage } from '@gridops/contract';
import type { Db } from '../db/database.js';
import { hashPassword } from '../lib/password.js';
import { hashSecret } from '../lib/secretHash.js';
import { randomSecret } from '../lib/tokens.js';
import { eventTextColumns } from '../modules/event/repository.js';
import { seedAlarmRules } from './demoRules.js';
import { seedDemoEnergy } from './demoEnergy.js';
import { ANALOG_HISTORY_DAYS, seedAnalogHistory } from './demoAnalogHistory.js';
import { HISTORY_DAYS } from './demoEnergyHistory.js';
import { seedDemoDistribution } from './demoDistribution.js';
import { seedDemoIeSets } from './demoIeSets.js';
import { seedDemoAssets } from './demoAssets.js';
import { seedDemoVideo } from './demoVideo.js';
import { seedDemoInspection } from './demoInspection.js';
import { seedDemoAux } from './demoAux.js';
import { DEMO_PASSWORD, demoGroups, demoRegional, demoStations, demoUsers, type DemoStation } from './demoData.js';
import { seedDemoWorkOrders } from './demoWorkOrders.js';

type Trx = Db;

async function seedStation(trx: Trx, station: DemoStation, orgId: number): Promise<number> {
  const project = await trx
    .insertInto('projects')
    .values({
      org_id: orgId,
      name: station.name,
      name_en: station.name_en,
      address: station.address,
      address_en: station.address_en,
      city: station.city,
      city_en: station.city_en,
      latitude: station.latitude,
      longitude: station.longitude,
      timezone: station.timezone,
      energy_types: station.energy_types,
      capacity_kva: station.capacity_kva,
      pv_capacity_kw: station.pv_capacity_kw,
      storage_capacity_kwh: station.storage_capacity_kwh,
      area_m2: station.area_m2,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const gateway = await trx
    .insertInto('gateways')
    .values({ project_id: project.id, sn: `GW-${station.code}-01`, secret_hash: hashSecret(randomSecret(32)), name: `${station.name} 网关`, name_en: `${station.name_en} gateway` })
    .returning('id')
    .executeTakeFirstOrThrow();

  const idsBySn = new Map<string, number>();
  const parents: [number, string][] = [];
  let sort = 0;
  for (const [roomIndex, room] of station.rooms.entries()) {
    const r = await trx
      .insertInto('rooms')
      .values({ project_id: project.id, name: room.name, name_en: room.name_en, kind: room.kind, sort: roomIndex })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const dev of room.devices) {
      const row = await trx
        .insertInto('devices')
        .values({
          project_id: project.id,
          room_id: r.id,
          gateway_id: gateway.id,
          parent_id: null,
          sn: dev.sn,
          kind: dev.kind,
          name: dev.name,
          name_en: dev.name_en,
          props: JSON.stringify(dev.props ?? {}),
          sort: sort++,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      idsBySn.set(dev.sn, row.id);
      if (dev.parent) parents.push([row.id, dev.parent]);
      const points = deviceCatalog[dev.kind].points;
      await trx
        .insertInto('device_points')
        .values(points.map((p, i) => ({ device_id: row.id, key: p.key, name: p.name, name_en: p.name_en, unit: p.unit, kind: p.kind, precision: p.precision, sort: i })))
        .execute();
    }
  }
  for (const [id, parentSn] of parents) {
    const parentId = idsBySn.get(parentSn);
    if (parentId) await trx.updateTable('devices').set({ parent_id: parentId }).where('id', '=', id).execute();
  }
  return project.id;
}

/** What a seeded event measured: the point (by key) and its value against the limit, or a digital change. */
interface SeedReading {
  point: string;
  kind: 'high' | 'digital';
  value: number;
  limit?: number;
  from?: number;
}

/** A few past events per site, so the consoles have history and a pending list from the first login. */
async function seedHistory(trx: Trx, projectIds: Map<string, number>) {
  const hoursAgo = (h: number) => new Date(Date.now() - h * 3600_000);
  const find = async (code: string, sn: string) => {
    const projectId = projectIds.get(code)!;
    const dev = await trx.selectFrom('devices').select(['id', 'name', 'name_en']).where('project_id', '=', projectId).where('sn', '=', sn).executeTakeFirstOrThrow();
    return { projectId, dev };
  };
  const titles = new Map((await trx.selectFrom('projects').select(['id', 'name']).execute()).map((p) => [p.id, p.name]));
  const history: { code: string; sn: string; type: 1 | 2 | 3; level: 1 | 2 | 3 | 4; zh: string; en: string; h: number; status: string; reading?: SeedReading }[] = [
    { code: 'SHZJ', sn: 'T1', type: 2, level: 2, zh: '绕组温度越上限', en: 'Winding temperature above limit', h: 3, status: 'pending', reading: { point: 'temp_winding', kind: 'high', value: 112.4, limit: 110 } },
    { code: 'SHZJ', sn: 'F03', type: 3, level: 3, zh: '断路器分闸（非操作）', en: 'Breaker tripped (not commanded)', h: 26, status: 'closed', reading: { point: 'breaker', kind: 'digital', value: 0, from: 1 } },
    { code: 'SZIP', sn: 'EV2', type: 3, level: 2, zh: '充电桩故障：通信中断', en: 'Charger fault: communication lost', h: 1.5, status: 'pending' },
    { code: 'SZIP', sn: 'BMS1', type: 2, level: 3, zh: '单体最高温度越限', en: 'Max cell temperature above limit', h: 0.6, status: 'pending', reading: { point: 'cell_tmax', kind: 'high', value: 46.2, limit: 45 } },
    { code: 'SZIP', sn: 'ENV', type: 1, level: 1, zh: '配电室门已打开', en: 'Distribution room door opened', h: 5, status: 'acknowledged', reading: { point: 'door', kind: 'digital', value: 1, from: 0 } },
    { code: 'NJJN', sn: 'EF1', type: 2, level: 2, zh: '剩余电流越限', en: 'Residual current above limit', h: 8, status: 'pending', reading: { point: 'IR', kind: 'high', value: 320, limit: 300 } },
    { code: 'HZBJ', sn: 'F02', type: 2, level: 4, zh: 'A相电流越限', en: 'Phase A current above limit', h: 0.3, status: 'pending', reading: { point: 'Ia', kind: 'high', value: 1980, limit: 1800 } },
    { code: 'HFDC', sn: 'ENV', type: 2, level: 3, zh: '配电室温度越限', en: 'Room temperature above limit', h: 12, status: 'handled', reading: { point: 'temp', kind: 'high', value: 36.5, limit: 35 } },
  ];
  for (const e of history) {
    const { projectId, dev } = await find(e.code, e.sn);
    const raised = hoursAgo(e.h);
    const done = e.status !== 'pending';
    const point = e.reading
      ? await trx.selectFrom('device_points').select(['id', 'unit', 'name', 'name_en', 'precision']).where('device_id', '=', dev.id).where('key', '=', e.reading.point).executeTakeFirst()
      : undefined;
    // With a reading, `zh`/`en` name the cause and the text is a message key with parameters, as a live event's;
    // without one (a charger's own fault report) the event keeps its finished sentences.
    const r = e.reading;
    const names = { device: { zh: dev.name, en: dev.name_en }, cause: { zh: e.zh, en: e.en }, ...(point ? { point: { zh: point.name, en: point.name_en } } : {}) };
    const text: EventMessage | null = !r
      ? null
      : r.kind === 'digital'
        ? eventMessage('alarm.digital', { ...names, from: r.from === undefined ? null : digitalStateName(r.point, r.from), to: digitalStateName(r.point, r.value) })
        : eventMessage('alarm.high', { ...names, value: r.value, limit: r.limit ?? 0, unit: point?.unit ?? '', precision: Math.min(6, point?.precision ?? 1) });
    await trx
      .insertInto('events')
      .values({
        project_id: projectId,
        device_id: dev.id,
        rule_id: null,
        event_type: e.type,
        level: e.level,
        status: e.status,
        active: false,
        title: titles.get(projectId) ?? '',
        ...(text ? eventTextColumns(text) : { message: `${dev.name} ${e.zh}`, message_en: `${dev.name_en}: ${e.en}` }),
        point_id: point?.id ?? null,
        value: e.reading?.value ?? null,
        limit_value: e.reading?.limit ?? null,
        rule_kind: e.reading?.kind ?? null,
        unit: point?.unit ?? '',
        state_from: e.reading?.from ?? null,
        raised_at: raised,
        cleared_at: new Date(raised.getTime() + 20 * 60_000),
        acknowledged_at: done ? new Date(raised.getTime() + 10 * 60_000) : null,
      })
      .execute();
  }
}

/**
 * Seeds the demo organisation into an empty database, in one transaction. Returns false, touching nothing,
 * when any organisation already exists. `energyHistoryDays` (default HISTORY_DAYS) of counter history are
 * written for the energy statistics; tests that do not need them pass 0.
 */
export async function seedDemo(db: Db, opts: { energyHistoryDays?: number } = {}): Promise<boolean> {
  const existing = await db.selectFrom('organizations').select('id').limit(1).executeTakeFirst();
  if (existing) return false;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.transaction().execute(async (trx) => {
    const regional = await trx.insertInto('organizations').values({ parent_id: null, tier: 1, ...demoRegional }).returning('id').executeTakeFirstOrThrow();
    const groupIds = { regional: regional.id } as Record<string, number>;
    for (const [key, g] of Object.entries(demoGroups)) {
      const row = await trx.insertInto('organizations').values({ parent_id: regional.id, tier: 2, ...g }).returning('id').executeTakeFirstOrThrow();
      groupIds[key] = row.id;
    }
    const projectIds = new Map<string, number>();
    for (const s of demoStations) projectIds.set(s.code, await seedStation(trx, s, groupIds[s.group]!));
    for (const u of demoUsers) {
      const user = await trx
        .insertInto('users')
        .values({
          username: u.username,
          name: u.name,
          name_en: u.name_en,
          user_type: u.user_type,
          org_id: groupIds[u.org]!,
          password_hash: passwordHash,
          can_control: u.can_control,
          permissions: [...u.permissions],
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (u.projects.length) {
        await trx.insertInto('user_projects').values(u.projects.map((code) => ({ user_id: user.id, project_id: projectIds.get(code)! }))).execute();
      }
    }
    await seedDemoAux(trx);
    await seedHistory(trx, projectIds);
    await seedAlarmRules(trx);
    const historyDays = opts.energyHistoryDays ?? HISTORY_DAYS;
    await seedDemoEnergy(trx, demoStations, projectIds, { historyDays });
    await seedAnalogHistory(trx, Math.min(ANALOG_HISTORY_DAYS, historyDays));
    await seedDemoDistribution(trx);
    await seedDemoIeSets(trx, projectIds.values());
    await seedDemoAssets(trx);
    await seedDemoVideo(trx);
    await seedDemoInspection(trx, projectIds);
    await seedDemoWorkOrders(trx, projectIds);
  });
  return true;
}

import { deviceCatalog } from '@gridops/contract';
import type { Db } from '../db/database.js';
import { hashPassword } from '../lib/password.js';
import { hashSecret } from '../lib/secretHash.js';
import { randomSecret } from '../lib/tokens.js';
import { PAST_EVENT_DAYS, seedEventHistory } from './demoEvents.js';
import { seedAlarmRules } from './demoRules.js';
import { seedDemoEnergy } from './demoEnergy.js';
import { ANALOG_HISTORY_DAYS, seedAnalogHistory } from './demoAnalogHistory.js';
import { HISTORY_DAYS } from './demoEnergyHistory.js';
import { seedDemoDistribution } from './demoDistribution.js';
import { seedDemoIeSets } from './demoIeSets.js';
import { seedDemoAssets } from './demoAssets.js';
import { seedDemoFire } from './demoFire.js';
import { seedDemoVideo } from './demoVideo.js';
import { seedDemoRobots } from './demoRobots.js';
import { seedDemoInspection } from './demoInspection.js';
import { seedDemoAux } from './demoAux.js';
import { seedDemoBuilding } from './demoBuilding.js';
import { DEMO_PASSWORD, demoGroups, demoRegional, demoStations, demoUsers, type DemoStation } from './demoData.js';
import { seedDemoWorkOrders } from './demoWorkOrders.js';
import { seedDemoLedger } from './demoLedger.js';
import { seedDemoDataEntry } from './demoDataEntry.js';
import { seedDemoMonthReport } from './demoMonthReport.js';
import { seedDemoFace } from './demoFace.js';
import type { FacePhotoKeyring } from '../modules/face/photo.js';

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

/**
 * Seeds the demo organisation into an empty database, in one transaction. Returns false, touching nothing,
 * when any organisation already exists. `energyHistoryDays` (default HISTORY_DAYS) of counter history are
 * written for the energy statistics; tests that do not need them pass 0.
 */
/** `faceKeys`: the server's face-photo key, to seed the face library's people with sealed photos (skipped without). */
export async function seedDemo(db: Db, opts: { energyHistoryDays?: number; faceKeys?: FacePhotoKeyring } = {}): Promise<boolean> {
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
    await seedEventHistory(trx, projectIds, { pastDays: Math.min(PAST_EVENT_DAYS, opts.energyHistoryDays ?? HISTORY_DAYS) });
    await seedAlarmRules(trx);
    const historyDays = opts.energyHistoryDays ?? HISTORY_DAYS;
    await seedDemoEnergy(trx, demoStations, projectIds, { historyDays });
    await seedAnalogHistory(trx, Math.min(ANALOG_HISTORY_DAYS, historyDays));
    await seedDemoDistribution(trx);
    await seedDemoIeSets(trx, projectIds.values());
    await seedDemoAssets(trx);
    await seedDemoFire(trx);
    await seedDemoVideo(trx);
    await seedDemoRobots(trx);
    await seedDemoInspection(trx, projectIds);
    await seedDemoWorkOrders(trx, projectIds);
    await seedDemoDataEntry(trx, projectIds);
    await seedDemoMonthReport(trx, projectIds);
    if (opts.faceKeys) await seedDemoFace(trx, opts.faceKeys);
    await seedDemoBuilding(trx, projectIds.get('HZBJ')!);
    // Last: nameplates for every device the seeds above made.
    await seedDemoLedger(trx);
  });
  return true;
}

import { deviceCatalog } from '@gridops/contract';
import type { PGlite } from '@electric-sql/pglite';
import { embeddedPglite, type Db } from '../db/database.js';
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

export interface SeedDemoOptions {
  /** Days of counter history (default HISTORY_DAYS); tests that do not need them pass 0. */
  energyHistoryDays?: number;
  /** The server's face-photo key, to seed the face library's people with sealed photos (skipped without). */
  faceKeys?: FacePhotoKeyring;
  /**
   * Progress for the start's output: called before the first step, between steps and during the long history
   * step (about every second of work); `done` of `total` are units of estimated work, `label` names the step.
   */
  onProgress?: (done: number, total: number, label: string) => void;
  /** The instant the seeded history ends at (default: the wall clock when the seed starts); tests pin it. */
  now?: number;
}

/** What the steps share: the ids the first step made, and the progress of the running step. */
interface SeedContext {
  historyDays: number;
  /** Where the seeded histories end: the live simulator (or the restart fill) continues from there. */
  now: number;
  opts: SeedDemoOptions;
  /** The embedded database, when it is PGlite: the long histories are bulk-loaded with its COPY. */
  pglite: PGlite | undefined;
  groupIds: Record<string, number>;
  projectIds: Map<string, number>;
  /** Within a step: the fraction of it done (0..1). */
  progress(fraction: number): void;
}

interface SeedStep {
  label: string;
  /** Estimated work of the step, in milliseconds on PGlite (only the ratios matter: the progress bar's). */
  weight(ctx: SeedContext): number;
  run(trx: Db, ctx: SeedContext): Promise<void>;
}

const step = (
  label: string,
  weight: number | ((ctx: SeedContext) => number),
  run: SeedStep['run'],
): SeedStep => ({
  label,
  weight: typeof weight === 'number' ? () => weight : weight,
  run,
});

/** The demo's seed in the order it runs (later steps read what the earlier ones wrote). */
const steps: SeedStep[] = [
  step('organisations, stations and users', 300, async (trx, ctx) => {
    const passwordHash = await hashPassword(DEMO_PASSWORD);
    const regional = await trx
      .insertInto('organizations')
      .values({ parent_id: null, tier: 1, ...demoRegional })
      .returning('id')
      .executeTakeFirstOrThrow();
    ctx.groupIds.regional = regional.id;
    for (const [key, g] of Object.entries(demoGroups)) {
      const row = await trx
        .insertInto('organizations')
        .values({ parent_id: regional.id, tier: 2, ...g })
        .returning('id')
        .executeTakeFirstOrThrow();
      ctx.groupIds[key] = row.id;
    }
    for (const s of demoStations)
      ctx.projectIds.set(s.code, await seedStation(trx, s, ctx.groupIds[s.group]!));
    for (const u of demoUsers) {
      const user = await trx
        .insertInto('users')
        .values({
          username: u.username,
          name: u.name,
          name_en: u.name_en,
          user_type: u.user_type,
          org_id: ctx.groupIds[u.org]!,
          password_hash: passwordHash,
          can_control: u.can_control,
          permissions: [...u.permissions],
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (u.projects.length) {
        await trx
          .insertInto('user_projects')
          .values(u.projects.map((code) => ({ user_id: user.id, project_id: ctx.projectIds.get(code)! })))
          .execute();
      }
    }
  }),
  step('auxiliary devices', 100, (trx) => seedDemoAux(trx)),
  step('events', 100, (trx, ctx) =>
    seedEventHistory(trx, ctx.projectIds, { pastDays: Math.min(PAST_EVENT_DAYS, ctx.historyDays) }),
  ),
  step('alarm rules', 50, (trx) => seedAlarmRules(trx)),
  step(
    'energy trees and counter history',
    (ctx) => 100 + 10 * ctx.historyDays,
    (trx, ctx) =>
      seedDemoEnergy(trx, demoStations, ctx.projectIds, {
        historyDays: ctx.historyDays,
        now: ctx.now,
        onProgress: ctx.progress,
        pglite: ctx.pglite,
      }),
  ),
  step(
    'analog history',
    (ctx) => 50 * Math.min(ANALOG_HISTORY_DAYS, ctx.historyDays),
    (trx, ctx) =>
      seedAnalogHistory(trx, Math.min(ANALOG_HISTORY_DAYS, ctx.historyDays), ctx.now, ctx.progress).then(
        () => undefined,
      ),
  ),
  step('distribution', 20, (trx) => seedDemoDistribution(trx)),
  step('integrated energy sets', 20, (trx, ctx) => seedDemoIeSets(trx, ctx.projectIds.values())),
  step('energy assets', 20, (trx) => seedDemoAssets(trx)),
  step('electrical fire', 20, (trx) => seedDemoFire(trx)),
  step('video', 20, (trx) => seedDemoVideo(trx)),
  step('robots', 50, (trx) => seedDemoRobots(trx)),
  step('inspection', 50, (trx, ctx) => seedDemoInspection(trx, ctx.projectIds)),
  step('work orders', 50, (trx, ctx) => seedDemoWorkOrders(trx, ctx.projectIds)),
  step('data entry', 50, (trx, ctx) => seedDemoDataEntry(trx, ctx.projectIds)),
  step('monthly report', 20, (trx, ctx) => seedDemoMonthReport(trx, ctx.projectIds)),
  step('face library', 50, async (trx, ctx) => {
    if (ctx.opts.faceKeys) await seedDemoFace(trx, ctx.opts.faceKeys);
  }),
  step('building', 50, (trx, ctx) => seedDemoBuilding(trx, ctx.projectIds.get('HZBJ')!)),
  // Last: nameplates for every device the steps above made.
  step('equipment ledger', 50, (trx) => seedDemoLedger(trx)),
];

/** What a caller that times the steps (bench/seed.ts) is told after each one, inside the transaction. */
export type AfterSeedStep = (label: string, trx: Db) => Promise<void>;

/**
 * Seeds the demo organisation into an empty database, in one transaction. Returns false, touching nothing,
 * when any organisation already exists. `afterStep` lets bench/seed.ts count each step's rows inside the
 * transaction.
 */
export async function seedDemo(
  db: Db,
  opts: SeedDemoOptions = {},
  afterStep?: AfterSeedStep,
): Promise<boolean> {
  const existing = await db.selectFrom('organizations').select('id').limit(1).executeTakeFirst();
  if (existing) return false;
  const ctx: SeedContext = {
    historyDays: opts.energyHistoryDays ?? HISTORY_DAYS,
    now: opts.now ?? Date.now(),
    opts,
    pglite: embeddedPglite(db),
    groupIds: {},
    projectIds: new Map(),
    progress: () => undefined,
  };
  const weights = steps.map((s) => s.weight(ctx));
  const total = weights.reduce((a, b) => a + b, 0);
  const report = opts.onProgress ?? (() => undefined);
  await db.transaction().execute(async (trx) => {
    let done = 0;
    for (const [i, s] of steps.entries()) {
      report(Math.round(done), total, s.label);
      // The step's own progress, at most every 250 ms (the callback may write to a terminal).
      let last = performance.now();
      ctx.progress = (fraction) => {
        const t = performance.now();
        if (t - last < 250) return;
        last = t;
        report(Math.round(done + weights[i]! * Math.min(1, Math.max(0, fraction))), total, s.label);
      };
      await s.run(trx, ctx);
      done += weights[i]!;
      if (afterStep) await afterStep(s.label, trx);
    }
  });
  report(total, total, 'done');
  return true;
}

/**
 * A load-test site for benchmarks (bench/) and load-bearing integration tests: the demo organisation plus a
 * project of meter gateways, each meter with every point of the catalogue, and their telemetry messages.
 */
import { deviceCatalog } from '@gridops/contract';
import type { Db } from '../db/database.js';
import { hashSecret } from '../lib/secretHash.js';
import { seedDemo } from '../seed/demo.js';

export interface MeterGateway {
  sn: string;
  secret: string;
  firstDeviceId: number;
}

/** The demo organisation plus an empty load-test project in its top organisation. */
export async function seedLoadProject(db: Db): Promise<{ orgId: number; projectId: number }> {
  await seedDemo(db, { energyHistoryDays: 0 });
  const org = await db.selectFrom('organizations').select('id').where('tier', '=', 1).executeTakeFirstOrThrow();
  const project = await db
    .insertInto('projects')
    .values({ org_id: org.id, name: '负载测试站', name_en: 'Load test site', latitude: 31.23, longitude: 121.47, energy_types: ['power'] })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { orgId: org.id, projectId: project.id };
}

/** A gateway `sn` with `devices` meters M0…M{n-1}, each with every point of the meter catalogue. */
export async function addMeterGateway(db: Db, projectId: number, sn: string, devices: number): Promise<MeterGateway & { deviceIds: number[] }> {
  const secret = `secret-${sn}`;
  const gw = await db.insertInto('gateways').values({ project_id: projectId, sn, secret_hash: hashSecret(secret), name: sn, heartbeat_s: 3600 }).returning('id').executeTakeFirstOrThrow();
  const devs = await db
    .insertInto('devices')
    .values(Array.from({ length: devices }, (_, d) => ({ project_id: projectId, room_id: null, gateway_id: gw.id, parent_id: null, sn: `M${d}`, kind: 'meter', name: `表${d}`, name_en: `Meter ${d}`, props: '{}' })))
    .returning('id')
    .execute();
  const points = deviceCatalog.meter.points;
  await db
    .insertInto('device_points')
    .values(devs.flatMap((dev) => points.map((p, i) => ({ device_id: dev.id, key: p.key, name: p.name, name_en: p.name_en, unit: p.unit, kind: p.kind, precision: p.precision, sort: i }))))
    .execute();
  return { sn, secret, firstDeviceId: devs[0]!.id, deviceIds: devs.map((d) => d.id) };
}

/** One telemetry message of `devices` meters at `ts`, every value within its point's sane range. */
export function meterTelemetry(ts: number, devices: number): string {
  const keys = deviceCatalog.meter.points.map((p) => p.key);
  return JSON.stringify({
    ts,
    devices: Array.from({ length: devices }, (_, d) => ({
      sn: `M${d}`,
      // A power factor above 1 is refused as out_of_range.
      values: Object.fromEntries(keys.map((k, i) => [k, k === 'PF' ? 0.95 : 100 + ((ts / 1000 + d + i) % 50)])),
    })),
  });
}

export const meterPointCount = () => deviceCatalog.meter.points.length;

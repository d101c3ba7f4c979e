import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';
import { equipmentSchedule, essStrategy, robotPlan, robotStop, scheduleMinutes, type EssStrategy, type SimulatorManifest, type SimulatorRobot } from '@gridops/contract';
import { z } from 'zod';
import type { Db } from './db/database.js';
import { issueGatewaySecrets } from './modules/mqtt-auth/gatewaySecrets.js';
import { simulatorRepository } from './modules/simulator/repository.js';

const simulatorEntry = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../simulator/dist/main.js');

/**
 * Every gateway with its devices, in the form the simulator takes. The database holds only hashes of gateway
 * secrets, so the simulated gateways get fresh secrets here (they are simulated: no real device holds them).
 */
export async function buildSimulatorManifest(db: Db): Promise<SimulatorManifest> {
  const gateways = await simulatorRepository.gatewaysOfEnabledProjects(db);
  const devices = await simulatorRepository.devicesBehindGateways(db);
  // Counters continue from their last stored reading (seeded history, earlier runs): see counterStarts.
  const starts = await counterStarts(db);
  const secrets = await issueGatewaySecrets(
    db,
    gateways.map((g) => g.sn),
  );
  const snOf = new Map(devices.map((d) => [d.id, d.sn]));
  const robots = await simulatorRobots(db, snOf);
  const schedules = await buildingSchedules(db);
  const strategies = await storageStrategies(db);
  return {
    gateways: gateways.map((g) => ({
      sn: g.sn,
      secret: secrets.get(g.sn)!,
      project_id: g.project_id,
      project_name: g.project_name,
      latitude: g.latitude,
      longitude: g.longitude,
      timezone: g.timezone,
      devices: devices
        .filter((d) => d.gateway_id === g.id)
        .map((d) => ({
          sn: d.sn,
          kind: d.kind as SimulatorManifest['gateways'][number]['devices'][number]['kind'],
          name: d.name,
          name_en: d.name_en,
          props: {
            ...Object.fromEntries(Object.entries(d.props).filter((e): e is [string, number] => typeof e[1] === 'number')),
            ...starts.get(d.id),
            ...schedules.get(d.id),
          },
          // The simulator derives a parent meter from its children (transformer → feeders → chargers).
          ...(d.parent_id !== null && snOf.has(d.parent_id) ? { parent_sn: snOf.get(d.parent_id)! } : {}),
          // Fans, AC and dehumidifiers condition the environment sensors of their own room.
          ...(d.room_id !== null ? { room: d.room_id } : {}),
          // A PCS starts with its configured strategy; later edits reach it as `ess_strategy` commands.
          ...(d.kind === 'pcs' && strategies.has(d.id) ? { ess_strategy: strategies.get(d.id)! } : {}),
        })),
      robots: robots.filter((r) => r.gatewayId === g.id).map((r) => r.robot),
    })),
  };
}

/** BuildAirSet / BuildPowerSet schedules as the simulator's `sched_on` / `sched_off` / `sched_everyday` props. */
async function buildingSchedules(db: Db): Promise<Map<number, Record<string, number>>> {
  const out = new Map<number, Record<string, number>>();
  for (const r of await simulatorRepository.buildingSchedules(db)) {
    const s = equipmentSchedule.safeParse((r.spec as Record<string, unknown> | null)?.schedule);
    if (r.device_id === null || !s.success) continue;
    const m = scheduleMinutes(s.data);
    out.set(r.device_id, { sched_on: m.on, sched_off: m.off, sched_everyday: m.everyday ? 1 : 0 });
  }
  return out;
}

/** The configured robots as the simulator drives them: dock, stops, readings by their targets' serials. */
async function simulatorRobots(db: Db, snOf: Map<number, string>): Promise<{ gatewayId: number; robot: SimulatorRobot }[]> {
  const rows = await simulatorRepository.robotsBehindGateways(db);
  return rows.flatMap((r) => {
    const plan = robotPlan.safeParse(r.plan);
    const stops = z.array(robotStop).safeParse(r.stops);
    if (!plan.success || !stops.success || r.gateway_id === null || r.serial === null) return [];
    return [
      {
        gatewayId: r.gateway_id,
        robot: {
          sn: r.serial,
          speed_mps: r.speed_mps,
          dock: plan.data.dock,
          stops: stops.data.map((s) => ({
            x: s.x,
            y: s.y,
            dwell_s: s.dwell_s,
            readings: s.readings.flatMap((x) => (snOf.has(x.target_device_id) ? [{ key: x.key, kind: x.kind, target_sn: snOf.get(x.target_device_id)!, target_key: x.target_key }] : [])),
          })),
          schedule: z.array(z.string()).catch([]).parse(r.schedule),
        },
      },
    ];
  });
}

/** Each PCS's configured storage strategy (EssSet), by device id. */
async function storageStrategies(db: Db): Promise<Map<number, EssStrategy>> {
  const out = new Map<number, EssStrategy>();
  for (const r of await simulatorRepository.storageStrategies(db)) {
    const pcs = r.spec.pcs_device_id;
    const s = essStrategy.safeParse(r.spec);
    if (typeof pcs === 'number' && s.success) out.set(pcs, s.data);
  }
  return out;
}

/**
 * Last reading of every counter point per device, as `counter_<key>` props: the simulator starts its meters
 * there, so the rollups see a monotonic counter across restarts and after the seeded history.
 */
async function counterStarts(db: Db): Promise<Map<number, Record<string, number>>> {
  const rows = await simulatorRepository.latestCounterReadings(db);
  const out = new Map<number, Record<string, number>>();
  for (const r of rows) out.set(r.device_id, { ...out.get(r.device_id), [`counter_${r.key}`]: r.value });
  return out;
}

export interface SimulatorProcess {
  stop(): Promise<void>;
}

/**
 * Runs the simulator as a child process of the server (one process tree): it gets the manifest through a
 * file readable only by this user, and exits with the server.
 */
export async function spawnSimulator(opts: {
  db: Db;
  dataDir: string;
  mqttUrl: string;
  intervalMs: number;
  /** Random fault chance per gateway and tick; undefined = the simulator's default. */
  faultRate?: number | undefined;
  /** Edge AI detections per camera and hour; undefined = the simulator's default (3). */
  aiRate?: number | undefined;
  log: FastifyBaseLogger;
}): Promise<SimulatorProcess | null> {
  try {
    await fs.access(simulatorEntry);
  } catch {
    opts.log.warn({ simulatorEntry }, 'simulator not built; run `npm run build` to get live demo data');
    return null;
  }
  const dir = path.join(opts.dataDir, 'simulator');
  await fs.mkdir(dir, { recursive: true });
  const manifestPath = path.join(dir, 'manifest.json');
  await fs.writeFile(manifestPath, JSON.stringify(await buildSimulatorManifest(opts.db)), { mode: 0o600 });
  const args = ['--mqtt', opts.mqttUrl, '--manifest', manifestPath, '--interval', String(opts.intervalMs)];
  if (opts.faultRate !== undefined) args.push('--fault-rate', String(opts.faultRate));
  if (opts.aiRate !== undefined) args.push('--ai-rate', String(opts.aiRate));
  const child: ChildProcess = fork(simulatorEntry, args, {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  opts.log.info({ pid: child.pid }, 'simulator started');
  let exited = false;
  const exitedPromise = new Promise<void>((resolve) =>
    child.once('exit', (code, signal) => {
      exited = true;
      if (code !== 0 && signal !== 'SIGTERM' && signal !== 'SIGINT') opts.log.warn({ code, signal }, 'simulator exited');
      resolve();
    }),
  );
  return {
    stop: async () => {
      if (exited) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 3000);
      await exitedPromise;
      clearTimeout(timer);
    },
  };
}

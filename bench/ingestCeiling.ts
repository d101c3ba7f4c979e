/**
 * What bench/ingestLoad.ts compares GridOps against, measured in the same run on the same machine:
 *  - the storage ceiling: the server's own storage statement (telemetryRepository.storeCounted: telemetry,
 *    hourly and daily rollups, latest values) fed the same rows from a plain client, in the same lanes and
 *    statement size as the server's, as fast as the database takes them. No MQTT, no decoding, no alarms: what
 *    the database alone can store here and now, so that "GridOps stored X" can be read as a share of it;
 *  - where the machine's CPU went over a window (/proc/stat and /proc/<pid>/stat): the server, its PostgreSQL
 *    backends, the bench itself, everything else, and what stayed idle. On a shared machine "everything else"
 *    is what the server could not have.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import pg from 'pg';
import type { Db } from '../apps/server/src/db/database.js';
import { STORE_CHUNK } from '../apps/server/src/modules/telemetry/ingest.js';
import type { Sample } from '../apps/server/src/modules/telemetry/decode.js';
import { telemetryRepository } from '../apps/server/src/modules/telemetry/repository.js';

const CLK_TCK = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;
  } catch {
    return 100;
  }
})();

/** The machine's idle and total CPU ticks (all cores; iowait counts as idle). */
function machineTicks(): { idle: number; total: number } {
  const line = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0]!;
  const f = line.trim().split(/\s+/).slice(1, 9).map(Number);
  return { idle: f[3]! + f[4]!, total: f.reduce((a, b) => a + b, 0) };
}

/** A process's user + system ticks (all its threads), or undefined once it is gone. */
function processTicks(pid: number): number | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name may hold spaces: the fields start after its closing parenthesis (utime, stime = 14, 15).
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(f[11]) + Number(f[12]);
  } catch {
    return undefined;
  }
}

export interface CpuSnapshot {
  at: number;
  machine: { idle: number; total: number };
  groups: Record<string, Map<number, number>>;
}

/** Ticks now, of the machine and of each group of processes (e.g. server: [pid], postgres: backend pids). */
export function cpuSnapshot(groups: Record<string, number[]>): CpuSnapshot {
  const out: CpuSnapshot = { at: performance.now(), machine: machineTicks(), groups: {} };
  for (const [name, pids] of Object.entries(groups)) {
    const m = new Map<number, number>();
    for (const pid of pids) {
      const t = processTicks(pid);
      if (t !== undefined) m.set(pid, t);
    }
    out.groups[name] = m;
  }
  return out;
}

export interface CpuUse {
  cores: number;
  /** Cores used by each group over the window (a process first seen at the end counts all its life). */
  byGroup: Record<string, number>;
  /** Busy cores not in any group: other work on the machine. */
  others: number;
  idle: number;
}

/** Cores used between two snapshots (the groups' pids are those of `b`). */
export function cpuBetween(a: CpuSnapshot, b: CpuSnapshot): CpuUse {
  const cores = os.cpus().length;
  const totalTicks = b.machine.total - a.machine.total || 1;
  const seconds = totalTicks / CLK_TCK / cores;
  const idle = ((b.machine.idle - a.machine.idle) / totalTicks) * cores;
  const byGroup: Record<string, number> = {};
  let grouped = 0;
  for (const [name, pids] of Object.entries(b.groups)) {
    let ticks = 0;
    for (const [pid, t] of pids) ticks += t - (a.groups[name]?.get(pid) ?? 0);
    byGroup[name] = round2(ticks / CLK_TCK / seconds);
    grouped += ticks / CLK_TCK / seconds;
  }
  return { cores, byGroup, others: round2(Math.max(0, cores - idle - grouped)), idle: round2(idle) };
}

const round2 = (x: number) => Number(x.toFixed(2));

/** The machine's idle cores over `ms` (before the bench starts anything: what other work leaves). */
export async function idleCores(ms: number): Promise<number> {
  const a = cpuSnapshot({});
  await new Promise((r) => setTimeout(r, ms));
  return cpuBetween(a, cpuSnapshot({})).idle;
}

/** The PostgreSQL backends serving a database now (their pids, for cpuSnapshot). */
export async function postgresBackends(databaseUrl: string): Promise<number[]> {
  if (!databaseUrl) return [];
  const c = new pg.Client({ connectionString: databaseUrl });
  await c.connect();
  try {
    const r = await c.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()');
    return r.rows.map((row) => row.pid);
  } finally {
    await c.end();
  }
}

/** The points of the load gateways (what the bench's meters send), by id. */
export async function loadPointIds(db: Db, gatewayIds: number[]): Promise<number[]> {
  const rows = await db
    .selectFrom('device_points as p')
    .innerJoin('devices as d', 'd.id', 'p.device_id')
    .select('p.id')
    .where('d.gateway_id', 'in', gatewayIds)
    .orderBy('p.id')
    .execute();
  return rows.map((r) => r.id);
}

export interface Ceiling {
  pointsPerSec: number;
  samples: number;
  seconds: number;
  lanes: number;
  samplesPerStatement: number;
  /** Where the CPU went while it ran (postgres: the ceiling's own backends; bench: the client). */
  cpu: CpuUse;
}

/**
 * Stores rounds of one sample per point (a second of the bench's telemetry) with the server's storage statement,
 * `lanes` transactions at a time (points split by id modulo lanes, as the server's lanes do), each in statements of
 * STORE_CHUNK samples, for `seconds`; returns the samples stored per second. Each lane starts its next round as soon
 * as its last one committed: the database's pace, with nothing of GridOps' ingest in between.
 */
export async function measureCeiling(db: Db, opts: { pointIds: number[]; lanes: number; seconds: number; databaseUrl: string }): Promise<Ceiling> {
  const laneIds = Array.from({ length: opts.lanes }, () => [] as number[]);
  for (const id of opts.pointIds) laneIds[id % opts.lanes]!.push(id);
  let lastTs = 0;
  // Strictly increasing times at the clock's pace (or faster, if rounds are quicker than a millisecond apart).
  const nextTs = () => (lastTs = Math.max(Date.now(), lastTs + 1));
  const round = (ids: number[], ts: number): Sample[] => ids.map((pointId, i) => ({ pointId, ts, value: 100 + ((ts / 1000 + i) % 50) }));
  const storeRound = (ids: number[]) =>
    db.transaction().execute(async (trx) => {
      const samples = round(ids, nextTs());
      let n = 0;
      for (let i = 0; i < samples.length; i += STORE_CHUNK) n += await telemetryRepository.storeCounted(trx, samples.slice(i, i + STORE_CHUNK));
      return n;
    });
  // One round first: connections open, plans cached, hourly rollup rows present (as in the server's steady state).
  await Promise.all(laneIds.map(storeRound));
  const backends = await postgresBackends(opts.databaseUrl);
  const before = cpuSnapshot({ postgres: backends, bench: [process.pid] });
  const t0 = performance.now();
  const until = t0 + opts.seconds * 1000;
  let samples = 0;
  await Promise.all(
    laneIds.map(async (ids) => {
      while (performance.now() < until) samples += await storeRound(ids);
    }),
  );
  const seconds = (performance.now() - t0) / 1000;
  const cpu = cpuBetween(before, cpuSnapshot({ postgres: backends, bench: [process.pid] }));
  return { pointsPerSec: Math.round(samples / seconds), samples, seconds: Number(seconds.toFixed(1)), lanes: opts.lanes, samplesPerStatement: STORE_CHUNK, cpu };
}

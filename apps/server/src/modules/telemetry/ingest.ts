import { gatewayStatusPayload } from '@gridops/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.js';
import { eventRepository } from '../event/repository.js';
import { DEFAULT_MAX_FUTURE_SKEW_MS, decodeTelemetry, type Reject, type Sample } from './decode.js';
import type { PointRegistry } from './registry.js';
import { telemetryRepository as repo } from './repository.js';


/** A gateway's online state changed (ingest: heard again; gateway watch: silent past its heartbeat window). */
export interface GatewayOnline {
  gatewayId: number;
  projectId: number;
  sn: string;
  online: boolean;
}
export interface IngestOptions {
  /** Flush when this many samples wait… */
  maxBatch: number;
  /**
   * At most about this many samples per storage transaction (whole messages). A backlog is stored in batches up
   * to this size, which is what lets storage catch up: a point with several samples in one batch costs one
   * rollup and latest-value update, not several (config: 40 × maxBatch on PostgreSQL). On PGlite it stays at
   * 2 000 at most, since a statement there runs on the server's own thread.
   */
  maxTransaction: number;
  /** …or when the oldest has waited this long. */
  maxDelayMs: number;
  /**
   * Parallel transactions per batch, each taking the points with `point_id % lanes` = its index. Rows of a
   * point (telemetry, rollups, latest) never cross lanes, so lanes cannot deadlock. 1 on PGlite (a single
   * connection).
   */
  lanes: number;
  /** How far ahead of the server's clock a message's `ts` may be (INGEST_MAX_FUTURE_SKEW_SECONDS). */
  maxFutureSkewMs: number;
}

export interface IngestStats {
  messages: number;
  samplesReceived: number;
  samplesStored: number;
  duplicates: number;
  rejected: number;
  batches: number;
  /** Batches whose transaction failed, after which their messages were stored one by one. */
  batchesIsolated: number;
  /** Messages whose data the database refused on their own: acknowledged and counted as store_failed. */
  messagesRefusedByDatabase: number;
  lastFlushMs: number;
}

/** Told of every committed batch, reject and alarm push (the /metrics counters; modules/ops). */
export interface IngestObserver {
  batch(seconds: number, samplesStored: number, messages: number): void;
  reject(cause: string): void;
  alarmsPushed(secondsSinceReceived: number, events: number): void;
}

interface PendingMessage {
  gatewaySn: string;
  /** Empty for status messages, which only mark the gateway as heard. */
  samples: Sample[];
  resolve(): void;
  reject(err: unknown): void;
}

/**
 * SQLSTATE classes 22 (data exception, e.g. 22003 numeric value out of range) and 23 (integrity constraint, e.g.
 * a point deleted since the registry was loaded): the database refuses this data and would refuse it again on
 * every resend. Anything else (a lost connection, a shutdown, a serialization failure) is the database's
 * problem, not the message's: such messages stay unacknowledged so the gateway resends them.
 */
function isRefusedData(err: unknown): boolean {
  const code = typeof err === 'object' && err !== null && 'code' in err ? err.code : undefined;
  return typeof code === 'string' && /^2[23]/.test(code);
}

/** Exact duplicates (same point and time) would make one insert touch a row twice; the first is kept. */
function dedupe(samples: Sample[]): Sample[] {
  // Per point, its one time so far, or the set of them once it has several (without building a string per sample).
  const seen = new Map<number, number | Set<number>>();
  return samples.filter((s) => {
    const prev = seen.get(s.pointId);
    if (prev === undefined) {
      seen.set(s.pointId, s.ts);
      return true;
    }
    if (typeof prev === 'number') {
      if (prev === s.ts) return false;
      seen.set(s.pointId, new Set([prev, s.ts]));
      return true;
    }
    if (prev.has(s.ts)) return false;
    prev.add(s.ts);
    return true;
  });
}

/**
 * What the pipeline asks of the alarm side (alarm/live.ts implements it): evaluate a message's samples now,
 * independently of their storage, resolving once what they decided is committed. Declared here so telemetry
 * does not import the alarm module, which imports telemetry's types.
 */
export interface AlarmLane {
  submit(samples: Sample[], receivedAt: number): Promise<void>;
  drain(): Promise<void>;
  /** Resolves once no decision transaction of the lane is in flight (storage yields to those). */
  decisionsIdle?(): Promise<void>;
}

/**
 * Samples per storage statement. A backlog batch (up to 40 × INGEST_MAX_BATCH samples) is stored in statements of
 * about this many, whole points each, in its one transaction; before each one storage waits while the alarm
 * lane decides. On a machine whose cores PostgreSQL's storage backends fill, an alarm decision (a few short
 * statements) otherwise waited for CPU behind a statement of 50 000 rows.
 */
export const STORE_CHUNK = 5_000;

/** Splits samples into runs of about `size`, never splitting one point's samples (its rollup rows are written once). */
export function chunksByPoint(samples: Sample[], size: number): Sample[][] {
  if (samples.length <= size) return [samples];
  const sorted = [...samples].sort((a, b) => a.pointId - b.pointId);
  const chunks: Sample[][] = [];
  let start = 0;
  while (start < sorted.length) {
    let end = Math.min(start + size, sorted.length);
    while (end < sorted.length && sorted[end]!.pointId === sorted[end - 1]!.pointId) end++;
    chunks.push(sorted.slice(start, end));
    start = end;
  }
  return chunks;
}

/**
 * Telemetry ingest: decode, hand the samples to the alarm lane at once (alarms are evaluated before storage, so
 * a storage backlog never delays an alarm: docs/adr/0007-alarms-before-storage.md), batch them by size and time,
 * store each batch in one transaction, and only then acknowledge its messages (the promise from `submit`
 * resolves once the message is stored and its alarm part committed).
 *
 * One gateway's bad data cannot fail anyone else's: values outside their point's range and timestamps too far
 * ahead are refused at decode, and if a batch's transaction still fails, its messages are stored one by one, so
 * only the message the database refuses is left out. That one is acknowledged and counted as rejected
 * (store_failed), or a store-and-forward gateway would resend it forever.
 */
export class IngestPipeline {
  readonly stats: IngestStats = {
    messages: 0,
    samplesReceived: 0,
    samplesStored: 0,
    duplicates: 0,
    rejected: 0,
    batches: 0,
    batchesIsolated: 0,
    messagesRefusedByDatabase: 0,
    lastFlushMs: 0,
  };
  private pending: PendingMessage[] = [];
  private pendingSamples = 0;
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> = Promise.resolve();
  private rejectCounts = new Map<string, { count: number; detail: string }>();
  /** Messages per (gateway, unregistered device serial) since the last flush, with the point keys seen. */
  private unknownCounts = new Map<string, { count: number; keys: Set<string>; lastAt: Date }>();
  private loggedCauses = new Set<string>();
  private rejectTimer: NodeJS.Timeout;
  /** Metrics hooks (set by the pipeline's owner); none by default. */
  observer: IngestObserver | null = null;
  /**
   * Told, after commit, of the devices whose `breaker` point a message carried: remote control checks the open
   * selections interlocked with them again (modules/control/recheck.ts). Not awaited: never holds the ack.
   */
  onBreakerStates: ((deviceIds: number[]) => void) | null = null;
  /** Told, after commit, of a gateway heard again after being offline (or for the first time): the live push. Not awaited. */
  onGatewayStatus: ((g: GatewayOnline) => void) | null = null;
  /** When the last batch committed (epoch ms; 0 = none yet): /ready's stall check. */
  lastCommitAt = 0;

  /** Messages received and not yet committed (the current batch and the one being flushed). */
  get queueDepth(): number {
    return this.pending.length + this.flushingCount;
  }
  private flushingCount = 0;

  constructor(
    private readonly db: Db,
    private readonly registry: PointRegistry,
    private readonly alarms: AlarmLane,
    private readonly log: FastifyBaseLogger,
    private readonly opts: IngestOptions = { maxBatch: 5000, maxTransaction: 5000, maxDelayMs: 100, lanes: 1, maxFutureSkewMs: DEFAULT_MAX_FUTURE_SKEW_MS },
  ) {
    this.rejectTimer = setInterval(() => void this.flushRejects(), 10_000);
    this.rejectTimer.unref();
  }

  /** Accepts one telemetry message; resolves once its valid samples are committed (or it was refused as data). */
  async submit(gatewaySn: string, payload: Buffer | string): Promise<void> {
    this.stats.messages++;
    const decode = () => decodeTelemetry(gatewaySn, payload, this.registry, Date.now(), this.opts.maxFutureSkewMs);
    let decoded = decode();
    if (decoded.unknownDevices > 0 && (await this.registry.refreshForMisses(gatewaySn, decoded.unknown.map((u) => u.sn)))) decoded = decode();
    for (const r of decoded.rejects) this.countReject(gatewaySn, r);
    for (const u of decoded.unknown) this.countUnknown(gatewaySn, u.sn, u.keys);
    this.stats.samplesReceived += decoded.samples.length;
    // Alarms first, on their own lane; storage in batches. Acknowledged when both are committed.
    const evaluated = this.alarms.submit(decoded.samples, Date.now());
    const stored = this.enqueue(gatewaySn, decoded.samples);
    if (this.pendingSamples >= this.opts.maxBatch) this.scheduleFlush(0);
    else this.scheduleFlush(this.opts.maxDelayMs);
    await Promise.all([evaluated, stored]);
    if (this.onBreakerStates) {
      const breakers = new Set<number>();
      for (const s of decoded.samples) {
        const p = this.registry.point(s.pointId);
        if (p?.key === 'breaker') breakers.add(p.deviceId);
      }
      if (breakers.size > 0) this.onBreakerStates([...breakers]);
    }
  }

  /** A gateway status/heartbeat message: marks it seen (and online again). */
  async submitStatus(gatewaySn: string, payload: Buffer | string): Promise<void> {
    try {
      gatewayStatusPayload.parse(JSON.parse(payload.toString()));
    } catch {
      this.countReject(gatewaySn, { cause: 'bad_shape', detail: 'status payload' });
      return;
    }
    const done = this.enqueue(gatewaySn, []);
    this.scheduleFlush(this.opts.maxDelayMs);
    return done;
  }

  private enqueue(gatewaySn: string, samples: Sample[]): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.pending.push({ gatewaySn, samples, resolve, reject });
      this.pendingSamples += samples.length;
    });
  }

  private scheduleFlush(delay: number) {
    if (this.timer && delay > 0) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      this.flushing = this.flushing.then(() => this.flush());
    }, delay);
  }

  /** Waits for everything submitted so far to be committed (stored, and its alarms evaluated). */
  async drain(): Promise<void> {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
      this.flushing = this.flushing.then(() => this.flush());
    }
    await this.flushing;
    await this.alarms.drain();
  }

  /**
   * One transaction storing the samples (rollups and latest values with them); the count actually inserted.
   * In statements of STORE_CHUNK samples, each started only while the alarm lane has no decision in flight.
   */
  private async storeInOneTransaction(samples: Sample[]): Promise<number> {
    const chunks = chunksByPoint(samples, STORE_CHUNK);
    // The first wait is outside the transaction: nothing is held while storage waits there.
    await this.alarms.decisionsIdle?.();
    return this.db.transaction().execute(async (trx) => {
      let stored = 0;
      for (const [i, chunk] of chunks.entries()) {
        if (i > 0) await this.alarms.decisionsIdle?.();
        stored += await repo.storeCounted(trx, chunk);
      }
      return stored;
    });
  }

  /** Takes whole messages up to maxTransaction samples (at least one message); the rest is flushed next. */
  private takeBatch(): PendingMessage[] {
    const max = this.opts.maxTransaction;
    if (this.pendingSamples <= max) {
      const all = this.pending;
      this.pending = [];
      this.pendingSamples = 0;
      return all;
    }
    let n = 0;
    let samples = 0;
    while (n < this.pending.length && (n === 0 || samples + this.pending[n]!.samples.length <= max)) samples += this.pending[n++]!.samples.length;
    const batch = this.pending.splice(0, n);
    this.pendingSamples -= samples;
    return batch;
  }

  private async flush(): Promise<void> {
    const batch = this.takeBatch();
    if (batch.length === 0) return;
    // What is left is due at once, after this batch (one storage transaction at a time per lane).
    if (this.pending.length > 0) this.flushing = this.flushing.then(() => this.flush());
    this.flushingCount = batch.length;
    const started = performance.now();
    const laneCount = Math.max(1, this.opts.lanes);
    const lanes = Array.from({ length: laneCount }, () => [] as Sample[]);
    const unique = dedupe(batch.flatMap((m) => m.samples));
    for (const s of unique) lanes[s.pointId % laneCount]!.push(s);
    const settled = await Promise.all(
      lanes.map((laneSamples) =>
        laneSamples.length === 0
          ? { ok: true as const, stored: 0 }
          : this.storeInOneTransaction(laneSamples).then(
              (n) => ({ ok: true as const, stored: n }),
              (err: unknown) => ({ ok: false as const, err }),
            ),
      ),
    );
    let stored = 0;
    for (const lane of settled) if (lane.ok) stored += lane.stored;
    // Messages left unacknowledged: the database failed for a reason other than their data.
    const unacknowledged = new Map<PendingMessage, unknown>();
    let refusedSamples = 0;
    const refusedBefore = this.stats.messagesRefusedByDatabase;
    const failedLanes = new Set(settled.flatMap((lane, i) => (lane.ok ? [] : [i])));
    if (failedLanes.size > 0) {
      this.stats.batchesIsolated++;
      const firstError = settled.find((lane) => !lane.ok);
      this.log.warn({ err: firstError && !firstError.ok ? firstError.err : undefined, messages: batch.length }, 'telemetry batch failed; storing its messages one by one');
      // A lane that committed keeps its rows; storing them again is harmless because exact duplicates are
      // ignored.
      for (const m of batch) {
        if (!m.samples.some((s) => failedLanes.has(s.pointId % laneCount))) continue;
        try {
          stored += await this.storeInOneTransaction(dedupe(m.samples));
        } catch (err) {
          if (isRefusedData(err)) {
            this.stats.messagesRefusedByDatabase++;
            refusedSamples += m.samples.length;
            this.countReject(m.gatewaySn, { cause: 'store_failed', detail: err instanceof Error ? err.message.slice(0, 200) : String(err) });
          } else unacknowledged.set(m, err);
        }
      }
    }
    const storedAt = performance.now();
    try {
      await this.touchGateways([...new Set(batch.map((m) => m.gatewaySn))]);
    } catch (err) {
      // Not acknowledged: the gateways resend, and what was stored already is ignored as duplicates.
      for (const m of batch) if (!unacknowledged.has(m)) unacknowledged.set(m, err);
    }
    this.stats.samplesStored += stored;
    this.stats.duplicates += batch.reduce((n, m) => n + m.samples.length, 0) - refusedSamples - stored;
    this.stats.batches++;
    this.stats.lastFlushMs = performance.now() - started;
    this.lastCommitAt = Date.now();
    this.flushingCount = 0;
    this.observer?.batch(this.stats.lastFlushMs / 1000, stored, batch.length - unacknowledged.size);
    if (process.env.GRIDOPS_TRACE_INGEST) console.log(`[ingest] ${unique.length} samples in ${this.stats.lastFlushMs.toFixed(1)} ms (stored in ${(storedAt - started).toFixed(1)} ms, lanes ${lanes.map((l) => l.length).join('/')})`);
    // A refused message is acknowledged below: its reject count is written first, so it is on record even if
    // the server is killed right after the PUBACK.
    if (this.stats.messagesRefusedByDatabase > refusedBefore) await this.flushRejects();
    if (unacknowledged.size > 0) this.log.error({ err: unacknowledged.values().next().value, messages: unacknowledged.size }, 'telemetry not stored; messages not acknowledged');
    for (const m of batch) {
      if (unacknowledged.has(m)) m.reject(unacknowledged.get(m));
      else m.resolve();
    }
  }

  /** Marks the batch's gateways as heard; a gateway back from silence clears its communication fault. */
  private async touchGateways(gateways: string[]): Promise<void> {
    if (gateways.length === 0) return;
    const cameOnline: GatewayOnline[] = [];
    await this.db.transaction().execute(async (trx) => {
      const now = new Date();
      for (const sn of [...gateways].sort()) {
        const g = await repo.touchGateway(trx, sn, now);
        if (g && !g.wasOnline) cameOnline.push({ gatewayId: g.id, projectId: g.projectId, sn, online: true });
        if (g && !g.wasOnline && g.commEventId !== null) {
          await eventRepository.clear(trx, g.commEventId, now);
          await repo.setCommEvent(trx, g.id, null);
        }
      }
    });
    for (const g of cameOnline) this.onGatewayStatus?.(g);
  }

  private countReject(gatewaySn: string, r: Reject) {
    this.stats.rejected++;
    this.observer?.reject(r.cause);
    const k = `${gatewaySn}\u0000${r.cause}`;
    const c = this.rejectCounts.get(k) ?? { count: 0, detail: '' };
    c.count++;
    c.detail = r.detail;
    this.rejectCounts.set(k, c);
    if (!this.loggedCauses.has(k)) {
      // Once per gateway and cause: a misconfigured gateway must not flood the log.
      this.loggedCauses.add(k);
      this.log.warn({ gateway: gatewaySn, cause: r.cause, detail: r.detail }, 'telemetry rejected (logged once per gateway and cause; counts in ingest_rejects)');
    }
  }

  private countUnknown(gatewaySn: string, deviceSn: string, keys: string[]) {
    const k = `${gatewaySn}\u0000${deviceSn}`;
    const c = this.unknownCounts.get(k) ?? { count: 0, keys: new Set<string>(), lastAt: new Date() };
    c.count++;
    c.lastAt = new Date();
    // Bounded: a gateway inventing keys must not grow the row without limit.
    for (const key of keys) if (c.keys.size < 200) c.keys.add(key);
    this.unknownCounts.set(k, c);
  }

  /** Writes the reject counts and the unknown-device counts (every 10 s, at close, and when tests ask). */
  async flushRejects(): Promise<void> {
    if (this.unknownCounts.size > 0) {
      const rows = [...this.unknownCounts].map(([k, v]) => {
        const [gatewaySn, deviceSn] = k.split('\u0000') as [string, string];
        return { gatewaySn, deviceSn, count: v.count, keys: [...v.keys].sort(), lastAt: v.lastAt };
      });
      this.unknownCounts.clear();
      try {
        await repo.addUnknownDevices(this.db, rows);
      } catch (err) {
        this.log.warn({ err }, 'could not store unknown-device counts');
      }
    }
    if (this.rejectCounts.size === 0) return;
    const rows = [...this.rejectCounts].map(([k, v]) => {
      const [gatewaySn, cause] = k.split('\u0000') as [string, string];
      return { gatewaySn, cause, count: v.count, detail: v.detail };
    });
    this.rejectCounts.clear();
    try {
      await repo.addRejects(this.db, rows);
    } catch (err) {
      this.log.warn({ err }, 'could not store reject counts');
    }
  }

  async close(): Promise<void> {
    clearInterval(this.rejectTimer);
    await this.drain();
    await this.flushRejects();
  }
}

import { gatewayStatusPayload } from '@gridops/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.js';
import type { AlarmEngine, RaisedEvent } from '../alarm/engine.js';
import { eventRepository } from '../event/repository.js';
import { decodeTelemetry, type Reject, type Sample } from './decode.js';
import type { PointRegistry } from './registry.js';
import { telemetryRepository as repo } from './repository.js';

export interface IngestOptions {
  /** Flush when this many samples wait… */
  maxBatch: number;
  /** …or when the oldest has waited this long. */
  maxDelayMs: number;
  /**
   * Parallel transactions per batch, each taking the points with `point_id % lanes` = its index. Rows of a
   * point (telemetry, rollups, latest, alarm state) never cross lanes, so lanes cannot deadlock and each
   * point is still evaluated in order. 1 on PGlite (a single connection).
   */
  lanes: number;
}

export interface IngestStats {
  messages: number;
  samplesReceived: number;
  samplesStored: number;
  duplicates: number;
  rejected: number;
  batches: number;
  eventsRaised: number;
  lastFlushMs: number;
}

interface Waiter {
  resolve(): void;
  reject(err: unknown): void;
}

/**
 * Telemetry ingest: decode, batch by size and time, store in one transaction with alarm evaluation, and only
 * then acknowledge the messages of the batch (the promise from `submit` resolves after commit). Pushes for
 * raised events go out after the commit, so nobody is told of an event that was rolled back.
 */
export class IngestPipeline {
  readonly stats: IngestStats = { messages: 0, samplesReceived: 0, samplesStored: 0, duplicates: 0, rejected: 0, batches: 0, eventsRaised: 0, lastFlushMs: 0 };
  private pending: Sample[] = [];
  private pendingGateways = new Set<string>();
  private waiters: Waiter[] = [];
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> = Promise.resolve();
  private rejectCounts = new Map<string, { count: number; detail: string }>();
  private loggedCauses = new Set<string>();
  private rejectTimer: NodeJS.Timeout;

  constructor(
    private readonly db: Db,
    private readonly registry: PointRegistry,
    private readonly engine: AlarmEngine,
    private readonly onEvents: (events: RaisedEvent[]) => Promise<void>,
    private readonly log: FastifyBaseLogger,
    private readonly opts: IngestOptions = { maxBatch: 5000, maxDelayMs: 100, lanes: 1 },
  ) {
    this.rejectTimer = setInterval(() => void this.flushRejects(), 10_000);
    this.rejectTimer.unref();
  }

  /** Accepts one telemetry message; resolves once its valid samples are committed. */
  async submit(gatewaySn: string, payload: Buffer | string): Promise<void> {
    this.stats.messages++;
    let decoded = decodeTelemetry(gatewaySn, payload, this.registry);
    if (decoded.unknownDevices > 0 && (await this.registry.refreshIfStale())) decoded = decodeTelemetry(gatewaySn, payload, this.registry);
    for (const r of decoded.rejects) this.countReject(gatewaySn, r);
    this.stats.samplesReceived += decoded.samples.length;
    this.pendingGateways.add(gatewaySn);
    for (const s of decoded.samples) this.pending.push(s);
    const done = new Promise<void>((resolve, reject) => this.waiters.push({ resolve, reject }));
    if (this.pending.length >= this.opts.maxBatch) this.scheduleFlush(0);
    else this.scheduleFlush(this.opts.maxDelayMs);
    return done;
  }

  /** A gateway status/heartbeat message: marks it seen (and online again). */
  async submitStatus(gatewaySn: string, payload: Buffer | string): Promise<void> {
    try {
      gatewayStatusPayload.parse(JSON.parse(payload.toString()));
    } catch {
      this.countReject(gatewaySn, { cause: 'bad_shape', detail: 'status payload' });
      return;
    }
    this.pendingGateways.add(gatewaySn);
    const done = new Promise<void>((resolve, reject) => this.waiters.push({ resolve, reject }));
    this.scheduleFlush(this.opts.maxDelayMs);
    return done;
  }

  private scheduleFlush(delay: number) {
    if (this.timer && delay > 0) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      this.flushing = this.flushing.then(() => this.flush());
    }, delay);
  }

  /** Waits for everything submitted so far to be committed. */
  async drain(): Promise<void> {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
      this.flushing = this.flushing.then(() => this.flush());
    }
    await this.flushing;
  }

  private async flush(): Promise<void> {
    const samples = this.pending;
    const gateways = [...this.pendingGateways];
    const waiters = this.waiters;
    this.pending = [];
    this.pendingGateways = new Set();
    this.waiters = [];
    if (waiters.length === 0) return;
    // Exact duplicates inside one batch would make the insert touch a row twice; keep the first.
    const seen = new Set<string>();
    const unique = samples.filter((s) => {
      const k = `${s.pointId}:${s.ts}`;
      if (seen.has(k)) return false;
      seen.add(k);
      return true;
    });
    const started = performance.now();
    try {
      const lanes = Array.from({ length: Math.max(1, this.opts.lanes) }, () => [] as Sample[]);
      for (const s of unique) lanes[s.pointId % lanes.length]!.push(s);
      const results = await Promise.all(
        lanes.filter((l) => l.length > 0).map((laneSamples) =>
          this.db.transaction().execute(async (trx) => {
            const stored = await repo.store(trx, laneSamples);
            return { stored: stored.length, raised: await this.engine.evaluate(trx, stored) };
          }),
        ),
      );
      const stored = results.reduce((n, r) => n + r.stored, 0);
      const raised = results.flatMap((r) => r.raised);
      // Raised events are committed: push them now, while the gateways' last-seen times are written (up to one
      // UPDATE per gateway, which sat between the commit and the push and set the alarm latency's tail).
      const pushed = raised.length ? this.onEvents(raised).catch((err: unknown) => this.log.warn({ err }, 'event push failed')) : undefined;
      await this.touchGateways(gateways);
      this.stats.samplesStored += stored;
      this.stats.duplicates += samples.length - stored;
      this.stats.batches++;
      this.stats.eventsRaised += raised.length;
      this.stats.lastFlushMs = performance.now() - started;
      if (process.env.GRIDOPS_TRACE_INGEST) console.log(`[ingest] ${unique.length} samples in ${this.stats.lastFlushMs.toFixed(1)} ms`);
      for (const w of waiters) w.resolve();
      await pushed;
    } catch (err) {
      // A lane that committed keeps its rows; redelivery of the whole message is harmless because exact
      // duplicates are ignored and alarm evaluation only moves forward in time.
      this.log.error({ err, samples: unique.length }, 'telemetry batch failed; messages not acknowledged');
      for (const w of waiters) w.reject(err);
    }
  }

  /** Marks the batch's gateways as heard; a gateway back from silence clears its communication fault. */
  private async touchGateways(gateways: string[]): Promise<void> {
    if (gateways.length === 0) return;
    await this.db.transaction().execute(async (trx) => {
      const now = new Date();
      for (const sn of [...gateways].sort()) {
        const g = await repo.touchGateway(trx, sn, now);
        if (g && !g.wasOnline && g.commEventId !== null) {
          await eventRepository.clear(trx, g.commEventId, now);
          await trx.updateTable('gateways').set({ comm_event_id: null }).where('id', '=', g.id).execute();
        }
      }
    });
  }

  private countReject(gatewaySn: string, r: Reject) {
    this.stats.rejected++;
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

  async flushRejects(): Promise<void> {
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

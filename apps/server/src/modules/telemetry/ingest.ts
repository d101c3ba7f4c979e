import { gatewayStatusPayload } from '@gridops/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.js';
import type { RaisedEvent } from '../event/raisedEvent.js';
import { eventRepository } from '../event/repository.js';
import { DEFAULT_MAX_FUTURE_SKEW_MS, decodeTelemetry, type Reject, type Sample } from './decode.js';
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
  eventsRaised: number;
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

interface Stored {
  stored: number;
  raised: RaisedEvent[];
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
function dedupe(samples: Sample[], seen = new Set<string>()): Sample[] {
  return samples.filter((s) => {
    const k = `${s.pointId}:${s.ts}`;
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

/**
 * What the pipeline asks of the alarm engine (alarm/engine.ts implements it): evaluate the samples a batch
 * stored, inside its transaction. Declared here so telemetry does not import the alarm module, which imports
 * telemetry's types.
 */
export interface SampleEvaluator {
  evaluate(trx: Db, samples: Sample[], receivedAt: number): Promise<RaisedEvent[]>;
}

/**
 * Telemetry ingest: decode, batch by size and time, store in one transaction with alarm evaluation, and only
 * then acknowledge the messages of the batch (the promise from `submit` resolves after commit). Pushes for
 * raised events go out after the commit, so nobody is told of an event that was rolled back.
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
    eventsRaised: 0,
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
    private readonly engine: SampleEvaluator,
    private readonly onEvents: (events: RaisedEvent[]) => Promise<void>,
    private readonly log: FastifyBaseLogger,
    private readonly opts: IngestOptions = { maxBatch: 5000, maxDelayMs: 100, lanes: 1, maxFutureSkewMs: DEFAULT_MAX_FUTURE_SKEW_MS },
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
    const done = this.enqueue(gatewaySn, decoded.samples);
    if (this.pendingSamples >= this.opts.maxBatch) this.scheduleFlush(0);
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

  /** Waits for everything submitted so far to be committed. */
  async drain(): Promise<void> {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
      this.flushing = this.flushing.then(() => this.flush());
    }
    await this.flushing;
  }

  /** One transaction: stores the samples and evaluates the alarm rules on those actually inserted. */
  private storeInOneTransaction(samples: Sample[], receivedAt: number): Promise<Stored> {
    return this.db.transaction().execute(async (trx) => {
      const stored = await repo.store(trx, samples);
      return { stored: stored.length, raised: await this.engine.evaluate(trx, stored, receivedAt) };
    });
  }

  private async flush(): Promise<void> {
    const batch = this.pending;
    this.pending = [];
    this.pendingSamples = 0;
    if (batch.length === 0) return;
    this.flushingCount = batch.length;
    const started = performance.now();
    const receivedAt = Date.now();
    const laneCount = Math.max(1, this.opts.lanes);
    const lanes = Array.from({ length: laneCount }, () => [] as Sample[]);
    const unique = dedupe(batch.flatMap((m) => m.samples));
    for (const s of unique) lanes[s.pointId % laneCount]!.push(s);
    const settled = await Promise.all(
      lanes.map((laneSamples) =>
        laneSamples.length === 0
          ? { ok: true as const, stored: 0, raised: [] }
          : this.storeInOneTransaction(laneSamples, receivedAt).then(
              (r) => ({ ok: true as const, ...r }),
              (err: unknown) => ({ ok: false as const, err }),
            ),
      ),
    );
    let stored = 0;
    const raised: RaisedEvent[] = [];
    for (const lane of settled) {
      if (!lane.ok) continue;
      stored += lane.stored;
      raised.push(...lane.raised);
    }
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
      // ignored and alarm evaluation only moves forward in time.
      for (const m of batch) {
        if (!m.samples.some((s) => failedLanes.has(s.pointId % laneCount))) continue;
        try {
          const r = await this.storeInOneTransaction(dedupe(m.samples), receivedAt);
          stored += r.stored;
          raised.push(...r.raised);
        } catch (err) {
          if (isRefusedData(err)) {
            this.stats.messagesRefusedByDatabase++;
            refusedSamples += m.samples.length;
            this.countReject(m.gatewaySn, { cause: 'store_failed', detail: err instanceof Error ? err.message.slice(0, 200) : String(err) });
          } else unacknowledged.set(m, err);
        }
      }
    }
    // Raised events are committed: push them now, while the gateways' last-seen times are written (up to one
    // UPDATE per gateway, which sat between the commit and the push and set the alarm latency's tail).
    const pushed = raised.length
      ? this.onEvents(raised).then(
          () => this.observer?.alarmsPushed((Date.now() - receivedAt) / 1000, raised.length),
          (err: unknown) => this.log.warn({ err }, 'event push failed'),
        )
      : undefined;
    try {
      await this.touchGateways([...new Set(batch.map((m) => m.gatewaySn))]);
    } catch (err) {
      // Not acknowledged: the gateways resend, and what was stored already is ignored as duplicates.
      for (const m of batch) if (!unacknowledged.has(m)) unacknowledged.set(m, err);
    }
    this.stats.samplesStored += stored;
    this.stats.duplicates += batch.reduce((n, m) => n + m.samples.length, 0) - refusedSamples - stored;
    this.stats.batches++;
    this.stats.eventsRaised += raised.length;
    this.stats.lastFlushMs = performance.now() - started;
    this.lastCommitAt = Date.now();
    this.flushingCount = 0;
    this.observer?.batch(this.stats.lastFlushMs / 1000, stored, batch.length - unacknowledged.size);
    if (process.env.GRIDOPS_TRACE_INGEST) console.log(`[ingest] ${unique.length} samples in ${this.stats.lastFlushMs.toFixed(1)} ms`);
    // A refused message is acknowledged below: its reject count is written first, so it is on record even if
    // the server is killed right after the PUBACK.
    if (this.stats.messagesRefusedByDatabase > refusedBefore) await this.flushRejects();
    if (unacknowledged.size > 0) this.log.error({ err: unacknowledged.values().next().value, messages: unacknowledged.size }, 'telemetry not stored; messages not acknowledged');
    for (const m of batch) {
      if (unacknowledged.has(m)) m.reject(unacknowledged.get(m));
      else m.resolve();
    }
    await pushed;
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
          await repo.setCommEvent(trx, g.id, null);
        }
      }
    });
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

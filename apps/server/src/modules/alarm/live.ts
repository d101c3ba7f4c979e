import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.js';
import type { RaisedEvent } from '../event/raisedEvent.js';
import type { Sample } from '../telemetry/decode.js';
import { initialState, step } from './evaluate.js';
import { ruleSpec, type AlarmEngine, type Decided, type PairWork } from './engine.js';
import { LiveCopies } from './liveCopies.js';
import { planDecision, writePlan } from './decisionPlan.js';

interface Item {
  samples: Sample[];
  receivedAt: number;
  resolve(): void;
  reject(err: unknown): void;
}

export interface LiveAlarmOptions {
  /**
   * How often the last times of communication-loss states whose decision did not change are written (ms); those
   * of the other states every `saveOthersEvery` times that.
   */
  saveEveryMs: number;
  saveOthersEvery: number;
  /** States not used for this long are dropped from memory (ms). */
  forgetAfterMs: number;
  /**
   * Other processes may write the database (PostgreSQL): every round reads what changed. False for the embedded
   * database, which only this process opens: a round whose states are all in memory reads nothing unless this
   * process wrote states or rules since the last read (repository.ts localStateWrites).
   */
  sharedDatabase: boolean;
  /** With a shared database: how often the copies used are checked against the stored rows (ms). */
  validateEveryMs: number;
  /**
   * Storage waits for this lane's decision transactions before each statement (`decisionsIdle`). Only with a
   * pool of connections (PostgreSQL): on PGlite's one connection a storage transaction waiting for a decision
   * that waits for the connection would never go on.
   */
  storageYields?: boolean;
}

export interface LiveAlarmStats {
  /** Evaluation rounds (each at most one read: the rule generation and the rows of pairs not in memory). */
  rounds: number;
  /** Rounds that had to write (a phase moved): one short transaction each. */
  decisiveRounds: number;
  /** Decisive rounds written in one statement (decisionPlan.ts); the others took the engine's locked evaluation. */
  oneStatementDecisions: number;
  eventsRaised: number;
}

/** SQLSTATE classes 22 and 23: the database refuses this data and would refuse it again (see ingest.ts). */
const isRefusedData = (err: unknown) => {
  const code = typeof err === 'object' && err !== null && 'code' in err ? err.code : undefined;
  return typeof code === 'string' && /^2[23]/.test(code);
};

/**
 * Alarm evaluation before storage (docs/adr/0007-alarms-before-storage.md). Incoming samples are evaluated at
 * once against a copy of the alarm states in memory, in their own lane, whatever the telemetry storage is
 * doing. A round:
 *  1. at most one read: the rule generation (reload on change) and the rows of pairs not in memory (liveCopies.ts:
 *     the copies in use are validated against their rows beside the lane, every `validateEveryMs`);
 *  2. every pair is stepped in memory; a pair whose phase does not move (nearly all of them) only updates its
 *     copy's last value and time, written every few seconds (communication-loss rules: `saveEveryMs`, the others
 *     `saveOthersEvery` times less often), and only if the stored version is still the copy's;
 *  3. the pairs whose phase moves go through the engine's locked evaluation (`decide`) in one short
 *     transaction: rows locked, stepped from the copy when the row's version is the copy's, else from the row;
 *     events inserted or cleared; states written with a new version. Pushes go out after that commit.
 * A message's alarm part is done (and its acknowledgement may follow its storage) once its round committed.
 */
export class LiveAlarms {
  readonly stats: LiveAlarmStats = { rounds: 0, decisiveRounds: 0, oneStatementDecisions: 0, eventsRaised: 0 };
  private readonly copies: LiveCopies;
  private queue: Item[] = [];
  private tasks: (() => Promise<void>)[] = [];
  private running: Promise<void> | null = null;
  private pushes: Promise<void> = Promise.resolve();
  /** The decision transaction in flight, if any (settles, never rejects): storage waits for it (decisionsIdle). */
  private deciding: Promise<void> | null = null;
  private saveTimer: NodeJS.Timeout;
  private validateTimer: NodeJS.Timeout | null = null;
  /** Saves run one after the other, beside the lane (a round never waits for one). */
  private saves: Promise<void> = Promise.resolve();
  private validating = false;
  private refusedLogged = new Set<string>();

  constructor(
    private readonly db: Db,
    private readonly engine: AlarmEngine,
    /** Pushes raised events (called after their commit, in order, never awaited by the lane). */
    private readonly onEvents: (events: RaisedEvent[], receivedAt: number) => Promise<void>,
    private readonly log: FastifyBaseLogger,
    private readonly opts: LiveAlarmOptions = { saveEveryMs: 2000, saveOthersEvery: 10, forgetAfterMs: 600_000, sharedDatabase: true, validateEveryMs: 1000 },
  ) {
    this.copies = new LiveCopies(db, opts.sharedDatabase);
    let ticks = 0;
    this.saveTimer = setInterval(() => {
      void this.save(++ticks % opts.saveOthersEvery === 0);
    }, opts.saveEveryMs);
    this.saveTimer.unref();
    if (opts.sharedDatabase) {
      this.validateTimer = setInterval(() => void this.validate(), opts.validateEveryMs);
      this.validateTimer.unref();
    }
  }

  /** Evaluates the samples of one message; resolves once whatever they decided is committed. */
  submit(samples: Sample[], receivedAt: number): Promise<void> {
    if (samples.length === 0) return Promise.resolve();
    return new Promise<void>((resolve, reject) => {
      this.queue.push({ samples, receivedAt, resolve, reject });
      this.kick();
    });
  }

  /**
   * The passing of time: the engine's locked sweep (communication loss), on the lane, from this instance's copies
   * where they are current (they know later samples than the rows). The grace leaves room for another
   * instance's last times, written every `saveEveryMs`.
   */
  sweep(now = Date.now()): Promise<void> {
    return this.schedule(async () => {
      const decided = await this.db.transaction().execute((trx) => this.engine.sweepStates(trx, now, 2 * this.opts.saveEveryMs, (key) => this.copies.map.get(key)));
      this.take(decided, now);
    });
  }

  /** States found written by another writer (another instance, a rule edit, a robot round, the sweep). */
  get changedElsewhere(): number {
    return this.copies.changedElsewhere;
  }

  /** Waits until everything submitted so far is evaluated and its pushes handed over. */
  async drain(): Promise<void> {
    while (this.running) await this.running;
    await this.pushes;
  }

  /** Writes the last values and times, then stops the timer. */
  async close(): Promise<void> {
    clearInterval(this.saveTimer);
    if (this.validateTimer) clearInterval(this.validateTimer);
    await this.drain();
    await this.save(true);
    await this.drain();
  }

  private schedule(task: () => Promise<void>): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.tasks.push(() => task().then(resolve, reject));
      this.kick();
    });
  }

  private kick() {
    if (this.running) return;
    // Started in a microtask, so that `running` is set before anything the lane does can call kick() again.
    this.running = Promise.resolve()
      .then(() => this.run())
      .finally(() => {
        this.running = null;
        if (this.queue.length > 0 || this.tasks.length > 0) this.kick();
      });
  }

  /** One lane: rounds of everything queued, alarms before saves and sweeps. */
  private async run(): Promise<void> {
    for (;;) {
      if (this.queue.length > 0) {
        const items = this.queue.splice(0);
        try {
          const t0 = performance.now();
          await this.round(items);
          if (process.env.GRIDOPS_TRACE_INGEST) console.log(`[alarms] round of ${items.length} messages, oldest waited ${(Date.now() - Math.min(...items.map((i) => i.receivedAt))).toFixed(0)} ms, round ${(performance.now() - t0).toFixed(1)} ms`);
          for (const it of items) it.resolve();
        } catch (err) {
          // Not acknowledged: the gateways resend; samples already evaluated are ignored as not newer.
          this.log.error({ err, messages: items.length }, 'alarm evaluation failed; messages not acknowledged');
          for (const it of items) it.reject(err);
        }
        continue;
      }
      const task = this.tasks.shift();
      if (!task) return;
      // Settles the task's own promise (schedule); never throws here.
      await task();
    }
  }

  private workOf(items: Item[]): Map<string, PairWork> {
    const work = new Map<string, PairWork>();
    for (const it of items) this.engine.workFor(it.samples, it.receivedAt, work);
    return work;
  }

  /**
   * Beside the lane (shared database): the copies used since the last validation are compared with their rows.
   * A copy whose row was written by another writer (another instance, a rule edit, a robot round) is replaced
   * by the row and its later sample, if it holds one, evaluated again from there — so a decision taken on a
   * copy that was overtaken is corrected within one validation interval.
   */
  async validate(): Promise<void> {
    if (this.validating) return;
    this.validating = true;
    try {
      const overtaken = await this.copies.validate();
      if (overtaken) await this.schedule(async () => this.again(this.copies.applyOvertaken(overtaken, Date.now())));
    } catch (err) {
      this.log.warn({ err }, 'could not validate alarm states');
    } finally {
      this.validating = false;
    }
  }

  /** Samples to evaluate again (a copy was overtaken): queued like a message nobody waits for. */
  private again(samples: Sample[]) {
    if (samples.length > 0) this.submit(samples, Date.now()).catch((err: unknown) => this.log.warn({ err }, 'could not evaluate an overtaken alarm state again'));
  }

  private async round(items: Item[]): Promise<void> {
    this.stats.rounds++;
    let work = this.workOf(items);
    let checked = await this.copies.read(work, this.engine.loadedGeneration);
    if (checked.generation !== this.engine.loadedGeneration) {
      // Rules changed: reloaded, samples regrouped under them. The copies stay: a rule write re-decides the
      // states it affects in its transaction (new versions, which the check or the validation returns), and a
      // state it leaves (normal under the old limit) is the state under the new one until the next sample.
      await this.engine.loadRules();
      work = this.workOf(items);
      checked = await this.copies.read(work, this.engine.loadedGeneration);
    }
    const now = Date.now();
    this.copies.takeRows(checked.changed, work, now);
    const decisive = new Map<string, PairWork>();
    for (const [key, w] of work) {
      w.samples.sort((a, b) => a.ts - b.ts);
      let e = this.copies.map.get(key);
      if (!e) {
        // Not in memory and no stored row (the read returns the row of every pair not in memory).
        e = { ruleId: w.rule.id, pointId: w.meta.pointId, state: initialState(w.samples[0]!.ts), eventId: null, version: -1, stored: false, dirty: false, usedAt: now, commLoss: w.rule.kind === 'comm_loss' };
        this.copies.map.set(key, e);
      }
      e.usedAt = now;
      const spec = ruleSpec(w.rule);
      let state = e.state;
      let moves = false;
      for (const s of w.samples) {
        const r = step(spec, state, s.ts, s.value);
        if (r.transition !== null || r.state.phase !== state.phase || r.state.since !== state.since) {
          moves = true;
          break;
        }
        state = r.state;
      }
      if (moves) decisive.set(key, w);
      else if (state !== e.state) {
        e.state = state;
        e.dirty = true;
      }
    }
    if (decisive.size === 0) return;
    this.stats.decisiveRounds++;
    const receivedAt = Math.min(...items.map((it) => it.receivedAt));
    try {
      this.take(await this.decide(decisive), receivedAt);
    } catch (err) {
      if (!isRefusedData(err)) throw err;
      // One pair's data refused (e.g. its point deleted since the catalogue was loaded): the others are decided
      // one by one; the refused pair keeps its copy and is tried again with its next sample.
      for (const [key, w] of decisive) {
        try {
          this.take(await this.decide(new Map([[key, w]])), receivedAt);
        } catch (e) {
          if (!isRefusedData(e)) throw e;
          if (!this.refusedLogged.has(key)) {
            this.refusedLogged.add(key);
            this.log.warn({ err: e, rule: w.rule.id, point: w.meta.pointId }, 'alarm state refused by the database (logged once per rule and point)');
          }
        }
      }
    }
  }

  private decide(work: Map<string, PairWork>): Promise<Decided> {
    const decided = this.decideNow(work);
    const settled = decided.then(
      () => undefined,
      () => undefined,
    );
    this.deciding = settled;
    void settled.then(() => {
      if (this.deciding === settled) this.deciding = null;
    });
    return decided;
  }

  /**
   * The common case (copies of stored rows, simple rules, one transition) is written in one statement: one
   * round trip, where the locked evaluation takes five (lock, event, state, begin, commit), each of which
   * waits for a core behind storage at high load. Whatever that statement cannot take, or finds overtaken,
   * goes through the engine's locked evaluation.
   */
  private async decideNow(work: Map<string, PairWork>): Promise<Decided> {
    const cached = (key: string) => this.copies.map.get(key);
    const plan = planDecision(work, cached);
    const written = plan && (await writePlan(this.db, plan));
    if (written) {
      this.stats.oneStatementDecisions++;
      return written;
    }
    return this.db.transaction().execute((trx) => this.engine.decide(trx, work, cached));
  }

  /** Resolves once no decision transaction is in flight (with `storageYields`): storage's next statement waits. */
  decisionsIdle(): Promise<void> {
    if (!this.opts.storageYields) return Promise.resolve();
    return this.deciding ?? Promise.resolve();
  }

  /** Takes what a committed locked evaluation wrote into memory and hands its events to the push. */
  private take(decided: Decided, receivedAt: number) {
    const now = Date.now();
    for (const [key, c] of decided.saved) {
      const [ruleId, pointId] = key.split(':').map(Number) as [number, number];
      this.copies.map.set(key, { ...c, ruleId, pointId, dirty: false, usedAt: now });
    }
    if (decided.raised.length === 0) return;
    this.stats.eventsRaised += decided.raised.length;
    const events = decided.raised;
    this.pushes = this.pushes.then(() => this.onEvents(events, receivedAt)).catch((err: unknown) => this.log.warn({ err }, 'event push failed'));
  }

  /**
   * Writes the last values and times of the copies that moved (`all`: of every rule, else of communication-loss
   * rules only), beside the lane, one save after the other; overtaken copies' samples are evaluated again.
   */
  private save(all: boolean): Promise<void> {
    const run = async () => this.again(await this.copies.save(all, this.opts.forgetAfterMs));
    this.saves = this.saves.then(run, run);
    return this.saves.catch((err: unknown) => this.log.warn({ err }, 'could not write alarm states'));
  }
}

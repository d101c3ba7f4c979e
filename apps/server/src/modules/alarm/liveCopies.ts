import type { Db } from '../../db/database.js';
import type { Sample } from '../telemetry/decode.js';
import { pairKey, type CachedState, type PairWork } from './engine.js';
import { alarmRepository as repo, localStateWrites, type StoredState } from './repository.js';

/** A pair's state in memory: the stored row's decision part plus the last value and time seen since. */
export interface Copy extends CachedState {
  ruleId: number;
  pointId: number;
  /** Last value/time newer than the stored row's (written by the next save). */
  dirty: boolean;
  usedAt: number;
}

/** A row written elsewhere while a copy of it was in use, as the validation found it. */
export interface Overtaken {
  rows: StoredState[];
  /** The copies' versions the validation compared (-1: no row then). */
  sent: Map<string, number>;
}

/** Rows per save statement. */
const SAVE_CHUNK = 1000;

const versionOf = (c: Copy) => (c.stored ? c.version : -1);
const fromRow = (st: StoredState, commLoss: boolean, now: number): Copy => ({
  ruleId: st.ruleId,
  pointId: st.pointId,
  state: { phase: st.phase, since: st.since, lastValue: st.lastValue, lastTs: st.lastTs },
  eventId: st.eventId,
  version: st.version,
  stored: true,
  dirty: false,
  usedAt: now,
  commLoss,
});
/** The sample a copy holds beyond its row, to evaluate again from the row once the row was written elsewhere. */
const laterSample = (c: Copy, row: { lastTs: number | null } | null): Sample[] =>
  c.state.lastTs !== null && c.state.lastValue !== null && (row === null || row.lastTs === null || c.state.lastTs > row.lastTs) ? [{ pointId: c.pointId, ts: c.state.lastTs, value: c.state.lastValue }] : [];

/**
 * The copies of alarm states one instance holds (alarm/live.ts), and how they stay consistent with the rows:
 * what a round reads, the validation beside the lane (shared database), and the saves of last values.
 * Only the lane changes copies, except the saves, which mark copies clean only if no round moved them meanwhile.
 */
export class LiveCopies {
  readonly map = new Map<string, Copy>();
  /** Copies used since the last validation (shared database). */
  private touched = new Set<string>();
  /** The local write count at the last full read (embedded database). */
  private checkedWrites = -1;
  changedElsewhere = 0;

  constructor(
    private readonly db: Db,
    private readonly sharedDatabase: boolean,
  ) {}

  /**
   * The round's one read: the rule generation, and the stored states of pairs not in memory. With the embedded
   * database, also of every pair once this process wrote states or rules since the last read (there is no other
   * writer), and nothing at all otherwise. With a shared database the copies used are validated beside the lane
   * instead, so a round never waits for a read the size of its pairs.
   */
  async read(work: Map<string, PairWork>, generation: number): Promise<{ generation: number; changed: StoredState[] }> {
    let allCached = true;
    const pairs: { ruleId: number; pointId: number; version: number }[] = [];
    for (const [key, w] of work) {
      const c = this.map.get(key);
      if (!c) allCached = false;
      if (!c || !this.sharedDatabase) pairs.push({ ruleId: w.rule.id, pointId: w.meta.pointId, version: c ? versionOf(c) : -1 });
      else this.touched.add(key);
    }
    const writes = localStateWrites();
    if (!this.sharedDatabase && allCached && writes === this.checkedWrites) return { generation, changed: [] };
    const checked = await repo.changedStates(this.db, pairs);
    this.checkedWrites = writes;
    return checked;
  }

  /**
   * Takes rows the round read into memory. A copy they overtook that held a later sample than its row puts that
   * sample into the round's work, to be evaluated again from the row.
   */
  takeRows(rows: StoredState[], work: Map<string, PairWork>, now: number): void {
    for (const st of rows) {
      const key = pairKey(st.ruleId, st.pointId);
      const mine = this.map.get(key);
      if (mine) {
        this.changedElsewhere++;
        if (mine.dirty) work.get(key)?.samples.push(...laterSample(mine, st));
      }
      this.map.set(key, fromRow(st, work.get(key)?.rule.kind === 'comm_loss', now));
    }
  }

  /** Reads the stored versions of the copies used since the last validation; the rows written elsewhere. */
  async validate(): Promise<Overtaken | null> {
    const sent = new Map<string, number>();
    const pairs: { ruleId: number; pointId: number; version: number }[] = [];
    for (const key of this.touched) {
      const c = this.map.get(key);
      if (!c) continue;
      sent.set(key, versionOf(c));
      pairs.push({ ruleId: c.ruleId, pointId: c.pointId, version: versionOf(c) });
    }
    this.touched.clear();
    if (pairs.length === 0) return null;
    const { changed } = await repo.changedStates(this.db, pairs);
    return changed.length === 0 ? null : { rows: changed, sent };
  }

  /**
   * On the lane: replaces the copies the validation found overtaken by their rows (unless the lane moved them
   * on meanwhile, having read the row under lock) and returns their later samples, to be evaluated again.
   */
  applyOvertaken(o: Overtaken, now: number): Sample[] {
    const again: Sample[] = [];
    for (const st of o.rows) {
      const key = pairKey(st.ruleId, st.pointId);
      const c = this.map.get(key);
      if (!c || versionOf(c) !== o.sent.get(key)) continue;
      this.changedElsewhere++;
      again.push(...laterSample(c, st));
      this.map.set(key, fromRow(st, c.commLoss, now));
    }
    return again;
  }

  /**
   * Writes the last values and times of the copies that moved since their row was written (`all`: of every
   * rule, else of communication-loss rules only). A row whose version moved meanwhile is not written: its copy
   * is dropped and its latest sample returned, to be evaluated again from the row. Copies not used for
   * `forgetAfterMs` are dropped.
   */
  async save(all: boolean, forgetAfterMs: number): Promise<Sample[]> {
    const again: Sample[] = [];
    const dirty = [...this.map.values()].filter((c) => c.dirty && (all || c.commLoss)).map((c) => ({ c, state: c.state, version: versionOf(c) }));
    // In statements of SAVE_CHUNK rows: each holds its rows' locks only briefly (a decision may be waiting).
    for (let from = 0; from < dirty.length; from += SAVE_CHUNK) {
      const chunk = dirty.slice(from, from + SAVE_CHUNK);
      const result = await repo.saveLastSeen(
        this.db,
        chunk.map(({ c, state, version }) => ({ ruleId: c.ruleId, pointId: c.pointId, phase: state.phase, since: state.since, lastValue: state.lastValue, lastTs: state.lastTs, version })),
      );
      const written = new Set(result.written.map((o) => pairKey(o.ruleId, o.pointId)));
      const lost = new Set(result.overtaken.map((o) => pairKey(o.ruleId, o.pointId)));
      for (const { c, state } of chunk) {
        const key = pairKey(c.ruleId, c.pointId);
        // A round may have replaced this copy while the write was in flight: the new one stays.
        if (this.map.get(key) !== c) continue;
        if (lost.has(key)) {
          this.map.delete(key);
          this.changedElsewhere++;
          // Its latest sample (it may have moved on since the snapshot) is evaluated again from the row.
          again.push(...laterSample(c, null));
          continue;
        }
        // Not written (its row was locked): stays dirty for the next save.
        if (!written.has(key)) continue;
        if (c.state === state) c.dirty = false;
        if (!c.stored) {
          c.stored = true;
          c.version = 0;
        }
      }
    }
    const old = Date.now() - forgetAfterMs;
    for (const [key, c] of this.map) if (!c.dirty && c.usedAt < old) this.map.delete(key);
    return again;
  }
}

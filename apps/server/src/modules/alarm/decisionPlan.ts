import type { Db } from '../../db/database.js';
import type { NewEvent } from '../event/repository.js';
import type { RaisedEvent } from '../event/raisedEvent.js';
import { step, type AlarmState } from './evaluate.js';
import { pairKey, ruleSpec, type CachedState, type Decided, type PairWork } from './engine.js';
import { phaseOf } from './phases.js';
import { alarmRepository } from './repository.js';
import { sampleEvent } from './sampleEvent.js';

/** One pair's decision, taken in memory from its live copy: the state to write and what it does to events. */
export interface PlannedPair {
  key: string;
  ruleId: number;
  pointId: number;
  /** The stored version the copy was taken from: the write happens only if every row still has it. */
  version: number;
  state: AlarmState;
  /** The event the state points to afterwards (null after a clear; replaced by the new id after a raise). */
  eventId: number | null;
  raise: NewEvent | null;
  /** The push of the raised event, once its id is known. */
  push: Omit<RaisedEvent, 'eventId'> | null;
  clear: { eventId: number; at: Date } | null;
  commLoss: boolean;
}

/**
 * Decides the pairs of a round from their live copies alone, for the write in one statement
 * (repository.ts `writeDecision`: one round trip instead of lock, event, state and commit). Only the common
 * case qualifies: every pair has a copy of a stored row, no per-phase group rule (those read the group's
 * active event), and at most one raise or clear per pair. Anything else returns null and goes through the
 * engine's locked evaluation (engine.ts `decide`), which handles every case.
 */
export function planDecision(work: Map<string, PairWork>, cached: (key: string) => CachedState | undefined): PlannedPair[] | null {
  const plan: PlannedPair[] = [];
  for (const [key, w] of work) {
    const known = cached(key);
    if (!known?.stored || known.version < 0 || phaseOf(w.rule)) return null;
    const spec = ruleSpec(w.rule);
    let state = known.state;
    let eventId = known.eventId;
    let raise: NewEvent | null = null;
    let push: PlannedPair['push'] = null;
    let clear: PlannedPair['clear'] = null;
    let transitions = 0;
    w.samples.sort((a, b) => a.ts - b.ts);
    for (const s of w.samples) {
      const before = state.lastValue;
      const r = step(spec, state, s.ts, s.value);
      state = r.state;
      if (r.transition === null) continue;
      if (++transitions > 1) return null;
      if (r.transition === 'raise') {
        ({ event: raise, push } = sampleEvent(w.rule, w.meta, s, before, null));
      } else if (eventId !== null) {
        clear = { eventId, at: new Date(s.ts) };
        eventId = null;
      }
    }
    plan.push({ key, ruleId: w.rule.id, pointId: w.meta.pointId, version: known.version, state, eventId, raise, push, clear, commLoss: w.rule.kind === 'comm_loss' });
  }
  return plan;
}

/**
 * Writes a plan in one statement. Null when a row's version moved since its copy was taken (another writer
 * decided it): nothing was written, and the caller decides from the rows (engine.ts `decide`).
 */
export async function writePlan(db: Db, plan: PlannedPair[]): Promise<Decided | null> {
  const written = await alarmRepository.writeDecision(
    db,
    plan.map((p) => ({ ruleId: p.ruleId, pointId: p.pointId, ...p.state, eventId: p.eventId, version: p.version, raise: p.raise, clear: p.clear })),
  );
  if (!written) return null;
  const byPair = new Map(written.map((w) => [pairKey(w.ruleId, w.pointId), w]));
  const decided: Decided = { raised: [], saved: new Map() };
  for (const p of plan) {
    const w = byPair.get(p.key);
    if (!w) continue;
    decided.saved.set(p.key, { state: p.state, eventId: w.eventId, version: w.version, stored: true, commLoss: p.commLoss });
    if (p.push && w.eventId !== null) decided.raised.push({ ...p.push, eventId: w.eventId });
  }
  return decided;
}

import type { Db } from '../../db/database.js';
import type { Sample } from '../telemetry/decode.js';
import type { PointLookup, PointMeta } from '../telemetry/registry.js';
import { eventRepository } from '../event/repository.js';
import type { RaisedEvent } from '../event/raisedEvent.js';
import { initialState, reevaluate, step, tick, type AlarmState, type RuleSpec } from './evaluate.js';
import { alarmMessage } from './messages.js';
import { isWorse, phaseOf, sortPhases } from './phases.js';
import { pickByPrecedence } from './precedence.js';
import { ruleEvent, sampleEvent } from './sampleEvent.js';
import { alarmRepository as repo, type RuleRow, type StoredState } from './repository.js';

type NewState = Omit<StoredState, 'version'>;

export const ruleSpec = (r: Pick<RuleRow, 'kind' | 'threshold' | 'deadband' | 'on_delay_s' | 'off_delay_s' | 'shelved_until'>): RuleSpec => ({
  kind: r.kind,
  threshold: r.threshold,
  deadband: r.deadband,
  onDelayMs: r.on_delay_s * 1000,
  offDelayMs: r.off_delay_s * 1000,
  shelvedUntil: r.shelved_until ? new Date(r.shelved_until).getTime() : null,
});
const spec = ruleSpec;

/**
 * A rule was saved (or disabled) while points are in alarm under it: decides at once on each point's last
 * value (evaluate.ts `reevaluate`) and clears the events the new rule no longer holds. Runs in the saving
 * transaction, so the change and the clears commit together.
 */
export async function reevaluateRuleStates(trx: Db, rule: RuleRow, now = Date.now()): Promise<number> {
  const states = await repo.lockStates(trx, await repo.statePairs(trx, [rule.id]));
  const s = spec(rule);
  const toSave: NewState[] = [];
  const groupClears: number[] = [];
  let cleared = 0;
  for (const st of states) {
    const r = reevaluate(s, rule.enabled, { phase: st.phase, since: st.since, lastValue: st.lastValue, lastTs: st.lastTs }, now);
    let eventId = st.eventId;
    if (r.transition === 'clear' && eventId !== null) {
      if (phaseOf(rule)) groupClears.push(eventId);
      else await eventRepository.clear(trx, eventId, new Date(now));
      eventId = null;
      cleared++;
    }
    toSave.push({ ruleId: st.ruleId, pointId: st.pointId, ...r.state, eventId });
  }
  await repo.saveStates(trx, toSave);
  for (const id of groupClears) if ((await eventRepository.phasesStillInAlarm(trx, id)) === 0) await eventRepository.clear(trx, id, new Date(now));
  return cleared;
}

/** The samples of one (rule, point) pair to evaluate, in any order. */
export interface PairWork {
  rule: RuleRow;
  meta: PointMeta;
  samples: Sample[];
}

/**
 * A pair's state as a cache holds it (alarm/live.ts): taken instead of the stored row when the row's version
 * is still `version` (the cache may know a later last value and time than the row). `stored`: the cache saw a
 * row (else it started from the initial state).
 */
export interface CachedState {
  state: AlarmState;
  eventId: number | null;
  version: number;
  stored: boolean;
  /** The rule is a communication-loss rule (its last time matters to every instance's sweep). */
  commLoss: boolean;
}

/** What one locked evaluation decided: the events raised, and every state it wrote with its new version. */
export interface Decided {
  raised: RaisedEvent[];
  saved: Map<string, CachedState>;
}

export const pairKey = (ruleId: number, pointId: number) => `${ruleId}:${pointId}`;

/**
 * Evaluates the alarm rules against samples inside a transaction: state rows are locked, stepped in time
 * order, saved; raises become event rows, returns to normal clear them. Ingest calls it through the live
 * cache (alarm/live.ts) only for the pairs whose phase moves; robot rounds and tests call `evaluate` directly.
 */
export class AlarmEngine {
  private byDevice = new Map<number, RuleRow[]>();
  private byKindKey = new Map<string, RuleRow[]>();
  private commLoss: RuleRow[] = [];
  /** rulesFor per point, for the point metadata object it was computed from (a registry reload replaces it). */
  private perPoint = new Map<number, { meta: PointMeta; rules: RuleRow[] }>();
  /** The rule generation (alarm_rule_generation) the maps were loaded at; -1: never. */
  private generation = -1;

  constructor(
    private readonly db: Db,
    private readonly points: PointLookup,
  ) {}

  /** The generation the rules in memory were loaded at. */
  get loadedGeneration(): number {
    return this.generation;
  }

  /** Reloads when a rule write (this or another instance) moved the generation since the last load. */
  async ensureFresh(db: Db = this.db): Promise<void> {
    if ((await repo.generation(db)) !== this.generation) await this.loadRules(db);
  }

  async loadRules(db: Db = this.db): Promise<void> {
    const generation = await repo.generation(db);
    const rules = await repo.enabledRules(db);
    const byDevice = new Map<number, RuleRow[]>();
    const byKindKey = new Map<string, RuleRow[]>();
    for (const r of rules) {
      if (r.device_id !== null) byDevice.set(r.device_id, [...(byDevice.get(r.device_id) ?? []), r]);
      else if (r.device_kind !== null) {
        const k = `${r.device_kind}\u0000${r.point_key}`;
        byKindKey.set(k, [...(byKindKey.get(k) ?? []), r]);
      }
    }
    this.byDevice = byDevice;
    this.byKindKey = byKindKey;
    this.commLoss = rules.filter((r) => r.kind === 'comm_loss');
    this.perPoint.clear();
    this.generation = generation;
  }

  /**
   * The rules of a point: the most specific rule per point key and kind applies — the device's own, else the
   * project's default for the device kind, else the shipped default (docs/alarm-rules.md).
   */
  rulesFor(meta: PointMeta): RuleRow[] {
    const cached = this.perPoint.get(meta.pointId);
    if (cached && cached.meta === meta) return cached.rules;
    const own = (this.byDevice.get(meta.deviceId) ?? []).filter((r) => r.point_key === meta.key);
    const template = this.byKindKey.get(`${meta.deviceKind}\u0000${meta.key}`) ?? [];
    const project = template.filter((r) => r.project_id === meta.projectId);
    const shipped = template.filter((r) => r.project_id === null);
    const rules = pickByPrecedence(own, project, shipped);
    this.perPoint.set(meta.pointId, { meta, rules });
    return rules;
  }

  /**
   * The samples grouped by (rule, point) under the rules in memory. `receivedAt` caps the samples' timestamps:
   * a sample stamped ahead of the server's clock (within the allowed skew) is evaluated as measured when it
   * arrived. Evaluation only moves forward in time, so taking its own timestamp would make every real sample
   * until then "late" and silence the point's alarms.
   */
  workFor(samples: Sample[], receivedAt: number, into = new Map<string, PairWork>()): Map<string, PairWork> {
    for (const received of samples) {
      const meta = this.points.point(received.pointId);
      if (!meta) continue;
      const rules = this.rulesFor(meta);
      if (rules.length === 0) continue;
      const s = received.ts > receivedAt ? { ...received, ts: receivedAt } : received;
      for (const rule of rules) {
        const k = pairKey(rule.id, s.pointId);
        let w = into.get(k);
        if (!w) into.set(k, (w = { rule, meta, samples: [] }));
        w.samples.push(s);
      }
    }
    return into;
  }

  /** Evaluates samples in the caller's transaction from the stored states (locked). */
  async evaluate(trx: Db, samples: Sample[], receivedAt = Date.now()): Promise<RaisedEvent[]> {
    await this.ensureFresh(trx);
    return (await this.decide(trx, this.workFor(samples, receivedAt))).raised;
  }

  /**
   * Locks the pairs' state rows and steps their samples from there (or from `cached`, when the row's version
   * is the cache's), writing events and states. Samples at or before a state's last time are ignored.
   */
  async decide(trx: Db, work: Map<string, PairWork>, cached?: (key: string) => CachedState | undefined): Promise<Decided> {
    if (work.size === 0) return { raised: [], saved: new Map() };
    const pairs = [...work.values()].map((w) => ({ ruleId: w.rule.id, pointId: w.meta.pointId }));
    const stored = new Map((await repo.lockStates(trx, pairs)).map((s) => [pairKey(s.ruleId, s.pointId), s]));
    const raised: RaisedEvent[] = [];
    const toSave: NewState[] = [];
    // Per-phase group events touched by this batch (device|group → event), and group events a phase left.
    const groups = new Map<string, { eventId: number; phases: string[]; value: number | null }>();
    const groupClears = new Map<number, number>();
    for (const [k, w] of work) {
      w.samples.sort((a, b) => a.ts - b.ts);
      const prev = stored.get(k);
      const known = cached?.(k);
      let state: AlarmState;
      let eventId: number | null;
      if (known && (prev ? known.stored && known.version === prev.version : !known.stored)) ({ state, eventId } = known);
      else if (prev) {
        state = { phase: prev.phase, since: prev.since, lastValue: prev.lastValue, lastTs: prev.lastTs };
        eventId = prev.eventId;
      } else {
        state = initialState(w.samples[0]!.ts);
        eventId = null;
      }
      const group = phaseOf(w.rule);
      for (const s of w.samples) {
        const before = state.lastValue;
        const r = step(spec(w.rule), state, s.ts, s.value);
        state = r.state;
        if (r.transition === 'raise') {
          if (group) {
            const gk = `${w.meta.deviceId}|${group.groupKey}`;
            let g = groups.get(gk);
            if (!g) {
              const row = await eventRepository.activeGroupEvent(trx, w.meta.deviceId, group.groupKey);
              if (row) groups.set(gk, (g = { eventId: row.id, phases: row.phases, value: row.value }));
            }
            if (g) {
              // A phase joining an active event of the same cause: added to it, not a new event.
              g.phases = sortPhases([...g.phases, group.phase]);
              if (isWorse(w.rule.kind, s.value, g.value)) g.value = s.value;
              const text = alarmMessage(w.rule, w.meta, g.value ?? s.value, { phases: g.phases });
              await eventRepository.joinGroup(trx, g.eventId, { phases: g.phases, value: g.value ?? s.value, text });
              eventId = g.eventId;
              continue;
            }
          }
          const { event, push } = sampleEvent(w.rule, w.meta, s, before, group);
          eventId = await eventRepository.insert(trx, event);
          if (group) groups.set(`${w.meta.deviceId}|${group.groupKey}`, { eventId, phases: [group.phase], value: s.value });
          raised.push({ ...push, eventId });
        } else if (r.transition === 'clear' && eventId !== null) {
          // A group event clears when its last phase is back, checked once this batch's states are saved.
          if (group) groupClears.set(eventId, Math.max(groupClears.get(eventId) ?? 0, s.ts));
          else await eventRepository.clear(trx, eventId, new Date(s.ts));
          eventId = null;
        }
      }
      toSave.push({ ruleId: w.rule.id, pointId: w.meta.pointId, ...state, eventId });
    }
    const versions = await repo.saveStates(trx, toSave);
    for (const [groupEventId, ts] of groupClears) {
      if ((await eventRepository.phasesStillInAlarm(trx, groupEventId)) === 0) await eventRepository.clear(trx, groupEventId, new Date(ts));
    }
    const kinds = new Map([...work.values()].map((w) => [w.rule.id, w.rule.kind]));
    return { raised, saved: savedStates(toSave, versions, (id) => kinds.get(id) === 'comm_loss') };
  }
  /** See reevaluateRuleStates. */
  reevaluateRule(trx: Db, rule: RuleRow, now = Date.now()): Promise<number> {
    return reevaluateRuleStates(trx, rule, now);
  }

  /**
   * The passing of time (evaluate.ts `tick`): raises communication losses of points silent past their rule's
   * threshold. State rows are locked like ingest's, so two instances sweeping raise one event.
   */
  async sweep(trx: Db, now = Date.now()): Promise<RaisedEvent[]> {
    return (await this.sweepStates(trx, now)).raised;
  }

  /**
   * The sweep, with the states it wrote (the live cache takes them). `graceMs` is added to every silence: the
   * live cache writes last times every few seconds, so another instance's row may be that much behind.
   */
  async sweepStates(trx: Db, now = Date.now(), graceMs = 0, cached?: (key: string) => CachedState | undefined): Promise<Decided> {
    await this.ensureFresh(trx);
    if (this.commLoss.length === 0) return { raised: [], saved: new Map() };
    const byId = new Map(this.commLoss.map((r) => [r.id, r]));
    const states = await repo.lockStates(trx, await repo.statePairs(trx, [...byId.keys()]));
    const raised: RaisedEvent[] = [];
    const toSave: NewState[] = [];
    for (const stored of states) {
      const rule = byId.get(stored.ruleId);
      const meta = this.points.point(stored.pointId);
      if (!rule || !meta) continue;
      // A live copy of the same version knows a later last sample than the row.
      const known = cached?.(pairKey(stored.ruleId, stored.pointId));
      const st = known?.stored && known.version === stored.version ? { ...stored, ...known.state } : stored;
      const r = tick(spec(rule), st, now - graceMs);
      if (r.transition === null) continue;
      let eventId = st.eventId;
      if (r.transition === 'raise') {
        const { event, push } = ruleEvent(rule, meta, alarmMessage(rule, meta, st.lastValue ?? 0, {}), now, {
          value: null,
          limit: rule.threshold,
          ruleKind: 'digital',
          unit: 's',
          stateFrom: null,
          groupKey: null,
          phases: [],
        });
        eventId = await eventRepository.insert(trx, event);
        raised.push({ ...push, eventId });
      } else if (eventId !== null) {
        await eventRepository.clear(trx, eventId, new Date(now));
        eventId = null;
      }
      toSave.push({ ruleId: st.ruleId, pointId: st.pointId, phase: r.state.phase, since: r.state.since, lastValue: r.state.lastValue, lastTs: r.state.lastTs, eventId });
    }
    return { raised, saved: savedStates(toSave, await repo.saveStates(trx, toSave), () => true) };
  }
}

function savedStates(states: NewState[], versions: { ruleId: number; pointId: number; version: number }[], commLoss: (ruleId: number) => boolean): Map<string, CachedState> {
  const v = new Map(versions.map((x) => [pairKey(x.ruleId, x.pointId), x.version]));
  const out = new Map<string, CachedState>();
  for (const s of states) {
    const key = pairKey(s.ruleId, s.pointId);
    const version = v.get(key);
    if (version === undefined) continue;
    out.set(key, { state: { phase: s.phase, since: s.since, lastValue: s.lastValue, lastTs: s.lastTs }, eventId: s.eventId, version, stored: true, commLoss: commLoss(s.ruleId) });
  }
  return out;
}

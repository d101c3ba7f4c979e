import type { Db } from '../../db/database.js';
import type { Sample } from '../telemetry/decode.js';
import type { PointLookup, PointMeta } from '../telemetry/registry.js';
import { eventRepository } from '../event/repository.js';
import type { RaisedEvent } from '../event/raisedEvent.js';
import { initialState, step, type RuleSpec } from './evaluate.js';
import { alarmMessage } from './messages.js';
import { isWorse, phaseOf, sortPhases } from './phases.js';
import { alarmRepository as repo, type RuleRow, type StoredState } from './repository.js';

const spec = (r: RuleRow): RuleSpec => ({
  kind: r.kind,
  threshold: r.threshold,
  deadband: r.deadband,
  onDelayMs: r.on_delay_s * 1000,
  offDelayMs: r.off_delay_s * 1000,
});

/** The state before a digital change: the previous sample when it differed, else the state that does not alarm. */
function digitalFrom(alarmState: number, before: number | null, after: number): number {
  if (before !== null && Math.round(before) !== Math.round(after)) return before;
  return Math.round(alarmState) === 0 ? 1 : 0;
}

/**
 * Evaluates the alarm rules against the samples a batch stored, inside the batch's transaction: state rows
 * are locked, stepped in time order, saved; raises become event rows, returns to normal clear them.
 */
export class AlarmEngine {
  private byDevice = new Map<number, RuleRow[]>();
  private byKindKey = new Map<string, RuleRow[]>();

  constructor(
    private readonly db: Db,
    private readonly points: PointLookup,
  ) {}

  async loadRules(): Promise<void> {
    const rules = await repo.enabledRules(this.db);
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
  }

  /** Device rules first; a template rule applies unless limited to another project. */
  rulesFor(meta: PointMeta): RuleRow[] {
    const own = (this.byDevice.get(meta.deviceId) ?? []).filter((r) => r.point_key === meta.key);
    const template = (this.byKindKey.get(`${meta.deviceKind}\u0000${meta.key}`) ?? []).filter(
      (r) => r.project_id === null || r.project_id === meta.projectId,
    );
    return [...own, ...template];
  }

  /**
   * `receivedAt` caps the samples' timestamps: a sample stamped ahead of the server's clock (within the allowed
   * skew) is evaluated as measured when it arrived. Evaluation only moves forward in time, so taking its own
   * timestamp would make every real sample until then "late" and silence the point's alarms.
   */
  async evaluate(trx: Db, samples: Sample[], receivedAt = Date.now()): Promise<RaisedEvent[]> {
    const work = new Map<string, { rule: RuleRow; meta: PointMeta; samples: Sample[] }>();
    for (const received of samples) {
      const s = received.ts > receivedAt ? { ...received, ts: receivedAt } : received;
      const meta = this.points.point(s.pointId);
      if (!meta) continue;
      for (const rule of this.rulesFor(meta)) {
        const k = `${rule.id}:${s.pointId}`;
        let w = work.get(k);
        if (!w) work.set(k, (w = { rule, meta, samples: [] }));
        w.samples.push(s);
      }
    }
    if (work.size === 0) return [];
    const pairs = [...work.values()].map((w) => ({ ruleId: w.rule.id, pointId: w.meta.pointId }));
    const stored = new Map((await repo.lockStates(trx, pairs)).map((s) => [`${s.ruleId}:${s.pointId}`, s]));
    const raised: RaisedEvent[] = [];
    const toSave: StoredState[] = [];
    // Per-phase group events touched by this batch (device|group → event), and group events a phase left.
    const groups = new Map<string, { eventId: number; phases: string[]; value: number | null }>();
    const groupClears = new Map<number, number>();
    for (const [k, w] of work) {
      w.samples.sort((a, b) => a.ts - b.ts);
      const prev = stored.get(k);
      let state = prev ? { phase: prev.phase, since: prev.since, lastValue: prev.lastValue, lastTs: prev.lastTs } : initialState(w.samples[0]!.ts);
      let eventId = prev?.eventId ?? null;
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
          const digital = w.rule.kind === 'digital';
          const stateFrom = digital ? digitalFrom(w.rule.threshold, before, s.value) : null;
          const text = alarmMessage(w.rule, w.meta, s.value, { ...(group ? { phases: [group.phase] } : {}), stateFrom });
          eventId = await eventRepository.insert(trx, {
            projectId: w.meta.projectId,
            deviceId: w.meta.deviceId,
            pointId: w.meta.pointId,
            ruleId: w.rule.id,
            type: w.rule.event_type,
            level: w.rule.level,
            title: w.meta.projectName,
            text,
            value: s.value,
            // A digital rule's "threshold" is the state that alarms, not a limit: the event shows the change.
            limit: digital ? null : w.rule.threshold,
            ruleKind: w.rule.kind,
            unit: w.meta.unit,
            stateFrom,
            groupKey: group?.groupKey ?? null,
            phases: group ? [group.phase] : [],
            raisedAt: new Date(s.ts),
          });
          if (group) groups.set(`${w.meta.deviceId}|${group.groupKey}`, { eventId, phases: [group.phase], value: s.value });
          raised.push({
            eventId,
            projectId: w.meta.projectId,
            type: w.rule.event_type as RaisedEvent['type'],
            level: w.rule.level as RaisedEvent['level'],
            project: { zh: w.meta.projectName, en: w.meta.projectNameEn },
            text,
            raisedAt: s.ts,
          });
        } else if (r.transition === 'clear' && eventId !== null) {
          // A group event clears when its last phase is back, checked once this batch's states are saved.
          if (group) groupClears.set(eventId, Math.max(groupClears.get(eventId) ?? 0, s.ts));
          else await eventRepository.clear(trx, eventId, new Date(s.ts));
          eventId = null;
        }
      }
      toSave.push({ ruleId: w.rule.id, pointId: w.meta.pointId, ...state, eventId });
    }
    await repo.saveStates(trx, toSave);
    for (const [groupEventId, ts] of groupClears) {
      if ((await eventRepository.phasesStillInAlarm(trx, groupEventId)) === 0) await eventRepository.clear(trx, groupEventId, new Date(ts));
    }
    return raised;
  }
}

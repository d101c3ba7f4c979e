import type { Db } from '../../db/database.js';
import type { Sample } from '../telemetry/decode.js';
import type { PointLookup, PointMeta } from '../telemetry/registry.js';
import { eventRepository } from '../event/repository.js';
import type { RaisedEvent } from '../event/raisedEvent.js';
import { initialState, step, type RuleSpec } from './evaluate.js';
import { alarmText } from './messages.js';
import { alarmRepository as repo, type RuleRow, type StoredState } from './repository.js';

const spec = (r: RuleRow): RuleSpec => ({
  kind: r.kind,
  threshold: r.threshold,
  deadband: r.deadband,
  onDelayMs: r.on_delay_s * 1000,
  offDelayMs: r.off_delay_s * 1000,
});

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
    for (const [k, w] of work) {
      w.samples.sort((a, b) => a.ts - b.ts);
      const prev = stored.get(k);
      let state = prev ? { phase: prev.phase, since: prev.since, lastValue: prev.lastValue, lastTs: prev.lastTs } : initialState(w.samples[0]!.ts);
      let eventId = prev?.eventId ?? null;
      for (const s of w.samples) {
        const r = step(spec(w.rule), state, s.ts, s.value);
        state = r.state;
        if (r.transition === 'raise') {
          const text = alarmText(w.rule, w.meta, s.value);
          eventId = await eventRepository.insert(trx, {
            projectId: w.meta.projectId,
            deviceId: w.meta.deviceId,
            pointId: w.meta.pointId,
            ruleId: w.rule.id,
            type: w.rule.event_type,
            level: w.rule.level,
            title: w.meta.projectName,
            message: text.zh,
            messageEn: text.en,
            value: s.value,
            limit: w.rule.threshold,
            raisedAt: new Date(s.ts),
          });
          raised.push({
            eventId,
            projectId: w.meta.projectId,
            type: w.rule.event_type as RaisedEvent['type'],
            level: w.rule.level as RaisedEvent['level'],
            title: w.meta.projectName,
            titleEn: w.meta.projectNameEn || w.meta.projectName,
            msg: text.zh,
            msgEn: text.en,
            audio: text.audio,
            raisedAt: s.ts,
          });
        } else if (r.transition === 'clear' && eventId !== null) {
          await eventRepository.clear(trx, eventId, new Date(s.ts));
          eventId = null;
        }
      }
      toSave.push({ ruleId: w.rule.id, pointId: w.meta.pointId, ...state, eventId });
    }
    await repo.saveStates(trx, toSave);
    return raised;
  }
}

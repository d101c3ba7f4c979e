import type { EventMessage } from '@gridops/contract';
import type { NewEvent } from '../event/repository.js';
import type { RaisedEvent } from '../event/raisedEvent.js';
import type { Sample } from '../telemetry/decode.js';
import type { PointMeta } from '../telemetry/registry.js';
import { baseKind, digitalFrom } from './evaluate.js';
import { alarmMessage } from './messages.js';
import type { RuleRow } from './repository.js';

/** What differs between the events rules raise: the figures, and the per-phase group if any. */
type EventFigures = Pick<NewEvent, 'value' | 'limit' | 'ruleKind' | 'unit' | 'stateFrom' | 'groupKey' | 'phases'>;

/**
 * An event a rule raises on a point at `at`, and its push once stored: one definition for every raise of the
 * engine (samples, the communication-loss sweep) and the one-statement decision (decisionPlan.ts).
 */
export function ruleEvent(rule: RuleRow, meta: PointMeta, text: EventMessage, at: number, figures: EventFigures): { event: NewEvent; push: Omit<RaisedEvent, 'eventId'> } {
  return {
    event: {
      projectId: meta.projectId,
      deviceId: meta.deviceId,
      pointId: meta.pointId,
      ruleId: rule.id,
      type: rule.event_type,
      level: rule.level,
      title: meta.projectName,
      text,
      ...figures,
      raisedAt: new Date(at),
    },
    push: {
      projectId: meta.projectId,
      type: rule.event_type as RaisedEvent['type'],
      level: rule.level as RaisedEvent['level'],
      project: { zh: meta.projectName, en: meta.projectNameEn },
      text,
      raisedAt: at,
    },
  };
}

/**
 * The event a sample raises under a rule. `before`: the pair's previous value (a digital event shows the change);
 * `group`: the per-phase group the event opens, if the rule has one.
 */
export function sampleEvent(
  rule: RuleRow,
  meta: PointMeta,
  s: Sample,
  before: number | null,
  group: { phase: string; groupKey: string } | null,
): { event: NewEvent; push: Omit<RaisedEvent, 'eventId'> } {
  const digital = rule.kind === 'digital';
  const stateFrom = digital ? digitalFrom(rule.threshold, before, s.value) : null;
  const text = alarmMessage(rule, meta, s.value, { ...(group ? { phases: [group.phase] } : {}), stateFrom });
  return ruleEvent(rule, meta, text, s.ts, {
    value: s.value,
    // A digital rule's "threshold" is the state that alarms, not a limit: the event shows the change.
    limit: digital || rule.kind === 'comm_loss' ? null : rule.threshold,
    ruleKind: baseKind(rule.kind),
    unit: meta.unit,
    stateFrom,
    groupKey: group?.groupKey ?? null,
    phases: group ? [group.phase] : [],
  });
}

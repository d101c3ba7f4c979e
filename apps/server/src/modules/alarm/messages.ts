import { digitalStateName, eventMessage, type EventMessage } from '@gridops/contract';
import type { PointMeta } from '../telemetry/registry.js';
import { baseKind, type RuleKind } from './evaluate.js';

export interface RuleText {
  kind: RuleKind;
  name: string;
  name_en: string;
  threshold: number;
}

type Phase = 'A' | 'B' | 'C';
const isPhase = (p: string): p is Phase => p === 'A' || p === 'B' || p === 'C';

/**
 * The message key and parameters of a raised alarm (contract eventMessages.ts): the device, point and rule
 * names in both languages, the value against the limit, or the state change of a digital rule. `phases` names
 * the phases of a per-phase group (the rule's own cause is renamed after them when rendered).
 */
export function alarmMessage(rule: RuleText, meta: PointMeta, value: number, opts: { phases?: string[]; stateFrom?: number | null } = {}): EventMessage {
  const device = { zh: meta.deviceName, en: meta.deviceNameEn };
  const point = { zh: meta.name, en: meta.nameEn };
  const cause = { zh: rule.name, en: rule.name_en };
  const phases = opts.phases?.filter(isPhase);
  const grouped = phases?.length ? { phases } : {};
  if (rule.kind === 'comm_loss') return eventMessage('alarm.digital', { device, point, cause, from: null, to: { zh: '无数据', en: 'no data' }, ...grouped });
  const kind = baseKind(rule.kind);
  if (kind === 'digital') {
    const from = opts.stateFrom === undefined || opts.stateFrom === null ? null : digitalStateName(meta.key, opts.stateFrom);
    return eventMessage('alarm.digital', { device, point, cause, from, to: digitalStateName(meta.key, value), ...grouped });
  }
  const params = { device, point, cause, value, limit: rule.threshold, unit: meta.unit, precision: Math.max(0, Math.min(6, meta.precision)), ...grouped };
  if (kind === 'high' && meta.deviceKind === 'robot') return eventMessage('robot.overLimit', params);
  return eventMessage(kind === 'high' ? 'alarm.high' : kind === 'low' ? 'alarm.low' : 'alarm.rate', params);
}

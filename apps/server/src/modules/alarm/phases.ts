import { baseKind, type RuleKind } from './evaluate.js';

/**
 * Per-phase rules (Ia/Ib/Ic over-current, T1/T2/T3 "A/B/C相线缆温度越限") describe one cause on three phases.
 * One overload seen on three phases at once is one event per device and cause that names the phases, so the
 * engine groups them by the key computed here. Rules that are not per phase have no group.
 */
export interface PhaseRule {
  kind: RuleKind;
  level: number;
  event_type: number;
  point_key: string;
  name: string;
  name_en: string;
}

const PHASE_KEY = /^[IUPQ]([abc])$/;
const PHASE_NAME = /^([ABC])相/;

/** The phase ("A".."C") of a per-phase rule and its group key (same device, kind, level and cause), or null. */
export function phaseOf(rule: PhaseRule): { phase: string; groupKey: string } | null {
  if (rule.kind === 'comm_loss') return null;
  const byName = PHASE_NAME.exec(rule.name);
  const byKey = PHASE_KEY.exec(rule.point_key);
  const phase = byName?.[1] ?? byKey?.[1]?.toUpperCase();
  if (!phase) return null;
  const cause = rule.name.replace(PHASE_NAME, '');
  return { phase, groupKey: `${rule.kind}|${rule.level}|${rule.event_type}|${cause}` };
}

export const sortPhases = (phases: Iterable<string>) => [...new Set(phases)].sort();

/** Whether `candidate` is worse than `current` for this rule kind (the group event shows the worst value). */
export const isWorse = (kind: PhaseRule['kind'], candidate: number, current: number | null) =>
  current === null || (baseKind(kind) === 'low' ? candidate < current : candidate > current);

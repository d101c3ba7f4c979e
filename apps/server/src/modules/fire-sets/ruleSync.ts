import { ARC_ON_DELAY_S, deviceCatalog, FIRE_TEMP_KEYS, preAlarmOf, type ArcSensitivity } from '@gridops/contract';
import type { Db } from '../../db/database.js';
import { reevaluateRuleStates } from '../alarm/engine.js';
import { alarmRepository, type RuleRow } from '../alarm/repository.js';
import { ruleRepository } from '../alarm/ruleRepository.js';
import { fireSetsRepository as repo } from './repository.js';

/**
 * A loop's or arc setting's limits as alarm rules (docs/electrical-fire.md): the set is the one place they are
 * edited, the rules are how the alarm engine applies them. Each save rewrites the set's device-override rules in
 * the save's transaction, re-evaluates the points in alarm under them and bumps the rule generation, so the next
 * sample on every instance is judged by the new numbers — and the fire page, which reads the rules in force,
 * draws the same ones.
 */
export interface DesiredRule {
  point_key: string;
  kind: 'high' | 'high_high';
  threshold: number;
  deadband: number;
  on_delay_s: number;
  level: number;
  event_type: number;
  name: string;
  name_en: string;
}

const pointName = (kind: 'fire_sensor' | 'arc_detector', key: string) => deviceCatalog[kind].points.find((p) => p.key === key)!;

/** Per point: the alarm (high-high, at the limit) and the pre-alarm (high, at pre_alarm_pct of it, a message). */
export function loopRules(v: { residual_ma: number; temp_limits: Record<string, number>; pre_alarm_pct: number }): DesiredRule[] {
  const points = [
    { key: 'IR', limit: v.residual_ma, precision: 0, onDelay: 5 },
    ...FIRE_TEMP_KEYS.map((key) => ({ key, limit: v.temp_limits[key]!, precision: 1, onDelay: 0 })),
  ];
  return points.flatMap(({ key, limit, precision, onDelay }) => {
    const p = pointName('fire_sensor', key);
    // 5 % of the limit (at least one unit) keeps a value hovering at it from chattering.
    const deadband = (threshold: number) => Math.max(precision === 0 ? 1 : 0.5, Math.round(threshold * 0.05 * 10 ** precision) / 10 ** precision);
    const pre = preAlarmOf(limit, v.pre_alarm_pct, precision);
    return [
      { point_key: key, kind: 'high_high' as const, threshold: limit, deadband: deadband(limit), on_delay_s: onDelay, level: 3, event_type: 2, name: `${p.name}报警`, name_en: `${p.name_en} alarm` },
      { point_key: key, kind: 'high' as const, threshold: pre, deadband: deadband(pre), on_delay_s: onDelay, level: 2, event_type: 1, name: `${p.name}预警`, name_en: `${p.name_en} pre-alarm` },
    ];
  });
}

/** The arc count at or over the threshold (counts are whole, so "over threshold − ½"); sensitivity is the on-delay. */
export function arcRules(v: { threshold: number; sensitivity: ArcSensitivity }): DesiredRule[] {
  const p = pointName('arc_detector', 'arc_count');
  return [{ point_key: 'arc_count', kind: 'high', threshold: v.threshold - 0.5, deadband: 0, on_delay_s: ARC_ON_DELAY_S[v.sensitivity], level: 4, event_type: 2, name: '故障电弧报警', name_en: `${p.name_en}: arc fault` }];
}

interface Owner {
  loopId?: number;
  arcId?: number;
  projectId: number;
  deviceId: number;
  deviceKind: string;
  enabled: boolean;
}

/** Writes the owner's rules to `desired` in `trx`: updates in place, adds, drops the rest (alarms cleared first). */
export async function syncRules(trx: Db, owner: Owner, desired: DesiredRule[], now = Date.now()): Promise<void> {
  const existing = await repo.managedRules(trx, owner.loopId !== undefined ? { loopId: owner.loopId } : { arcId: owner.arcId! });
  const kept = new Set<number>();
  for (const want of desired) {
    const have = existing.find((r) => r.device_id === owner.deviceId && r.point_key === want.point_key && r.kind === want.kind);
    const fields = { ...want, off_delay_s: 0, enabled: owner.enabled, shelved_until: null, shelve_note: '' };
    let saved: RuleRow | undefined;
    if (have) {
      kept.add(have.id);
      saved = await ruleRepository.update(trx, have.id, have.version, fields);
    } else {
      saved = await ruleRepository.insert(trx, {
        ...fields,
        project_id: owner.projectId,
        device_id: owner.deviceId,
        device_kind: null,
        fire_loop_id: owner.loopId ?? null,
        arc_set_id: owner.arcId ?? null,
      });
      // Like any new override, it takes over the alarms the default it replaces holds on the device's points.
      const all = await ruleRepository.rulesOfProject(trx, owner.projectId);
      const replaced = all
        .filter((o) => o.device_id === null && o.device_kind === owner.deviceKind && o.point_key === want.point_key && o.kind === want.kind)
        .filter((o) => o.project_id === null || o.project_id === owner.projectId)
        .map((o) => o.id);
      const points = await ruleRepository.targetPoints(trx, owner.projectId, { deviceId: owner.deviceId, deviceKind: null, pointKey: want.point_key });
      await ruleRepository.moveStates(trx, replaced, saved.id, points);
    }
    if (saved) await reevaluateRuleStates(trx, saved, now);
  }
  for (const gone of existing.filter((r) => !kept.has(r.id))) {
    await reevaluateRuleStates(trx, { ...gone, enabled: false }, now);
    await ruleRepository.remove(trx, gone.id, gone.version);
  }
  await alarmRepository.bumpGeneration(trx);
}

/** Before a set is deleted: its rules' alarms clear now (the defaults apply again from the next sample). */
export async function dropRules(trx: Db, owner: { loopId?: number; arcId?: number }, now = Date.now()): Promise<void> {
  for (const r of await repo.managedRules(trx, owner)) {
    await reevaluateRuleStates(trx, { ...r, enabled: false }, now);
    await ruleRepository.remove(trx, r.id, r.version);
  }
  await alarmRepository.bumpGeneration(trx);
}

import { ErrorCode, type ControlAction } from '@gridops/contract';
import type { Db } from '../../db/database.js';
import { AppError, type LocalizedDetail } from '../../lib/errors.js';
import { scheduleFromParams } from './building.js';
import { controlRepository as repo, type OpenSelectionFilter } from './repository.js';
import { ControlRefusal, evaluateControlRules } from './rules.js';

/**
 * Open selections checked again: by execute inside the transaction that claims the selection, and by every
 * change that can make a rule refuse one (remote-control settings, a breaker's state under an interlock, an
 * operator's permissions or status, an auxiliary device's settings). A refused selection is cancelled with the
 * reason in the control log (zh and en), in the transaction of the change.
 */

export type LockedSelection = NonNullable<Awaited<ReturnType<typeof repo.lockSelection>>>;

/** What an open selection asked for, read back from its stored command (the set-point, the schedule). */
function requestOf(c: Pick<LockedSelection, 'action' | 'params'>) {
  const params = c.params as { setpoint?: { value?: unknown } } | null;
  const value = typeof params?.setpoint?.value === 'number' ? params.setpoint.value : undefined;
  return { action: c.action as ControlAction, value, schedule: scheduleFromParams(c.params) ?? undefined };
}

/** The rules (rules.ts) against the current database for one open selection; null when it may go ahead. */
export async function recheckSelection(db: Db, c: LockedSelection, now = Date.now()): Promise<ControlRefusal | null> {
  const operator = c.user_id === null ? undefined : await repo.operator(db, c.user_id);
  if (!operator) return new ControlRefusal('refused_permission', ErrorCode.Forbidden, { zh: '操作人账号已不存在', en: "The operator's account no longer exists" });
  const d = await repo.device(db, c.device_id);
  if (!d) return new ControlRefusal('refused_not_controllable', ErrorCode.Conflict, { zh: '设备已删除', en: 'The device was deleted' });
  try {
    await evaluateControlRules(db, operator, d, requestOf(c), { selection: { ...c, params: c.params }, now });
    return null;
  } catch (err) {
    if (err instanceof ControlRefusal) return err;
    throw err;
  }
}

/** How the log and the operator are told that a change ended their selection. */
export const cancelledBecause = (r: LocalizedDetail): LocalizedDetail => ({
  zh: `遥控条件已变化，本次选择已取消：${r.zh}`,
  en: `Remote-control conditions changed; the selection was cancelled: ${r.en}`,
});

/** Cancels an open selection a rule now refuses and records why (step `execute` at execute, `cancel` on a change). */
export async function cancelSelection(db: Db, c: LockedSelection, refusal: ControlRefusal, step: 'execute' | 'cancel', ip?: string): Promise<AppError> {
  const reason = cancelledBecause(refusal.reason);
  await repo.closeSelection(db, c.id, 'cancelled', reason.en.slice(0, 500));
  await repo.log(db, { controlCommandId: c.id, projectId: c.project_id, deviceId: c.device_id, userId: c.user_id, step, action: c.action, outcome: refusal.outcome, detail: reason.zh, detailEn: reason.en, ...(ip ? { ip } : {}) });
  return new AppError(refusal.code, reason, refusal.field);
}

/**
 * After a change, in its transaction: every open selection the filter names is locked, checked against the
 * rules as they now stand, and cancelled if refused. Resolves how many were cancelled.
 */
export async function recheckOpenSelections(db: Db, filter: OpenSelectionFilter): Promise<number> {
  let cancelled = 0;
  for (const c of await repo.lockOpenSelections(db, filter)) {
    const refusal = await recheckSelection(db, c);
    if (!refusal || refusal.keepsSelection) continue;
    await cancelSelection(db, c, refusal, 'cancel');
    cancelled++;
  }
  return cancelled;
}

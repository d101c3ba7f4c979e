import { ErrorCode, gatewayTopics, isAuxKind, type ControlAction, type EquipmentSchedule, type Lang } from '@gridops/contract';
import type { Db } from '../../db/database.js';
import { AppError, forbidden } from '../../lib/errors.js';
import { verifyPassword } from '../../lib/password.js';
import { randomSecret } from '../../lib/tokens.js';
import type { AuthUser } from '../../types.js';
import type { AccessService } from '../access/service.js';
import type { LoginLimits } from '../user/loginLimits.js';
import type { AuditService } from '../audit/service.js';
import { auxCommand, auxRemoteEnabled, auxTargets } from './aux.js';
import { scheduleDetail, scheduleFromParams } from './building.js';
import { controlConfigRepository as configRepo } from './configRepository.js';
import type { ControlConfigService } from './configService.js';
import { cancelSelection, recheckOpenSelections, recheckSelection, type LockedSelection } from './recheck.js';
import { controlRepository as repo, type LogEntry } from './repository.js';
import { BREAKER_KINDS, ControlRefusal, evaluateControlRules } from './rules.js';
import { pickLang } from '../../lib/lang.js';

/** How often a waiting execute looks at the database for an answer another instance may have recorded. */
const POLL_MS = 200;

export interface ControlOptions {
  timeoutMs: number;
  selectTtlS: number;
}

type Publish = (topic: string, payload: string) => Promise<void>;

/** Log rows of a command an automation rule sent carry the rule (the operator shown is 自动控制 / Automation). */
const byRule = (ruleId: number | null) => (ruleId === null ? {} : { automationRuleId: ruleId });
const conflict = (zh: string, en: string, field?: string) => new AppError(ErrorCode.Conflict, { zh, en }, field);

/**
 * Remote control with select-before-operate. Pending commands live in control_commands (not only in memory):
 * the gateway's answer may be consumed by another server instance, which records it; the instance that sent
 * the command sees it by polling the row (and at once when the answer arrives at itself).
 */
/** Selections, sends and cancels are recorded in the usage log too, linked to the control command (/CtrlLogs). */
export function createControlService(db: Db, access: AccessService, limits: LoginLimits, opts: ControlOptions, audit: AuditService, config?: ControlConfigService) {
  let publish: Publish | null = null;
  const waiters = new Map<number, () => void>();
  const log = (e: LogEntry) => repo.log(db, e);

  /**
   * A rule refuses an open selection at execute: it ends (cancelled, the reason logged) unless it only waits for
   * a second person's approval; resolves the error the operator gets.
   */
  async function refuse(on: Db, c: LockedSelection, refusal: ControlRefusal, ip: string): Promise<AppError> {
    if (!refusal.keepsSelection) return cancelSelection(on, c, refusal, 'execute', ip);
    await repo.log(on, { controlCommandId: c.id, projectId: c.project_id, deviceId: c.device_id, userId: c.user_id, step: 'execute', action: c.action, outcome: refusal.outcome, ip });
    return refusal;
  }

  async function waitForResult(id: number, deadline: number) {
    for (;;) {
      const s = await repo.status(db, id);
      if (s.status !== 'sent') return s;
      const left = deadline - Date.now();
      if (left <= 0) return null;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.min(POLL_MS, left));
        waiters.set(id, () => {
          clearTimeout(timer);
          resolve();
        });
      });
      waiters.delete(id);
    }
  }

  let breakersChanged = new Set<number>();
  let breakerSweep: Promise<void> | null = null;

  return {
    /**
     * Breaker states the ingest committed: open selections interlocked with these breakers are checked again and
     * cancelled if an interlock now refuses them. One sweep at a time; ids arriving meanwhile go in the next.
     */
    breakerStatesChanged(deviceIds: number[]): Promise<void> {
      for (const id of deviceIds) breakersChanged.add(id);
      breakerSweep ??= (async () => {
        try {
          while (breakersChanged.size > 0) {
            const ids = [...breakersChanged];
            breakersChanged = new Set();
            await db.transaction().execute((trx) => recheckOpenSelections(trx, { interlockedWith: ids }));
          }
        } finally {
          breakerSweep = null;
        }
      })();
      return breakerSweep;
    },

    /** The runtime hands over the bus once it is connected; without it executes end as 'failed'. */
    attach(p: Publish | null) {
      publish = p;
    },

    async targets(user: AuthUser, projectId: number, lang: Lang) {
      await access.assertProject(user, projectId);
      if (!user.canControl) throw forbidden();
      const rows = await repo.targets(db, projectId, BREAKER_KINDS);
      return rows.map((r) => ({
        device_id: r.id,
        room_id: r.room_id,
        name: pickLang(lang, r.name, r.name_en),
        kind: r.kind,
        breaker_closed: r.value === null ? null : r.value >= 0.5,
        ts: r.ts ? r.ts.toISOString() : null,
        gateway_online: r.gateway_online ?? false,
        // The same rule selection applies (rules.ts): no setting row means the site never restricted the breaker.
        controllable: r.controllable ?? true,
        actions: ['open', 'close'] as ControlAction[],
      }));
    },

    /** Auxiliary devices with their state; anyone who sees the site sees them, only control may operate them. */
    async auxTargets(user: AuthUser, projectId: number, lang: Lang) {
      await access.assertProject(user, projectId);
      return auxTargets(db, projectId, lang);
    },

    async select(user: AuthUser, body: { device_id: number; action: ControlAction; value?: number | undefined; schedule?: EquipmentSchedule | undefined }, ip: string, lang: Lang) {
      const d = await repo.device(db, body.device_id);
      if (!d) throw new AppError(ErrorCode.NotFound, { zh: '设备不存在', en: 'Unknown device' }, 'device_id');
      await access.assertProject(user, d.project_id);
      const entry = { controlCommandId: null, projectId: d.project_id, deviceId: d.id, userId: user.id, step: 'select' as const, action: body.action, ip };
      // Every rule of remote control, in one place (rules.ts); execute evaluates the same again.
      let verdict: Awaited<ReturnType<typeof evaluateControlRules>>;
      try {
        verdict = await evaluateControlRules(db, { ...user, enabled: true }, d, body);
      } catch (e) {
        if (e instanceof ControlRefusal) await log({ ...entry, outcome: e.outcome, detail: e.logDetail ?? e.reason.zh, detailEn: e.logDetail ?? e.reason.en });
        throw e;
      }
      const { command, needsApproval } = verdict;
      const aux = command.name !== 'breaker';
      const detail = command.setpoint ? `${command.setpoint.key}=${command.setpoint.value}` : body.action === 'schedule' && body.schedule ? scheduleDetail(body.schedule) : '';
      const selectionId = `s-${randomSecret(12)}`;
      const expiresAt = new Date(Date.now() + opts.selectTtlS * 1000);
      const id = await db.transaction().execute(async (trx) => {
        if (await repo.deviceBusy(trx, d.id)) return null;
        const row = await repo.insertSelection(trx, {
          selectionId,
          projectId: d.project_id,
          deviceId: d.id,
          gatewayId: d.gateway_id!,
          userId: user.id,
          action: body.action,
          command: command.name,
          params: command.params,
          expiresAt,
        });
        if (needsApproval) await configRepo.markNeedsApproval(trx, row.id);
        await repo.log(trx, { ...entry, controlCommandId: row.id, outcome: needsApproval ? 'awaiting_approval' : 'selected', detail });
        await audit.record(trx, {
          kind: 'control',
          action: 'control.select',
          target: { type: 'control_command', id: row.id },
          after: { device_id: d.id, action: body.action, selection_id: selectionId, ...(command.setpoint ? { setpoint: command.setpoint } : {}) },
          projectId: d.project_id,
        });
        return row.id;
      });
      if (id === null) {
        await log({ ...entry, outcome: 'refused_busy' });
        throw conflict('该设备已有进行中的操作', 'Another operation on this device is in progress', 'device_id');
      }
      if (needsApproval) await config?.announceApproval({ projectId: d.project_id, deviceId: d.id, selectionId, userId: user.id });
      const state = aux ? undefined : await repo.breakerState(db, d.id);
      return {
        selection_id: selectionId,
        device_id: d.id,
        device_name: pickLang(lang, d.name, d.name_en),
        action: body.action,
        expires_at: expiresAt.toISOString(),
        breaker_closed: state ? state.value >= 0.5 : null,
        needs_approval: needsApproval,
        setpoint: command.setpoint,
      };
    },

    /**
     * A switch an automation rule asks for (aux-devices/automation.ts): the same command row, log and gateway
     * command as an operator's, without a user (operator 自动控制 / Automation, the rule named in the log). Selected
     * and sent at once: there is no one to confirm. Resolves how it ended.
     */
    async automation(r: { ruleId: number; deviceId: number; action: 'on' | 'off'; detail: string }): Promise<'succeeded' | 'refused' | 'timed_out' | 'failed' | 'busy' | 'not_controllable' | 'offline'> {
      const d = await repo.device(db, r.deviceId);
      if (!d || !isAuxKind(d.kind) || d.gateway_id === null || !d.gateway_sn) return 'not_controllable';
      const entry = { controlCommandId: null, projectId: d.project_id, deviceId: d.id, userId: null, automationRuleId: r.ruleId, step: 'select' as const, action: r.action };
      if (!auxRemoteEnabled(d.props)) {
        await log({ ...entry, outcome: 'refused_not_controllable', detail: r.detail });
        return 'not_controllable';
      }
      if (!d.gateway_online) {
        await log({ ...entry, outcome: 'refused_offline', detail: r.detail });
        return 'offline';
      }
      const command = auxCommand(d, r.action, undefined);
      const commandId = `c-${randomSecret(9)}`;
      const id = await db.transaction().execute(async (trx) => {
        if (await repo.deviceBusy(trx, d.id)) return null;
        const row = await repo.insertSelection(trx, {
          selectionId: `a-${randomSecret(12)}`,
          projectId: d.project_id,
          deviceId: d.id,
          gatewayId: d.gateway_id!,
          userId: null,
          automationRuleId: r.ruleId,
          action: r.action,
          command: 'aux',
          params: command.params,
          expiresAt: new Date(Date.now() + opts.selectTtlS * 1000),
        });
        await repo.log(trx, { ...entry, controlCommandId: row.id, outcome: 'selected', detail: r.detail });
        await repo.markSent(trx, row.id, commandId);
        await repo.log(trx, { ...entry, controlCommandId: row.id, step: 'execute', outcome: 'sent', detail: commandId });
        return row.id;
      });
      if (id === null) {
        await log({ ...entry, outcome: 'refused_busy', detail: r.detail });
        return 'busy';
      }
      const result = { ...entry, controlCommandId: id, step: 'result' as const };
      try {
        if (!publish) throw new Error('no broker connection');
        await publish(gatewayTopics(d.gateway_sn).command, JSON.stringify({ id: commandId, command: 'aux', params: command.params }));
      } catch (err) {
        const msg = err instanceof Error ? err.message : String(err);
        await repo.fail(db, id, msg);
        await log({ ...result, outcome: 'failed', detail: msg });
        return 'failed';
      }
      const s = await waitForResult(id, Date.now() + opts.timeoutMs);
      if (s) return s.status as 'succeeded' | 'refused';
      if (await repo.timeOut(db, id)) {
        await log({ ...result, outcome: 'timed_out', detail: `no answer within ${opts.timeoutMs} ms` });
        return 'timed_out';
      }
      return (await repo.status(db, id)).status as 'succeeded' | 'refused';
    },

    async execute(user: AuthUser, body: { selection_id: string; password: string }, ip: string) {
      const c = await repo.bySelection(db, body.selection_id);
      if (!c || c.user_id !== user.id) throw new AppError(ErrorCode.NotFound, { zh: '选择不存在或已失效', en: 'Unknown selection' }, 'selection_id');
      await access.assertProject(user, c.project_id);
      const entry = { controlCommandId: c.id, projectId: c.project_id, deviceId: c.device_id, userId: user.id, step: 'execute' as const, action: c.action, ip };
      if (!user.canControl) {
        await log({ ...entry, outcome: 'refused_permission' });
        throw forbidden();
      }
      const gone = async (status: string) => {
        // A change cancelled it (rules.ts): the operator is told why, as the control log says it.
        const why = status === 'cancelled' ? await repo.cancelReason(db, c.id) : undefined;
        await log({ ...entry, outcome: 'refused_expired', detail: status });
        if (why) return conflict(why.detail, why.detail_en || why.detail, 'selection_id');
        return conflict('选择已过期或已使用，请重新选择', 'The selection has expired or was used; select again', 'selection_id');
      };
      if (c.status !== 'selected' || c.expires_at.getTime() <= Date.now()) {
        if (c.status === 'selected') await repo.closeSelection(db, c.id, 'expired', null);
        throw await gone(c.status);
      }
      // A first look before the password is asked for: a refused selection ends without costing an attempt, and
      // one waiting for a second person's approval stays open.
      const early = await recheckSelection(db, c);
      if (early) throw await refuse(db, c, early, ip);
      // Guesses of the operator's password count against the login limit of the same username and address.
      try {
        await limits.begin(user.username, ip);
      } catch (err) {
        await repo.closeSelection(db, c.id, 'rejected', 'too many wrong passwords');
        await log({ ...entry, outcome: 'refused_attempts' });
        throw err;
      }
      const hash = await repo.passwordHash(db, user.id);
      if (!hash || !(await verifyPassword(body.password, hash))) {
        // A failed confirmation ends the selection, as select-before-operate requires: select again.
        await repo.closeSelection(db, c.id, 'rejected', 'bad password');
        await log({ ...entry, outcome: 'bad_password' });
        throw new AppError(ErrorCode.BadCredentials, { zh: '操作密码错误，本次选择已取消', en: 'Wrong password; the selection was cancelled' }, 'password');
      }
      await limits.succeeded(user.username, ip);
      const commandId = `c-${randomSecret(9)}`;
      // The claim: the selection row locked, every rule evaluated again against what the database holds now,
      // then marked sent — one transaction, so no change (nor another instance) slips between check and claim.
      // A change that locks the row first cancels it; one that commits after finds it sent.
      const claim = await db.transaction().execute(async (trx): Promise<{ sent: true } | { sent: false; error: AppError | null; status: string }> => {
        const locked = await repo.lockSelection(trx, c.id);
        if (!locked || locked.status !== 'selected' || locked.expires_at.getTime() <= Date.now()) return { sent: false, error: null, status: locked?.status ?? 'gone' };
        const refusal = await recheckSelection(trx, locked);
        if (refusal) return { sent: false, error: await refuse(trx, locked, refusal, ip), status: 'selected' };
        // The password was checked outside the lock (hashing is slow); it must still be the operator's password.
        if ((await repo.passwordHash(trx, user.id)) !== hash) {
          await repo.closeSelection(trx, c.id, 'rejected', 'password changed');
          await repo.log(trx, { ...entry, outcome: 'bad_password', detail: 'password changed' });
          return { sent: false, error: new AppError(ErrorCode.BadCredentials, { zh: '操作密码已变更，本次选择已取消', en: 'The password changed meanwhile; the selection was cancelled' }, 'password'), status: 'rejected' };
        }
        if (!(await repo.markSent(trx, c.id, commandId))) return { sent: false, error: null, status: 'gone' };
        await repo.log(trx, { ...entry, outcome: 'sent', detail: commandId });
        await audit.record(trx, {
          kind: 'control',
          action: 'control.execute',
          target: { type: 'control_command', id: c.id },
          after: { device_id: c.device_id, action: c.action, selection_id: c.selection_id, command_id: commandId },
          projectId: c.project_id,
        });
        return { sent: true };
      });
      if (!claim.sent) throw claim.error ?? (await gone(claim.status));
      const started = Date.now();
      const done = (status: 'succeeded' | 'refused' | 'timed_out' | 'failed', error: string | null) => ({
        selection_id: c.selection_id,
        command_id: commandId,
        status,
        error,
        elapsed_ms: Date.now() - started,
      });
      try {
        if (!publish) throw new Error('no broker connection');
        await publish(gatewayTopics(c.gateway_sn).command, JSON.stringify({ id: commandId, command: c.command, params: c.params }));
      } catch (err) {
        const msg = err instanceof Error ? err.message : String(err);
        await repo.fail(db, c.id, msg);
        await log({ ...entry, step: 'result', outcome: 'failed', detail: msg });
        return done('failed', msg);
      }
      const s = await waitForResult(c.id, started + opts.timeoutMs);
      if (s) return done(s.status as 'succeeded' | 'refused', s.error);
      if (await repo.timeOut(db, c.id)) {
        await log({ ...entry, step: 'result', outcome: 'timed_out', detail: `no answer within ${opts.timeoutMs} ms` });
        return done('timed_out', null);
      }
      // The answer arrived between the last look and the time-out claim.
      const last = await repo.status(db, c.id);
      return done(last.status as 'succeeded' | 'refused', last.error);
    },

    async cancel(user: AuthUser, selectionId: string, ip: string) {
      const c = await repo.bySelection(db, selectionId);
      if (!c || c.user_id !== user.id) throw new AppError(ErrorCode.NotFound, { zh: '选择不存在或已失效', en: 'Unknown selection' }, 'selection_id');
      const r = await repo.closeSelection(db, c.id, 'cancelled', null);
      const cancelled = Number(r.numUpdatedRows) > 0;
      if (cancelled) {
        await log({ controlCommandId: c.id, projectId: c.project_id, deviceId: c.device_id, userId: user.id, step: 'cancel', action: c.action, outcome: 'cancelled', ip });
        await audit.record(db, { kind: 'control', action: 'control.cancel', target: { type: 'control_command', id: c.id }, after: { device_id: c.device_id, action: c.action }, projectId: c.project_id });
      }
      return { cancelled };
    },

    /** A gateway's …/command/result. Records the answer once (whichever instance receives it). */
    async onResult(gatewaySn: string, payload: Buffer): Promise<void> {
      let msg: { id?: unknown; ok?: unknown; error?: unknown };
      try {
        msg = JSON.parse(payload.toString('utf8')) as typeof msg;
      } catch {
        return;
      }
      if (!msg || typeof msg.id !== 'string' || typeof msg.ok !== 'boolean') return;
      const error = typeof msg.error === 'string' ? msg.error.slice(0, 500) : null;
      const row = await repo.resolve(db, gatewaySn, msg.id, msg.ok, error);
      if (row) {
        // A schedule the unit took is now its configured schedule (BuildAirSet shows it; version moves on).
        if (row.action === 'schedule' && row.status === 'succeeded') {
          const schedule = scheduleFromParams(await repo.commandParams(db, row.id));
          if (schedule) await repo.saveBuildingSchedule(db, row.device_id, schedule);
        }
        await log({ controlCommandId: row.id, projectId: row.project_id, deviceId: row.device_id, userId: row.user_id, ...byRule(row.automation_rule_id), step: 'result', action: row.action, outcome: row.status, detail: error ?? '' });
        waiters.get(row.id)?.();
        return;
      }
      const late = await repo.byCommandId(db, gatewaySn, msg.id);
      if (late) {
        // After a time-out the breaker may still have operated: the log must say so.
        await log({
          controlCommandId: late.id,
          projectId: late.project_id,
          deviceId: late.device_id,
          userId: late.user_id,
          ...byRule(late.automation_rule_id),
          step: 'late_result',
          action: late.action,
          outcome: msg.ok ? 'succeeded' : 'refused',
          detail: `answer after ${late.status}${error ? `: ${error}` : ''}`,
        });
      }
    },

    async logList(user: AuthUser, q: { project_id?: number | undefined; device_id?: number | undefined; from?: string | undefined; to?: string | undefined; page: number; size: number }, lang: Lang) {
      const projectIds = q.project_id ? (await access.assertProject(user, q.project_id), [q.project_id]) : (await access.scope(user)).projectIds;
      const { total, rows } = await repo.logPage(db, { projectIds, deviceId: q.device_id, from: q.from ? new Date(q.from) : undefined, to: q.to ? new Date(q.to) : undefined }, (q.page - 1) * q.size, q.size);
      return {
        total,
        list: rows.map((r) => ({
          id: r.id,
          at: r.at.toISOString(),
          project_id: r.project_id,
          project_name: pickLang(lang, r.project_name, r.project_name_en),
          device_id: r.device_id,
          device_name: pickLang(lang, r.device_name, r.device_name_en),
          user_name: r.user_name === null ? null : pickLang(lang, r.user_name, r.user_name_en),
          step: r.step,
          action: r.action,
          outcome: r.outcome,
          detail: lang === 'en' && r.detail_en ? r.detail_en : r.detail,
          selection_id: r.selection_id,
          automation: r.automation,
          automation_rule: r.automation ? (r.rule_name === null ? null : pickLang(lang, r.rule_name, r.rule_name_en)) : null,
        })),
      };
    },
  };
}

export type ControlService = ReturnType<typeof createControlService>;

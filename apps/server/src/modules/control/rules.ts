import { isDeepStrictEqual } from 'node:util';
import { DEFAULT_SITE_ZONE, formatInZone } from '@gridops/format';
import { ErrorCode, isAuxKind, isBuildingSwitched, type ControlAction, type EquipmentSchedule, type Permission } from '@gridops/contract';
import type { Db } from '../../db/database.js';
import { AppError, type LocalizedDetail } from '../../lib/errors.js';
import type { AuthUser } from '../../types.js';
import { createAccessService, missingPermission } from '../access/service.js';
import { auxCommand, auxRemoteEnabled } from './aux.js';
import { buildingCommand } from './building.js';
import { controlConfigRepository as configRepo } from './configRepository.js';
import type { controlRepository } from './repository.js';

/**
 * THE rules of remote control (docs/control-config.md, docs/security.md "Remote control: checked at select and
 * again at execute"): one function, evaluated when a selection is granted and again, against the current
 * database, inside the transaction that claims the selection for sending, and whenever the configuration, a
 * breaker's state or an operator changes while selections are open.
 */

/** Devices with a breaker the gateways can operate (the `breaker` command). */
export const BREAKER_KINDS = ['incomer', 'feeder'];

/**
 * A refusal by a control rule, with the control-log outcome it is recorded as. `keepsSelection`: the selection
 * stays open (it waits for a second person's approval); every other refusal of an open selection ends it.
 */
export class ControlRefusal extends AppError {
  constructor(
    readonly outcome: string,
    code: ErrorCode,
    reason: LocalizedDetail,
    field = 'device_id',
    readonly keepsSelection = false,
    /** What the control log's detail says instead of the reason (the refused set-point value). */
    readonly logDetail?: string,
  ) {
    super(code, reason, field);
  }

  get reason(): LocalizedDetail {
    return this.detail ?? { zh: '', en: '' };
  }
}

const refusal = (outcome: string, code: ErrorCode, zh: string, en: string, field?: string) => new ControlRefusal(outcome, code, { zh, en }, field);

/** A breaker's line voltage (kV) from its props: `voltage_kv`, or the phase `voltage_v` × √3; null when unknown. */
export function breakerVoltageKv(props: unknown, measuredPhaseV: number | null = null): number | null {
  const p = props !== null && typeof props === 'object' ? (props as Record<string, unknown>) : {};
  if (typeof p.voltage_kv === 'number' && Number.isFinite(p.voltage_kv)) return p.voltage_kv;
  if (typeof p.voltage_v === 'number' && Number.isFinite(p.voltage_v)) return lineKv(p.voltage_v);
  // A breaker added from the console has no declared voltage: its telemetry's phase voltage tells the level.
  if (measuredPhaseV !== null && Number.isFinite(measuredPhaseV) && measuredPhaseV > 0) return lineKv(measuredPhaseV);
  return null;
}

/** Line voltage in kV from a phase voltage in V, to 10 V. */
const lineKv = (phaseV: number) => Math.round((phaseV * Math.sqrt(3)) / 10) / 100;

/** The site's "two-person rule above N kV" covers this breaker; an unknown voltage counts as above (fail safe). */
export const aboveSiteVoltage = (aboveKv: number | null, kv: number | null) => aboveKv !== null && (kv === null || kv > aboveKv);

/** Whether the site-time `hhmm` lies in [start, end) — a window past midnight (22:00–06:00) wraps. */
export function inWindow(hhmm: string, start: string, end: string): boolean {
  if (start === end) return true;
  return start < end ? hhmm >= start && hhmm < end : hhmm >= start || hhmm < end;
}

/** Who operates, as the rules read it: at execute and on a change, loaded again from the database. */
export type ControlOperator = Pick<AuthUser, 'id' | 'orgId' | 'userType' | 'permissions'> & { enabled: boolean };

export type ControlDevice = NonNullable<Awaited<ReturnType<(typeof controlRepository)['device']>>>;

export interface ControlRequest {
  action: ControlAction;
  value?: number | undefined;
  schedule?: EquipmentSchedule | undefined;
}

/** An open selection being checked again (execute, or a change while it is open). */
export interface OpenSelection {
  gateway_id: number;
  command: string;
  params: unknown;
  needs_approval: boolean;
  approved_by: number | null;
}

export interface ControlCommand {
  name: 'breaker' | 'aux' | 'building';
  params: object;
  setpoint: { key: string; value: number } | null;
}

/**
 * Every rule a selection must pass, in the order select has always checked them: the operator (enabled, the
 * control permission, the site in scope), the device (operable, its gateway online, the action and set-point
 * within limits, an auxiliary device open to remote control), and for breakers the site's configuration
 * (controllable, allowed users and roles, blocked periods in site time, interlocks on the other breakers'
 * current states, the two-person rule). Throws a ControlRefusal; resolves the gateway command and whether a
 * second person must approve. With `selection`, also that the command is still the one selected and that the
 * two-person rule is met by it. All reads go through `db` (the caller's transaction at execute).
 */
export async function evaluateControlRules(db: Db, operator: ControlOperator, d: ControlDevice, req: ControlRequest, opts: { selection?: OpenSelection; now?: number } = {}): Promise<{ command: ControlCommand; needsApproval: boolean }> {
  if (!operator.enabled) throw refusal('refused_permission', ErrorCode.Forbidden, '该账号已停用', 'This account is disabled');
  if (!operator.permissions.includes('control' satisfies Permission)) {
    const missing = missingPermission('control');
    throw new ControlRefusal('refused_permission', missing.code, missing.detail ?? { zh: '', en: '' });
  }
  try {
    await createAccessService(db).assertProject(operator, d.project_id);
  } catch {
    throw refusal('refused_permission', ErrorCode.Forbidden, '您已无权访问该站点', 'You no longer have access to this site');
  }
  const building = isBuildingSwitched(d.kind);
  // Auxiliary devices and building equipment switch and take set-points; the rest are breakers.
  const aux = isAuxKind(d.kind) || building;
  if ((!aux && !BREAKER_KINDS.includes(d.kind)) || d.gateway_id === null || !d.gateway_sn) {
    throw refusal('refused_not_controllable', ErrorCode.Validation, '该设备没有可遥控的断路器', 'This device has no remotely operable breaker', 'device_id');
  }
  if (!aux && req.action !== 'open' && req.action !== 'close') {
    throw refusal('refused_not_controllable', ErrorCode.Validation, '断路器只能分闸或合闸', 'A breaker can only be opened or closed', 'action');
  }
  let command: ControlCommand;
  try {
    command = building
      ? { name: 'building', ...(await buildingCommand(db, d, req.action, req.value, req.schedule)) }
      : aux
        ? { name: 'aux', ...auxCommand(d, req.action, req.value) }
        : { name: 'breaker', params: { device_sn: d.sn, close: req.action === 'close' }, setpoint: null };
  } catch (err) {
    if (!(err instanceof AppError) || !err.detail) throw err;
    throw new ControlRefusal('refused_out_of_range', err.code, err.detail, err.field, false, req.value === undefined ? '' : String(req.value));
  }
  if (aux && !auxRemoteEnabled(d.props)) {
    throw refusal('refused_not_controllable', ErrorCode.Conflict, '该辅助设备未开放遥控（辅助设备设置）', 'This auxiliary device is not open to remote control (auxiliary device settings)');
  }
  if (!d.gateway_online) throw refusal('refused_offline', ErrorCode.Conflict, '设备所在网关离线，不能遥控', "The device's gateway is offline");
  if (opts.selection && (opts.selection.gateway_id !== d.gateway_id || opts.selection.command !== command.name || !isDeepStrictEqual(opts.selection.params, command.params))) {
    // The device was moved to another gateway or renamed on it: the selected command would reach the wrong place.
    // (Compared as values: jsonb keeps its own key order.)
    throw refusal('refused_not_controllable', ErrorCode.Conflict, '设备的网关或编号在选择后已变更', "The device's gateway or serial number changed after the selection");
  }
  // The site's remote-control configuration configures breakers; auxiliary devices need the rules above only.
  const needsApproval = !aux ? await breakerRules(db, operator, d, req.action as 'open' | 'close', opts.now ?? Date.now()) : false;
  const s = opts.selection;
  if (s && needsApproval && !s.needs_approval) {
    throw refusal('refused_two_person', ErrorCode.Conflict, '该断路器在选择后改为须双人确认，请重新选择并等待另一位授权人员批准', 'The two-person rule now applies to this breaker; select again and have another authorised user approve');
  }
  if (s && needsApproval && s.approved_by === null) {
    throw new ControlRefusal('refused_approval', ErrorCode.Conflict, { zh: '须等待另一位授权人员批准（双人确认）后才能执行', en: 'Another authorised user must approve this selection first (two-person rule)' }, 'selection_id', true);
  }
  return { command, needsApproval };
}

/** The breaker rules of the site's configuration; resolves whether a second person must approve. */
async function breakerRules(db: Db, operator: ControlOperator, d: ControlDevice, action: 'open' | 'close', now: number): Promise<boolean> {
  const s = await configRepo.setting(db, d.id);
  if (s && !s.controllable) throw refusal('refused_not_controllable', ErrorCode.Conflict, '该断路器未开放遥控（遥控配置）', 'This breaker is not open to remote control (remote-control settings)');
  if (s && s.user_ids.length > 0 && !s.user_ids.includes(operator.id)) throw refusal('refused_permission', ErrorCode.Conflict, '您不在该断路器的遥控授权人员之列', 'You are not among the users allowed to operate this breaker');
  if (s && s.role_types.length > 0 && !s.role_types.includes(operator.userType)) throw refusal('refused_permission', ErrorCode.Conflict, '您的角色不在该断路器允许遥控的角色之列', 'Your role is not among the roles allowed to operate this breaker');
  const p = await configRepo.project(db, d.project_id);
  const wc = formatInZone(now, p?.timezone ?? DEFAULT_SITE_ZONE, 'HH:mm');
  for (const b of await configRepo.blocks(db, d.project_id)) {
    if (inWindow(wc, b.start_hhmm, b.end_hhmm))
      throw refusal('refused_blocked', ErrorCode.Conflict, `当前处于禁止遥控时段「${b.name}」（站点时间 ${b.start_hhmm}–${b.end_hhmm}）`, `Remote control is blocked now: "${b.name_en || b.name}" (site time ${b.start_hhmm}–${b.end_hhmm})`);
  }
  for (const i of await configRepo.interlocksOf(db, d.id, action)) {
    const closed = i.value === null ? null : i.value >= 0.5;
    // An unknown state of the other breaker blocks too: an interlock must fail safe.
    if (closed === null || closed === i.other_closed) {
      const zhState = closed === null ? '状态未知' : i.other_closed ? '合闸' : '分闸';
      const enState = closed === null ? 'in an unknown state' : i.other_closed ? 'closed' : 'open';
      throw refusal('refused_interlock', ErrorCode.Conflict, `联锁「${i.name}」：${i.other_name}${zhState}时不能${action === 'close' ? '合闸' : '分闸'}`, `Interlock "${i.name_en || i.name}": cannot ${action} while ${i.other_name_en || i.other_name} is ${enState}`);
    }
  }
  const site = await configRepo.site(db, d.project_id);
  const aboveKv = site?.two_person_above_kv ?? null;
  if (s?.two_person || aboveKv === null) return s?.two_person ?? false;
  const [measured] = await configRepo.phaseVoltages(db, [d.id]);
  return aboveSiteVoltage(aboveKv, breakerVoltageKv(d.props, measured?.value ?? null));
}

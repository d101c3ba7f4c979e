import { sql } from 'kysely';
import { normalisePermissions } from '@gridops/contract';
import type { Db } from '../../db/database.js';

export interface LogEntry {
  controlCommandId: number | null;
  projectId: number;
  deviceId: number | null;
  userId: number | null;
  /** Set when an automation rule wrote the row (operator 自动控制 / Automation). */
  automationRuleId?: number | null;
  step: 'select' | 'execute' | 'result' | 'cancel' | 'late_result';
  action: string;
  outcome: string;
  /** In Chinese, or the same in both languages (a command id, a set-point). */
  detail?: string;
  /** The detail in English when it differs (a reason naming an interlock, a blocked period…). */
  detailEn?: string;
  ip?: string;
}

/** Filters of the open selections checked again after a change (rules.ts; null-free: at least one is set). */
export interface OpenSelectionFilter {
  projectId?: number;
  deviceId?: number;
  userId?: number;
  /** Selections on breakers with an interlock on one of these devices (their state changed). */
  interlockedWith?: number[];
}

const openSelectionColumns = ['c.id', 'c.selection_id', 'c.project_id', 'c.device_id', 'c.gateway_id', 'c.user_id', 'c.action', 'c.command', 'c.params', 'c.status', 'c.expires_at', 'c.needs_approval', 'c.approved_by'] as const;

const commandColumns = ['c.id', 'c.selection_id', 'c.command_id', 'c.project_id', 'c.device_id', 'c.gateway_id', 'c.user_id', 'c.action', 'c.command', 'c.params', 'c.status', 'c.error'] as const;

export const controlRepository = {
  device: (db: Db, deviceId: number) =>
    db
      .selectFrom('devices as d')
      .leftJoin('gateways as g', 'g.id', 'd.gateway_id')
      .select(['d.id', 'd.project_id', 'd.room_id', 'd.sn', 'd.kind', 'd.name', 'd.name_en', 'd.props', 'd.gateway_id', 'g.sn as gateway_sn', 'g.online as gateway_online'])
      .where('d.id', '=', deviceId)
      .executeTakeFirst(),

  /** Breaker devices of a project with their latest breaker state. */
  targets: (db: Db, projectId: number, kinds: string[]) =>
    db
      .selectFrom('devices as d')
      .leftJoin('gateways as g', 'g.id', 'd.gateway_id')
      .leftJoin('device_points as p', (j) => j.onRef('p.device_id', '=', 'd.id').on('p.key', '=', 'breaker'))
      .leftJoin('point_latest as l', 'l.point_id', 'p.id')
      .leftJoin('control_settings as s', 's.device_id', 'd.id')
      .select(['d.id', 'd.room_id', 'd.kind', 'd.name', 'd.name_en', 'g.online as gateway_online', 'l.value', 'l.ts', 's.controllable'])
      .where('d.project_id', '=', projectId)
      .where('d.kind', 'in', kinds)
      .orderBy('d.sort')
      .orderBy('d.id')
      .execute(),

  /** Auxiliary devices of a project with their room and every point's latest value (one row per point). */
  auxPoints: (db: Db, projectId: number, kinds: readonly string[]) =>
    db
      .selectFrom('devices as d')
      .leftJoin('gateways as g', 'g.id', 'd.gateway_id')
      .leftJoin('rooms as r', 'r.id', 'd.room_id')
      .leftJoin('device_points as p', 'p.device_id', 'd.id')
      .leftJoin('point_latest as l', 'l.point_id', 'p.id')
      .select(['d.id', 'd.room_id', 'r.name as room_name', 'r.name_en as room_name_en', 'd.kind', 'd.name', 'd.name_en', 'd.props', 'g.online as gateway_online', 'p.key', 'p.name as point_name', 'p.name_en as point_name_en', 'p.unit', 'l.value', 'l.ts'])
      .where('d.project_id', '=', projectId)
      .where('d.kind', 'in', [...kinds])
      .orderBy('r.sort')
      .orderBy('d.sort')
      .orderBy('d.id')
      .execute(),

  /** The BuildAirSet entry of a device (its set-point limits). */
  buildingSpec: async (db: Db, deviceId: number) => (await db.selectFrom('building_equipment').select('spec').where('device_id', '=', deviceId).executeTakeFirst())?.spec,

  breakerState: (db: Db, deviceId: number) =>
    db
      .selectFrom('device_points as p')
      .innerJoin('point_latest as l', 'l.point_id', 'p.id')
      .select(['l.value', 'l.ts'])
      .where('p.device_id', '=', deviceId)
      .where('p.key', '=', 'breaker')
      .executeTakeFirst(),

  /** The operator as the rules read them, from the database (execute, or a change while a selection is open). */
  operator: async (db: Db, userId: number) => {
    const u = await db.selectFrom('users').select(['id', 'org_id', 'user_type', 'permissions', 'enabled']).where('id', '=', userId).executeTakeFirst();
    return u && { id: u.id, orgId: u.org_id, userType: u.user_type as 0 | 1 | 2, permissions: normalisePermissions(u.permissions), enabled: u.enabled };
  },

  passwordHash: async (db: Db, userId: number) => (await db.selectFrom('users').select('password_hash').where('id', '=', userId).executeTakeFirst())?.password_hash,

  /** Expires stale selections of a device, then tells whether one is still open (selected or awaiting a result). */
  async deviceBusy(db: Db, deviceId: number): Promise<boolean> {
    await db.updateTable('control_commands').set({ status: 'expired', finished_at: sql`now()` }).where('device_id', '=', deviceId).where('status', '=', 'selected').where('expires_at', '<=', sql<Date>`now()`).execute();
    const open = await db.selectFrom('control_commands').select('id').where('device_id', '=', deviceId).where('status', 'in', ['selected', 'sent']).forUpdate().executeTakeFirst();
    return !!open;
  },

  insertSelection: (db: Db, v: { selectionId: string; projectId: number; deviceId: number; gatewayId: number; userId: number | null; automationRuleId?: number; action: string; command: string; params: object; expiresAt: Date }) =>
    db
      .insertInto('control_commands')
      .values({
        selection_id: v.selectionId,
        project_id: v.projectId,
        device_id: v.deviceId,
        gateway_id: v.gatewayId,
        user_id: v.userId,
        automation_rule_id: v.automationRuleId ?? null,
        action: v.action,
        command: v.command,
        params: JSON.stringify(v.params),
        expires_at: v.expiresAt,
        error: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow(),

  bySelection: (db: Db, selectionId: string) =>
    db
      .selectFrom('control_commands as c')
      .innerJoin('gateways as g', 'g.id', 'c.gateway_id')
      .select([...commandColumns, 'c.expires_at', 'c.needs_approval', 'c.approved_by', 'g.sn as gateway_sn'])
      .where('c.selection_id', '=', selectionId)
      .executeTakeFirst(),

  /**
   * Open selections matching the filter, locked (FOR UPDATE) in id order until the caller's transaction ends: an
   * execute claiming one waits, and then finds it cancelled or still valid (rules.ts).
   */
  lockOpenSelections: (db: Db, f: OpenSelectionFilter) => {
    let q = db
      .selectFrom('control_commands as c')
      .select(openSelectionColumns)
      .where('c.status', '=', 'selected')
      .where('c.user_id', 'is not', null)
      .where('c.expires_at', '>', sql<Date>`now()`);
    if (f.projectId !== undefined) q = q.where('c.project_id', '=', f.projectId);
    if (f.deviceId !== undefined) q = q.where('c.device_id', '=', f.deviceId);
    if (f.userId !== undefined) q = q.where('c.user_id', '=', f.userId);
    if (f.interlockedWith !== undefined) {
      const others = f.interlockedWith.length ? f.interlockedWith : [0];
      q = q.where((eb) => eb.exists(eb.selectFrom('control_interlocks as i').select('i.id').whereRef('i.device_id', '=', 'c.device_id').whereRef('i.action', '=', 'c.action').where('i.other_device_id', 'in', others)));
    }
    return q.orderBy('c.id').forUpdate().execute();
  },

  /** One selection, locked (FOR UPDATE) until the caller's transaction ends: the claim of execute. */
  lockSelection: (db: Db, id: number) => db.selectFrom('control_commands as c').select(openSelectionColumns).where('c.id', '=', id).forUpdate().executeTakeFirst(),

  /** Why a selection was cancelled by a change, as the control log recorded it (zh, en). */
  cancelReason: (db: Db, commandId: number) =>
    db.selectFrom('control_log').select(['detail', 'detail_en']).where('control_command_id', '=', commandId).where('step', 'in', ['cancel', 'execute']).where('outcome', 'like', 'refused_%').orderBy('id', 'desc').executeTakeFirst(),

  /** Ends a selection that is still open (cancel, expiry, wrong password). */
  closeSelection: (db: Db, id: number, status: 'cancelled' | 'expired' | 'rejected', error: string | null) =>
    db.updateTable('control_commands').set({ status, error, finished_at: sql`now()` }).where('id', '=', id).where('status', '=', 'selected').executeTakeFirst(),

  /** Claims the selection for sending exactly once (two clicks, two instances: one command). */
  markSent: (db: Db, id: number, commandId: string) =>
    db
      .updateTable('control_commands')
      .set({ status: 'sent', command_id: commandId, sent_at: sql`now()` })
      .where('id', '=', id)
      .where('status', '=', 'selected')
      .where('expires_at', '>', sql<Date>`now()`)
      .returning('id')
      .executeTakeFirst(),

  /** Records a gateway's answer if the command still waits for one; returns the command (or undefined if late/unknown). */
  /** The parameters a command was sent with. */
  commandParams: async (db: Db, id: number) => (await db.selectFrom('control_commands').select('params').where('id', '=', id).executeTakeFirst())?.params,

  /** Stores the schedule a building unit took as its configured one (the building sets' entry, version + 1). */
  saveBuildingSchedule: (db: Db, deviceId: number, schedule: unknown) =>
    db
      .updateTable('building_equipment')
      .set((eb) => ({ spec: sql`jsonb_set(${eb.ref('spec')}, '{schedule}', ${JSON.stringify(schedule)}::jsonb)`, version: eb('version', '+', 1) }))
      .where('device_id', '=', deviceId)
      .execute(),

  async resolve(db: Db, gatewaySn: string, commandId: string, ok: boolean, error: string | null) {
    const r = await sql<{ id: number; project_id: number; device_id: number; user_id: number | null; automation_rule_id: number | null; action: string; status: string }>`
      UPDATE control_commands c SET status = ${ok ? 'succeeded' : 'refused'}, error = ${error}, finished_at = now()
      FROM gateways g
      WHERE g.id = c.gateway_id AND g.sn = ${gatewaySn} AND c.command_id = ${commandId} AND c.status = 'sent'
      RETURNING c.id, c.project_id, c.device_id, c.user_id, c.automation_rule_id, c.action, c.status`.execute(db);
    return r.rows[0];
  },

  /** A command of this gateway by its id, whatever its state (for late answers). */
  byCommandId: (db: Db, gatewaySn: string, commandId: string) =>
    db
      .selectFrom('control_commands as c')
      .innerJoin('gateways as g', 'g.id', 'c.gateway_id')
      .select(['c.id', 'c.project_id', 'c.device_id', 'c.user_id', 'c.automation_rule_id', 'c.action', 'c.status'])
      .where('g.sn', '=', gatewaySn)
      .where('c.command_id', '=', commandId)
      .executeTakeFirst(),

  status: (db: Db, id: number) => db.selectFrom('control_commands').select(['status', 'error']).where('id', '=', id).executeTakeFirstOrThrow(),

  timeOut: (db: Db, id: number) =>
    db.updateTable('control_commands').set({ status: 'timed_out', finished_at: sql`now()` }).where('id', '=', id).where('status', '=', 'sent').returning('id').executeTakeFirst(),

  fail: (db: Db, id: number, error: string) =>
    db.updateTable('control_commands').set({ status: 'failed', error, finished_at: sql`now()` }).where('id', '=', id).where('status', '=', 'sent').execute(),

  log: (db: Db, e: LogEntry) =>
    db
      .insertInto('control_log')
      .values({
        control_command_id: e.controlCommandId,
        project_id: e.projectId,
        device_id: e.deviceId,
        user_id: e.userId,
        step: e.step,
        action: e.action,
        outcome: e.outcome,
        detail: e.detail ?? '',
        detail_en: e.detailEn ?? '',
        ip: e.ip ?? '',
        automation: e.automationRuleId !== undefined,
        automation_rule_id: e.automationRuleId ?? null,
      })
      .execute(),

  async logPage(db: Db, f: { projectIds: number[]; deviceId?: number | undefined; from?: Date | undefined; to?: Date | undefined }, offset: number, limit: number) {
    if (f.projectIds.length === 0) return { total: 0, rows: [] };
    let q = db
      .selectFrom('control_log as l')
      .innerJoin('projects as p', 'p.id', 'l.project_id')
      .leftJoin('devices as d', 'd.id', 'l.device_id')
      .leftJoin('users as u', 'u.id', 'l.user_id')
      .leftJoin('control_commands as c', 'c.id', 'l.control_command_id')
      .leftJoin('aux_automation_rules as ar', 'ar.id', 'l.automation_rule_id')
      .where('l.project_id', 'in', f.projectIds);
    if (f.deviceId !== undefined) q = q.where('l.device_id', '=', f.deviceId);
    if (f.from) q = q.where('l.at', '>=', f.from);
    if (f.to) q = q.where('l.at', '<', f.to);
    const [{ n }, rows] = await Promise.all([
      q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      q
        .select(['l.id', 'l.at', 'l.project_id', 'p.name as project_name', 'p.name_en as project_name_en', 'l.device_id', 'd.name as device_name', 'd.name_en as device_name_en', 'u.name as user_name', 'u.name_en as user_name_en', 'l.step', 'l.action', 'l.outcome', 'l.detail', 'l.detail_en', 'c.selection_id', 'l.automation', 'ar.name as rule_name', 'ar.name_en as rule_name_en'])
        .orderBy('l.at', 'desc')
        .orderBy('l.id', 'desc')
        .offset(offset)
        .limit(limit)
        .execute(),
    ]);
    return { total: Number(n), rows };
  },
};

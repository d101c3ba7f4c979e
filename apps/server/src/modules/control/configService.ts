import { clientTopics, ErrorCode, type MessageEnvelope, type ControlApproval, type ControlBlockedPeriod, type ControlBreakerSetting, type ControlConfig, type ControlInterlock } from '@gridops/contract';
import type { Db } from '../../db/database.js';
import { AppError, forbidden, notFound } from '../../lib/errors.js';
import type { AuthUser } from '../../types.js';
import type { AccessService } from '../access/service.js';
import type { AuditService } from '../audit/service.js';
import { controlConfigRepository as repo } from './configRepository.js';
import { recheckOpenSelections } from './recheck.js';
import { aboveSiteVoltage, BREAKER_KINDS, breakerVoltageKv } from './rules.js';

const invalid = (field: string, zh: string, en: string) => new AppError(ErrorCode.Validation, { zh, en }, field);

export { BREAKER_KINDS, breakerVoltageKv, aboveSiteVoltage, inWindow } from './rules.js';

/**
 * Remote-control configuration (docs/control-config.md): controllable, by whom, blocked periods (site time),
 * interlocks, the two-person rule. The rules themselves are evaluated in rules.ts (at select and again at
 * execute); every change that can make them refuse checks the open selections again in its own transaction
 * and cancels the refused ones, with the reason in the control log.
 */
export function createControlConfigService(db: Db, access: AccessService, audit: AuditService) {
  async function orgPath(orgId: number): Promise<number[]> {
    const path: number[] = [];
    for (let id: number | null = orgId; id !== null && path.length < 20; id = await repo.orgParent(db, id)) path.push(id);
    return path;
  }

  async function breakerOf(user: AuthUser, deviceId: number) {
    const d = await repo.device(db, deviceId);
    if (!d) throw notFound();
    await access.assertCanConfigure(user, d.project_id);
    if (!BREAKER_KINDS.includes(d.kind)) throw invalid('device_id', '该设备没有可遥控的断路器', 'This device has no remotely operable breaker');
    return d;
  }

  const toBreaker = (r: Awaited<ReturnType<typeof repo.breakers>>[number], aboveKv: number | null, measured: Map<number, number>): ControlBreakerSetting => {
    const kv = breakerVoltageKv(r.props, measured.get(r.id) ?? null);
    return {
      device_id: r.id,
      name: r.name,
      name_en: r.name_en,
      kind: r.kind,
      controllable: r.controllable ?? true,
      user_ids: r.user_ids ?? [],
      role_types: r.role_types ?? [],
      two_person: r.two_person ?? false,
      voltage_kv: kv,
      two_person_effective: (r.two_person ?? false) || aboveSiteVoltage(aboveKv, kv),
      version: r.version ?? 0,
    };
  };
  const measuredVoltages = async (ids: number[]) => new Map((await repo.phaseVoltages(db, ids)).map((v) => [v.device_id, v.value]));
  const siteOf = async (projectId: number) => {
    const s = await repo.site(db, projectId);
    return { two_person_above_kv: s?.two_person_above_kv ?? null, version: s?.version ?? 0 };
  };
  let publish: ((topic: string, payload: string) => Promise<void>) | null = null;
  /** Live message to users' own topics (as work-order assignments are pushed); a lost push only costs a refresh. */
  async function tell(users: { id: number; org_id: number }[], data: Record<string, unknown>) {
    if (!publish || users.length === 0) return;
    const payload = JSON.stringify({ command: 'control_approval', data, timestamp: Date.now() } satisfies MessageEnvelope);
    const p = publish;
    await Promise.all(users.map((u) => p(clientTopics(u.org_id, u.id).message, payload))).catch(() => undefined);
  }
  /** Who may operate the breaker: the control users of the site, narrowed by its allowed users and roles. */
  async function allowedOperators(projectId: number, deviceId: number) {
    const p = await repo.project(db, projectId);
    const s = await repo.setting(db, deviceId);
    const users = await repo.controlUsers(db, projectId, await orgPath(p!.org_id));
    return users.filter((u) => (!s || s.user_ids.length === 0 || s.user_ids.includes(u.id)) && (!s || s.role_types.length === 0 || s.role_types.includes(u.user_type)));
  }
  const toBlock = (b: { id: number; name: string; name_en: string; start_hhmm: string; end_hhmm: string }): ControlBlockedPeriod => ({ id: b.id, name: b.name, name_en: b.name_en, start: b.start_hhmm, end: b.end_hhmm });
  const toInterlock = (i: { id: number; device_id: number; action: 'open' | 'close'; other_device_id: number; other_closed: boolean; name: string; name_en: string }): ControlInterlock => ({
    id: i.id,
    device_id: i.device_id,
    action: i.action,
    other_device_id: i.other_device_id,
    other_closed: i.other_closed,
    name: i.name,
    name_en: i.name_en,
  });

  return {
    async get(user: AuthUser, projectId: number): Promise<ControlConfig> {
      await access.assertCanConfigure(user, projectId);
      const p = await repo.project(db, projectId);
      if (!p) throw notFound();
      const [breakers, users, blocks, interlocks, site] = await Promise.all([repo.breakers(db, projectId, BREAKER_KINDS), repo.controlUsers(db, projectId, await orgPath(p.org_id)), repo.blocks(db, projectId), repo.interlocks(db, projectId), siteOf(projectId)]);
      return {
        breakers: await (async () => {
          const measured = await measuredVoltages(breakers.map((b) => b.id));
          return breakers.map((b) => toBreaker(b, site.two_person_above_kv, measured));
        })(),
        users: users.map((u) => ({ id: u.id, name: u.name, name_en: u.name_en, username: u.username })),
        blocks: blocks.map(toBlock),
        interlocks: interlocks.map(toInterlock),
        timezone: p.timezone,
        site,
      };
    },

    /** The runtime hands over the bus: approvals are pushed live to the users who may give them. */
    attach(p: ((topic: string, payload: string) => Promise<void>) | null) {
      publish = p;
    },

    async saveSite(user: AuthUser, body: { project_id: number; two_person_above_kv: number | null; version: number }) {
      await access.assertCanConfigure(user, body.project_id);
      const before = await repo.site(db, body.project_id);
      return db.transaction().execute(async (trx) => {
        const saved = await repo.saveSite(trx, body.project_id, body.two_person_above_kv, body.version);
        if (!saved) throw new AppError(ErrorCode.Conflict, { zh: '设置已被他人修改，请刷新后再保存', en: 'Someone else saved these settings meanwhile; reload and save again' }, 'version');
        await audit.recordChange(trx, { action: 'controlConfig.site', target: { type: 'project', id: body.project_id }, before: before ?? null, after: saved, projectId: body.project_id });
        await recheckOpenSelections(trx, { projectId: body.project_id });
        return { two_person_above_kv: saved.two_person_above_kv, version: saved.version };
      });
    },

    async saveBreaker(user: AuthUser, deviceId: number, body: { controllable: boolean; user_ids: number[]; role_types: number[]; two_person: boolean; version: number }): Promise<ControlBreakerSetting> {
      const d = await breakerOf(user, deviceId);
      const p = await repo.project(db, d.project_id);
      const allowed = new Set((await repo.controlUsers(db, d.project_id, await orgPath(p!.org_id))).map((u) => u.id));
      if (body.user_ids.some((id) => !allowed.has(id))) throw invalid('user_ids', '只能指定本站点有遥控权限的用户', 'Only users of this site holding the control permission can be named');
      const before = await repo.setting(db, deviceId);
      await db.transaction().execute(async (trx) => {
        const saved = await repo.saveSetting(trx, { deviceId, projectId: d.project_id, controllable: body.controllable, userIds: [...new Set(body.user_ids)], roleTypes: [...new Set(body.role_types)].sort(), twoPerson: body.two_person, version: body.version });
        if (!saved) throw new AppError(ErrorCode.Conflict, { zh: '设置已被他人修改，请刷新后再保存', en: 'Someone else saved these settings meanwhile; reload and save again' }, 'version');
        await audit.recordChange(trx, { action: 'controlConfig.breaker', target: { type: 'device', id: deviceId }, before: before ?? null, after: saved, projectId: d.project_id });
        await recheckOpenSelections(trx, { deviceId });
      });
      return toBreaker((await repo.breakers(db, d.project_id, BREAKER_KINDS)).find((b) => b.id === deviceId)!, (await siteOf(d.project_id)).two_person_above_kv, await measuredVoltages([deviceId]));
    },

    async createBlock(user: AuthUser, body: { project_id: number; name: string; name_en: string; start: string; end: string }): Promise<ControlBlockedPeriod> {
      await access.assertCanConfigure(user, body.project_id);
      if (body.start === body.end) throw invalid('end', '结束时间不能与开始时间相同', 'The end must differ from the start');
      return db.transaction().execute(async (trx) => {
        const b = await repo.insertBlock(trx, { project_id: body.project_id, name: body.name, name_en: body.name_en, start_hhmm: body.start, end_hhmm: body.end });
        await audit.recordChange(trx, { action: 'controlConfig.block.create', target: { type: 'control_block', id: b.id }, before: null, after: b, projectId: body.project_id });
        await recheckOpenSelections(trx, { projectId: body.project_id });
        return toBlock(b);
      });
    },

    async deleteBlock(user: AuthUser, id: number): Promise<null> {
      const b = await repo.block(db, id);
      if (!b) throw notFound();
      await access.assertCanConfigure(user, b.project_id);
      await db.transaction().execute(async (trx) => {
        await repo.deleteBlock(trx, id);
        await audit.recordChange(trx, { action: 'controlConfig.block.delete', target: { type: 'control_block', id }, before: b, after: null, projectId: b.project_id });
      });
      return null;
    },

    async createInterlock(user: AuthUser, body: { project_id: number; device_id: number; action: 'open' | 'close'; other_device_id: number; other_closed: boolean; name: string; name_en: string }): Promise<ControlInterlock> {
      await access.assertCanConfigure(user, body.project_id);
      const breakers = await repo.breakers(db, body.project_id, BREAKER_KINDS);
      if (!breakers.some((b) => b.id === body.device_id)) throw invalid('device_id', '断路器不属于本站点', 'The breaker is not in this site');
      if (!breakers.some((b) => b.id === body.other_device_id)) throw invalid('other_device_id', '联锁断路器不属于本站点', 'The interlocked breaker is not in this site');
      if (body.device_id === body.other_device_id) throw invalid('other_device_id', '联锁须指向另一台断路器', 'An interlock names another breaker');
      return db.transaction().execute(async (trx) => {
        const i = await repo.insertInterlock(trx, body);
        await audit.recordChange(trx, { action: 'controlConfig.interlock.create', target: { type: 'control_interlock', id: i.id }, before: null, after: i, projectId: body.project_id });
        await recheckOpenSelections(trx, { deviceId: body.device_id });
        return toInterlock(i);
      });
    },

    async deleteInterlock(user: AuthUser, id: number): Promise<null> {
      const i = await repo.interlock(db, id);
      if (!i) throw notFound();
      await access.assertCanConfigure(user, i.project_id);
      await db.transaction().execute(async (trx) => {
        await repo.deleteInterlock(trx, id);
        await audit.recordChange(trx, { action: 'controlConfig.interlock.delete', target: { type: 'control_interlock', id }, before: i, after: null, projectId: i.project_id });
      });
      return null;
    },

    markNeedsApproval: (trx: Db, commandId: number) => repo.markNeedsApproval(trx, commandId),

    /** After a selection waiting for approval is committed: tell every other user who may approve it, at once. */
    async announceApproval(c: { projectId: number; deviceId: number; selectionId: string; userId: number }) {
      const approvers = (await allowedOperators(c.projectId, c.deviceId)).filter((u) => u.id !== c.userId);
      await tell(approvers, { kind: 'request', project_id: c.projectId, device_id: c.deviceId, selection_id: c.selectionId });
    },

    async approvals(user: AuthUser, projectId: number): Promise<ControlApproval[]> {
      await access.assertProject(user, projectId);
      if (!user.canControl) throw forbidden();
      return (await repo.pendingApprovals(db, projectId)).map((r) => ({
        selection_id: r.selection_id,
        device_id: r.device_id,
        device_name: r.device_name,
        device_name_en: r.device_name_en,
        action: r.action === 'close' ? 'close' : 'open',
        user_name: r.user_name,
        user_name_en: r.user_name_en,
        expires_at: r.expires_at.toISOString(),
        own: r.user_id === user.id,
      }));
    },

    /** The second person: another user allowed to operate this breaker, with the control permission. */
    async approve(user: AuthUser, selectionId: string): Promise<{ approved: boolean }> {
      const c = await repo.approvalOf(db, selectionId);
      if (!c) throw new AppError(ErrorCode.NotFound, { zh: '选择不存在或已失效', en: 'Unknown selection' }, 'selection_id');
      await access.assertProject(user, c.project_id);
      if (!user.canControl) throw forbidden();
      if (c.user_id === user.id) throw new AppError(ErrorCode.Conflict, { zh: '双人确认须由另一位授权人员批准', en: 'The two-person rule needs another authorised user to approve' }, 'selection_id');
      const s = await repo.setting(db, c.device_id);
      if (s && s.user_ids.length > 0 && !s.user_ids.includes(user.id)) throw new AppError(ErrorCode.Forbidden, { zh: '您不在该断路器的遥控授权人员之列', en: 'You are not among the users allowed to operate this breaker' });
      if (s && s.role_types.length > 0 && !s.role_types.includes(user.userType)) throw new AppError(ErrorCode.Forbidden, { zh: '您的角色不在该断路器允许遥控的角色之列', en: 'Your role is not among the roles allowed to operate this breaker' });
      const ok = (await repo.approve(db, c.id, user.id)) > 0;
      if (!ok) throw new AppError(ErrorCode.Conflict, { zh: '该选择已过期、已批准或不需要批准', en: 'The selection has expired, is approved already or needs no approval' }, 'selection_id');
      await audit.record(db, { kind: 'control', action: 'control.approve', target: { type: 'control_command', id: c.id }, after: { device_id: c.device_id, action: c.action, selection_id: selectionId }, projectId: c.project_id });
      // The operator (and the other approvers, whose card must drop the request) learn it at once.
      const everyone = await allowedOperators(c.project_id, c.device_id);
      await tell(everyone.filter((u) => u.id !== user.id), { kind: 'approved', project_id: c.project_id, device_id: c.device_id, selection_id: selectionId });
      return { approved: true };
    },
  };
}

export type ControlConfigService = ReturnType<typeof createControlConfigService>;

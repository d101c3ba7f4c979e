import { deviceCatalog, DEVICE_KINDS, ErrorCode, type AlarmRule, type AlarmRuleCreateRequest, type AlarmRuleFields, type AlarmRuleList, type AlarmRuleUpdateRequest, type DeviceKind } from '@gridops/contract';
import type { Db } from '../../db/database.js';
import { AppError, notFound } from '../../lib/errors.js';
import type { AuthUser } from '../../types.js';
import type { AccessService } from '../access/service.js';
import type { AuditService } from '../audit/service.js';
import { reevaluateRuleStates } from './engine.js';
import { alarmRepository, type RuleRow } from './repository.js';
import { ruleRepository as repo } from './ruleRepository.js';

export const invalid = (field: string, zh: string, en: string) => new AppError(ErrorCode.Validation, { zh, en }, field);
const SHELVE_MAX_MS = 30 * 86_400_000;
/** Device kinds outside the catalogue that rules name (the inspection robot's readings go through the rules). */
const EXTRA_KINDS: Record<string, { name: string; name_en: string }> = { robot: { name: '巡检机器人', name_en: 'Inspection robot' } };

type ListedRule = Awaited<ReturnType<typeof repo.rulesOfProject>>[number];
export interface ProjectPoints {
  devices: { id: number; name: string; name_en: string; kind: string; points: { key: string; name: string; name_en: string; unit: string; type: string }[] }[];
}

/** A rule's project: its own, or its device's; null for a shipped default. */
export const ruleProject = (r: { project_id: number | null }) => r.project_id;

/** The editable columns of a checked input, ready to write. */
export function fieldsToRow(f: AlarmRuleFields, now: number) {
  const shelved = f.shelved_until === null ? null : new Date(f.shelved_until);
  return {
    point_key: f.point_key,
    kind: f.kind,
    threshold: f.threshold,
    deadband: f.deadband,
    on_delay_s: f.on_delay_s,
    off_delay_s: f.off_delay_s,
    level: f.level,
    event_type: f.event_type,
    name: f.name,
    name_en: f.name_en,
    enabled: f.enabled,
    // An expired shelf is no shelf.
    shelved_until: shelved && shelved.getTime() > now ? shelved : null,
    shelve_note: shelved && shelved.getTime() > now ? f.shelve_note : '',
  };
}

/** Checks that plain zod cannot: the kind's threshold, the shelf's expiry, the point on the target. */
export function checkFields(f: AlarmRuleFields, targetPoints: { key: string; type: string }[], now: number): void {
  const point = targetPoints.find((p) => p.key === f.point_key);
  if (!point) throw invalid('point_key', `设备上没有测点 “${f.point_key}”`, `The device has no point "${f.point_key}"`);
  if (f.kind === 'digital' && f.threshold !== 0 && f.threshold !== 1) throw invalid('threshold', '状态量规则的告警状态须为 0 或 1', 'A digital rule alarms on state 0 or 1');
  if (f.kind === 'digital' && point.type !== 'digital') throw invalid('kind', '状态量规则只能用于状态量测点', 'A digital rule needs a digital point');
  if (f.kind !== 'digital' && f.kind !== 'comm_loss' && point.type === 'digital') throw invalid('kind', '状态量测点只能设状态或通信中断规则', 'A digital point takes a digital or communication-loss rule only');
  if (f.kind === 'comm_loss' && (f.threshold < 10 || f.threshold > 86_400)) throw invalid('threshold', '通信中断时限须在 10–86400 秒之间', 'The communication-loss time must be 10–86400 seconds');
  if (f.kind === 'rate' && f.threshold <= 0) throw invalid('threshold', '变化率限值须大于 0', 'The rate limit must be above 0');
  if (f.shelved_until !== null) {
    const until = new Date(f.shelved_until).getTime();
    if (until > now + SHELVE_MAX_MS) throw invalid('shelved_until', '搁置最长 30 天', 'Shelving lasts at most 30 days');
  }
}

export function createAlarmRuleService(db: Db, access: AccessService, audit: AuditService) {
  async function projectPoints(projectId: number): Promise<ProjectPoints> {
    const devices = await repo.devicesOfProject(db, projectId);
    const points = await repo.pointsOfDevices(db, devices.map((d) => d.id));
    return {
      devices: devices.map((d) => ({
        ...d,
        points: points.filter((p) => p.device_id === d.id).map((p) => ({ key: p.key, name: p.name, name_en: p.name_en, unit: p.unit, type: p.kind })),
      })),
    };
  }

  /** The points a rule may name: one device's, or those of every device of the kind (the catalogue's when none). */
  function targetPointsOf(pp: ProjectPoints, t: { device_id: number | null; device_kind: string | null }) {
    if (t.device_id !== null) return pp.devices.find((d) => d.id === t.device_id)?.points ?? [];
    const of = pp.devices.filter((d) => d.kind === t.device_kind).flatMap((d) => d.points);
    if (of.length > 0) return of;
    const cat = DEVICE_KINDS.includes(t.device_kind as DeviceKind) ? deviceCatalog[t.device_kind as DeviceKind].points : [];
    return cat.map((p) => ({ key: p.key, name: p.name, name_en: p.name_en, unit: p.unit, type: p.kind }));
  }

  function toRule(r: ListedRule | (RuleRow & { device_name?: string | null; device_name_en?: string | null; device_kind_of?: string | null }), pp: ProjectPoints, projectId: number, all: RuleRow[], active: Map<number, number>): AlarmRule {
    const kindOf = r.device_kind ?? r.device_kind_of ?? null;
    const pts = targetPointsOf(pp, { device_id: r.device_id, device_kind: kindOf });
    const p = pts.find((x) => x.key === r.point_key);
    const scope = r.device_id !== null ? 'device' : r.project_id === null ? 'default' : 'project';
    const overriddenBy =
      scope === 'device'
        ? []
        : all
            .filter((o) => o.id !== r.id && o.point_key === r.point_key && o.kind === r.kind)
            .filter((o) => (o.device_id !== null ? pp.devices.find((d) => d.id === o.device_id)?.kind === r.device_kind : scope === 'default' && o.project_id === projectId && o.device_kind === r.device_kind))
            .map((o) => o.id);
    return {
      id: r.id,
      scope,
      project_id: r.project_id,
      device_kind: kindOf,
      device_id: r.device_id,
      device_name: r.device_name ?? null,
      device_name_en: r.device_name_en ?? null,
      point_key: r.point_key,
      point_name: p?.name ?? r.point_key,
      point_name_en: p?.name_en ?? r.point_key,
      unit: p?.unit ?? '',
      kind: r.kind,
      threshold: r.threshold,
      deadband: r.deadband,
      on_delay_s: r.on_delay_s,
      off_delay_s: r.off_delay_s,
      level: r.level,
      event_type: r.event_type,
      name: r.name,
      name_en: r.name_en,
      enabled: r.enabled,
      shelved_until: r.shelved_until ? new Date(r.shelved_until).toISOString() : null,
      shelve_note: r.shelve_note,
      // A rule a fire loop or arc-fault setting writes is edited there, so its limits and the set never part.
      editable: scope !== 'default' && r.fire_loop_id === null && r.arc_set_id === null,
      managed_by: r.fire_loop_id !== null ? 'fire_loop' : r.arc_set_id !== null ? 'arc_detector' : null,
      overridden_by: overriddenBy,
      active_count: active.get(r.id) ?? 0,
      version: r.version,
      updated_at: new Date(r.updated_at).toISOString(),
    };
  }

  async function answer(projectId: number, id: number): Promise<AlarmRule> {
    const [rules, pp, active] = await Promise.all([repo.rulesOfProject(db, projectId), projectPoints(projectId), repo.activeCounts(db, projectId)]);
    const r = rules.find((x) => x.id === id);
    if (!r) throw notFound();
    return toRule(r, pp, projectId, rules, active);
  }

  /** A rule the user may change: a project or device rule of a project the user configures. */
  async function editable(user: AuthUser, id: number): Promise<RuleRow & { project_id: number }> {
    const r = await repo.rule(db, id);
    if (!r) throw notFound();
    if (r.project_id === null)
      throw new AppError(ErrorCode.Forbidden, { zh: '出厂默认规则不可修改：请为本站点或设备另建规则覆盖它', en: 'Shipped defaults cannot be changed: override them with a rule for this site or device' });
    await access.assertCanConfigure(user, r.project_id);
    if (r.fire_loop_id !== null || r.arc_set_id !== null)
      throw new AppError(ErrorCode.Forbidden, { zh: '该规则由电气火灾回路/故障电弧设置生成，请在对应设置页修改', en: 'This rule carries a fire loop or arc-fault setting: change it on that page' });
    return { ...r, project_id: r.project_id };
  }

  /** The rules a new one replaces on its points (same point key and kind, less specific), for the state hand-over. */
  function replaced(all: RuleRow[], pp: ProjectPoints, n: { project_id: number; device_id: number | null; device_kind: string | null; point_key: string; kind: string }) {
    const kind = n.device_id !== null ? pp.devices.find((d) => d.id === n.device_id)?.kind : n.device_kind;
    return all
      .filter((o) => o.device_id === null && o.device_kind === kind && o.point_key === n.point_key && o.kind === n.kind)
      .filter((o) => (n.device_id !== null ? o.project_id === null || o.project_id === n.project_id : o.project_id === null))
      .map((o) => o.id);
  }

  async function createIn(trx: Db, body: AlarmRuleCreateRequest, pp: ProjectPoints, all: RuleRow[], now: number): Promise<RuleRow> {
    if ((body.device_id === null) === (body.device_kind === null))
      throw invalid('device_id', '请选择一台设备，或一种设备类型（二选一）', 'Choose one device or one device kind (not both)');
    if (body.device_id !== null && !pp.devices.some((d) => d.id === body.device_id)) throw invalid('device_id', '设备不属于本项目', 'The device is not in this project');
    if (body.device_kind !== null && !DEVICE_KINDS.includes(body.device_kind as DeviceKind) && !pp.devices.some((d) => d.kind === body.device_kind))
      throw invalid('device_kind', `没有设备类型 “${body.device_kind}”`, `No device kind "${body.device_kind}"`);
    checkFields(body, targetPointsOf(pp, body), now);
    if (body.device_id !== null && all.some((o) => o.device_id === body.device_id && o.point_key === body.point_key && o.kind === body.kind && (o.fire_loop_id !== null || o.arc_set_id !== null)))
      throw invalid('kind', '该测点的此类规则由电气火灾回路/故障电弧设置管理', 'A fire loop or arc-fault setting sets this kind of rule on this point');
    const row = await repo.insert(trx, { ...fieldsToRow(body, now), project_id: body.project_id, device_id: body.device_id, device_kind: body.device_id !== null ? null : body.device_kind });
    const from = replaced(all, pp, body);
    const points = await repo.targetPoints(trx, body.project_id, { deviceId: body.device_id, deviceKind: body.device_kind, pointKey: body.point_key });
    await repo.moveStates(trx, from, row.id, points);
    return row;
  }

  /** One write: the change, the generation bump (every engine reloads), the re-evaluation and the audit entry. */
  async function inTransaction<T>(fn: (trx: Db) => Promise<T>): Promise<T> {
    return db.transaction().execute(async (trx) => {
      const out = await fn(trx);
      await alarmRepository.bumpGeneration(trx);
      return out;
    });
  }

  return {
    projectPoints,
    targetPointsOf,

    async list(user: AuthUser, projectId: number): Promise<AlarmRuleList> {
      await access.assertCanConfigure(user, projectId);
      const project = await repo.project(db, projectId);
      if (!project) throw notFound();
      const [rules, pp, active] = await Promise.all([repo.rulesOfProject(db, projectId), projectPoints(projectId), repo.activeCounts(db, projectId)]);
      const kinds = [...new Set([...pp.devices.map((d) => d.kind), ...rules.flatMap((r) => (r.device_kind ? [r.device_kind] : []))])].sort();
      return {
        rules: rules.map((r) => toRule(r, pp, projectId, rules, active)),
        devices: pp.devices,
        kinds: kinds.map((k) => (DEVICE_KINDS.includes(k as DeviceKind) ? { kind: k, name: deviceCatalog[k as DeviceKind].name, name_en: deviceCatalog[k as DeviceKind].name_en } : { kind: k, ...(EXTRA_KINDS[k] ?? { name: k, name_en: k }) })),
        timezone: project.timezone,
      };
    },

    async create(user: AuthUser, body: AlarmRuleCreateRequest): Promise<AlarmRule> {
      await access.assertCanConfigure(user, body.project_id);
      const now = Date.now();
      const pp = await projectPoints(body.project_id);
      const all = await repo.rulesOfProject(db, body.project_id);
      const row = await inTransaction(async (trx) => {
        const r = await createIn(trx, body, pp, all, now);
        await reevaluateRuleStates(trx, r, now);
        await audit.recordChange(trx, { action: 'alarmRule.create', target: { type: 'alarm_rule', id: r.id }, before: null, after: r, projectId: body.project_id });
        return r;
      });
      return answer(body.project_id, row.id);
    },

    async update(user: AuthUser, id: number, body: AlarmRuleUpdateRequest): Promise<AlarmRule> {
      const before = await editable(user, id);
      const now = Date.now();
      const pp = await projectPoints(before.project_id);
      checkFields(body, targetPointsOf(pp, { device_id: before.device_id, device_kind: before.device_kind }), now);
      await inTransaction(async (trx) => {
        const saved = await repo.update(trx, id, body.version, fieldsToRow(body, now));
        if (!saved) throw new AppError(ErrorCode.Conflict, { zh: '规则已被他人修改，请刷新后再保存', en: 'Someone else saved this rule meanwhile; reload and save again' }, 'version');
        await reevaluateRuleStates(trx, saved, now);
        await audit.recordChange(trx, { action: 'alarmRule.update', target: { type: 'alarm_rule', id }, before, after: saved, projectId: before.project_id });
      });
      return answer(before.project_id, id);
    },

    async remove(user: AuthUser, id: number, version: number): Promise<null> {
      const before = await editable(user, id);
      await inTransaction(async (trx) => {
        const locked = await repo.lockRule(trx, id);
        if (!locked || locked.version !== version) throw new AppError(ErrorCode.Conflict, { zh: '规则已被他人修改，请刷新后再删除', en: 'Someone else changed this rule meanwhile; reload and delete again' }, 'version');
        // Its alarms clear now; the default it overrode applies again from the next sample.
        await reevaluateRuleStates(trx, { ...locked, enabled: false });
        await repo.remove(trx, id, version);
        await audit.recordChange(trx, { action: 'alarmRule.delete', target: { type: 'alarm_rule', id }, before, after: null, projectId: before.project_id });
      });
      return null;
    },

    /** For the import: create and update inside one transaction the caller holds. */
    createIn,
    inTransaction,
    editable,
  };
}

export type AlarmRuleService = ReturnType<typeof createAlarmRuleService>;

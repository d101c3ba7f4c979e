import {
  arcDetectorFields,
  arcDetectorProblem,
  ErrorCode,
  fireLoopFields,
  fireLoopProblem,
  type ArcDetector,
  type ArcDetectorFields,
  type FireLimitsView,
  type FireLoop,
  type FireLoopFields,
  type FireTempKey,
} from '@gridops/contract';
import type { Db } from '../../db/database.js';
import { AppError, forbidden } from '../../lib/errors.js';
import { isUniqueViolation } from '../../lib/pgErrors.js';
import type { AuthUser } from '../../types.js';
import type { AccessService } from '../access/service.js';
import { applicableRules } from '../alarm/precedence.js';
import { ruleRepository } from '../alarm/ruleRepository.js';
import type { AuditService } from '../audit/service.js';
import { fireSetsRepository as repo, type ArcRow, type LoopRow } from './repository.js';
import { arcRules, dropRules, loopRules, syncRules } from './ruleSync.js';

export const invalid = (field: string, zh: string, en: string) => new AppError(ErrorCode.Validation, { zh, en }, field);
const stale = () => new AppError(ErrorCode.Conflict, { zh: '该设置已被他人修改，请刷新后重试', en: 'Someone else changed this entry. Refresh and try again.' }, 'version');

export const toLoop = (r: LoopRow): FireLoop => ({
  id: r.id,
  project_id: r.project_id,
  name: r.name,
  name_en: r.name_en,
  device_id: r.device_id,
  channel: r.channel,
  room_id: r.room_id,
  feeder_id: r.feeder_id,
  residual_ma: r.residual_ma,
  temp_limits: r.temp_limits as Record<FireTempKey, number>,
  pre_alarm_pct: r.pre_alarm_pct,
  enabled: r.enabled,
  version: r.version,
  device_name: r.device_name,
  device_name_en: r.device_name_en,
  device_sn: r.device_sn,
  feeder_sn: r.feeder_sn,
  room_name: r.room_name,
  room_name_en: r.room_name_en,
  feeder_name: r.feeder_name,
  feeder_name_en: r.feeder_name_en,
});

export const toArc = (r: ArcRow): ArcDetector => ({ ...r, sensitivity: r.sensitivity });

/** Monitoring loops and arc-fault settings of a site (/RunSetup/FireLoopSet, ArcFaultSet) and the limits in force. */
export function createFireSetsService(db: Db, access: AccessService, audit: AuditService) {
  /** The checks of a loop beyond its types: the standard's ranges, and every device named is the site's, of its kind. */
  async function checkLoop(q: Db, projectId: number, v: FireLoopFields) {
    const p = fireLoopProblem(v);
    if (p) throw invalid(p.field, p.zh, p.en);
    // Sequential: `q` may be a transaction (one connection).
    const detectors = await repo.devices(q, projectId, ['fire_sensor']);
    const feeders = await repo.devices(q, projectId, ['feeder']);
    const rooms = await repo.rooms(q, projectId);
    const detector = detectors.find((d) => d.id === v.device_id);
    if (!detector) throw invalid('device_id', '请选择本站点的电气火灾探测器', "Choose one of this site's electrical fire detectors");
    if (v.feeder_id !== null && !feeders.some((f) => f.id === v.feeder_id)) throw invalid('feeder_id', '请选择本站点的馈线回路', "Choose one of this site's feeders");
    if (v.room_id !== null && !rooms.some((r) => r.id === v.room_id)) throw invalid('room_id', '请选择本站点的配电室', "Choose one of this site's rooms");
    return detector;
  }

  async function checkArc(q: Db, projectId: number, v: ArcDetectorFields) {
    const p = arcDetectorProblem(v);
    if (p) throw invalid(p.field, p.zh, p.en);
    // Sequential: `q` may be a transaction (one connection).
    const detectors = await repo.devices(q, projectId, ['arc_detector']);
    const feeders = await repo.devices(q, projectId, ['feeder']);
    const detector = detectors.find((d) => d.id === v.device_id);
    if (!detector) throw invalid('device_id', '请选择本站点的故障电弧探测器', "Choose one of this site's arc-fault detectors");
    if (v.feeder_id !== null && !feeders.some((f) => f.id === v.feeder_id)) throw invalid('feeder_id', '请选择本站点的馈线回路', "Choose one of this site's feeders");
    return detector;
  }

  /** A unique device: one loop (or arc setting) per detector, since a set owns the detector's override rules. */
  async function once<T>(field: string, fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (e) {
      if (isUniqueViolation(e)) throw invalid(field, '该探测器已配置', 'That detector is already configured');
      throw e;
    }
  }

  const loopValues = (v: FireLoopFields, roomId: number | null) => ({
    name: v.name,
    name_en: v.name_en,
    device_id: v.device_id,
    channel: v.channel,
    room_id: roomId,
    feeder_id: v.feeder_id,
    residual_ma: v.residual_ma,
    temp_limits: v.temp_limits,
    pre_alarm_pct: v.pre_alarm_pct,
    enabled: v.enabled,
  });

  async function ownedLoop(user: AuthUser, id: number): Promise<LoopRow> {
    const row = await repo.loop(db, id);
    if (!row) throw forbidden();
    await access.assertCanConfigure(user, row.project_id);
    return row;
  }

  async function ownedArc(user: AuthUser, id: number): Promise<ArcRow> {
    const row = await repo.arc(db, id);
    if (!row) throw forbidden();
    await access.assertCanConfigure(user, row.project_id);
    return row;
  }

  /** Adds or updates a loop and its rules in `trx` (the import writes many in one). Returns the loop's id. */
  async function saveLoopIn(trx: Db, projectId: number, v: FireLoopFields, existing: { id: number; version: number | null } | null): Promise<number> {
    const detector = await checkLoop(trx, projectId, v);
    const values = loopValues(v, v.room_id ?? detector.room_id);
    const id = await once('device_id', async () => {
      if (!existing) return repo.insertLoop(trx, { ...values, project_id: projectId });
      if ((await repo.updateLoop(trx, existing.id, existing.version, values)) === 0) throw stale();
      return existing.id;
    });
    await syncRules(trx, { loopId: id, projectId, deviceId: v.device_id, deviceKind: 'fire_sensor', enabled: v.enabled }, loopRules(v));
    return id;
  }

  /** Adds or updates an arc-fault setting and its rule in `trx` (the import writes many in one). Returns its id. */
  async function saveArcIn(trx: Db, projectId: number, v: ArcDetectorFields, existing: { id: number; version: number | null } | null): Promise<number> {
    await checkArc(trx, projectId, v);
    const id = await once('device_id', async () => {
      if (!existing) return repo.insertArc(trx, { ...v, project_id: projectId });
      if ((await repo.updateArc(trx, existing.id, existing.version, v)) === 0) throw stale();
      return existing.id;
    });
    await syncRules(trx, { arcId: id, projectId, deviceId: v.device_id, deviceKind: 'arc_detector', enabled: v.enabled }, arcRules(v));
    return id;
  }

  return {
    saveLoopIn,
    saveArcIn,

    async listLoops(user: AuthUser, projectId: number) {
      await access.assertProject(user, projectId);
      const [rows, detectors, feeders, rooms] = await Promise.all([repo.loops(db, projectId), repo.devices(db, projectId, ['fire_sensor']), repo.devices(db, projectId, ['feeder']), repo.rooms(db, projectId)]);
      return { items: rows.map(toLoop), detectors, feeders, rooms };
    },

    /** Rows with their device serials, for the .xlsx export. */
    loopRowsOf: (projectId: number) => repo.loops(db, projectId),

    async createLoop(user: AuthUser, body: FireLoopFields & { project_id: number }): Promise<FireLoop> {
      await access.assertCanConfigure(user, body.project_id);
      const v = fireLoopFields.parse(body);
      const id = await db.transaction().execute(async (trx) => {
        const id = await saveLoopIn(trx, body.project_id, v, null);
        await audit.recordChange(trx, { action: 'fireLoop.create', target: { type: 'fire_loop', id }, before: null, after: toLoop((await repo.loop(trx, id))!), projectId: body.project_id });
        return id;
      });
      return toLoop((await repo.loop(db, id))!);
    },

    async updateLoop(user: AuthUser, id: number, body: FireLoopFields & { version: number }): Promise<FireLoop> {
      const before = await ownedLoop(user, id);
      const v = fireLoopFields.parse(body);
      await db.transaction().execute(async (trx) => {
        await saveLoopIn(trx, before.project_id, v, { id, version: body.version });
        await audit.recordChange(trx, { action: 'fireLoop.update', target: { type: 'fire_loop', id }, before: toLoop(before), after: toLoop((await repo.loop(trx, id))!), projectId: before.project_id });
      });
      return toLoop((await repo.loop(db, id))!);
    },

    async removeLoop(user: AuthUser, id: number, version: number) {
      const before = await ownedLoop(user, id);
      await db.transaction().execute(async (trx) => {
        const locked = await repo.lockLoop(trx, id);
        if (!locked || locked.version !== version) throw stale();
        await dropRules(trx, { loopId: id });
        await repo.removeLoop(trx, id, version);
        await audit.recordChange(trx, { action: 'fireLoop.delete', target: { type: 'fire_loop', id }, before: toLoop(before), after: null, projectId: before.project_id });
      });
      return { id };
    },

    async listArcs(user: AuthUser, projectId: number) {
      await access.assertProject(user, projectId);
      const [rows, detectors, feeders] = await Promise.all([repo.arcs(db, projectId), repo.devices(db, projectId, ['arc_detector']), repo.devices(db, projectId, ['feeder'])]);
      return { items: rows.map(toArc), detectors, feeders };
    },

    async createArc(user: AuthUser, body: ArcDetectorFields & { project_id: number }): Promise<ArcDetector> {
      await access.assertCanConfigure(user, body.project_id);
      const v = arcDetectorFields.parse(body);
      const id = await db.transaction().execute(async (trx) => {
        const id = await saveArcIn(trx, body.project_id, v, null);
        await audit.recordChange(trx, { action: 'arcDetector.create', target: { type: 'arc_detector_set', id }, before: null, after: toArc((await repo.arc(trx, id))!), projectId: body.project_id });
        return id;
      });
      return toArc((await repo.arc(db, id))!);
    },

    async updateArc(user: AuthUser, id: number, body: ArcDetectorFields & { version: number }): Promise<ArcDetector> {
      const before = await ownedArc(user, id);
      const v = arcDetectorFields.parse(body);
      await db.transaction().execute(async (trx) => {
        await saveArcIn(trx, before.project_id, v, { id, version: body.version });
        await audit.recordChange(trx, { action: 'arcDetector.update', target: { type: 'arc_detector_set', id }, before: toArc(before), after: toArc((await repo.arc(trx, id))!), projectId: before.project_id });
      });
      return toArc((await repo.arc(db, id))!);
    },

    async removeArc(user: AuthUser, id: number, version: number) {
      const before = await ownedArc(user, id);
      await db.transaction().execute(async (trx) => {
        const locked = await repo.lockArc(trx, id);
        if (!locked || locked.version !== version) throw stale();
        await dropRules(trx, { arcId: id });
        await repo.removeArc(trx, id, version);
        await audit.recordChange(trx, { action: 'arcDetector.delete', target: { type: 'arc_detector_set', id }, before: toArc(before), after: null, projectId: before.project_id });
      });
      return { id };
    },

    /**
     * The limits the engine applies now to each detector's points — from the same rules and the same precedence
     * as the engine (alarm/precedence.ts), so the page's lines are the numbers events are raised at.
     */
    async limits(user: AuthUser, projectId: number): Promise<FireLimitsView> {
      await access.assertProject(user, projectId);
      const [rules, detectors, arcDevices, loops, arcSets] = await Promise.all([
        ruleRepository.rulesOfProject(db, projectId),
        repo.devices(db, projectId, ['fire_sensor']),
        repo.devices(db, projectId, ['arc_detector']),
        repo.loops(db, projectId),
        repo.arcs(db, projectId),
      ]);
      const inForce = (deviceId: number, deviceKind: string, key: string) => applicableRules(rules, { deviceId, deviceKind, projectId, key });
      const limitOf = (rs: { kind: string; threshold: number }[], kind: string) => rs.find((r) => r.kind === kind)?.threshold ?? null;
      return {
        detectors: detectors.map((d) => {
          const loop = loops.find((l) => l.device_id === d.id);
          const limits = Object.fromEntries(
            ['IR', 'T1', 'T2', 'T3'].map((key) => {
              const rs = inForce(d.id, 'fire_sensor', key);
              const highHigh = limitOf(rs, 'high_high');
              // A loop's rules: high-high is the alarm, high the pre-alarm; a template rule's high is the alarm.
              return [key, highHigh !== null ? { alarm: highHigh, pre_alarm: limitOf(rs, 'high') } : { alarm: limitOf(rs, 'high'), pre_alarm: null }];
            }),
          );
          return {
            device_id: d.id,
            loop: loop ? { id: loop.id, name: loop.name, name_en: loop.name_en, enabled: loop.enabled, feeder_name: loop.feeder_name, feeder_name_en: loop.feeder_name_en } : null,
            limits,
          };
        }),
        arc: arcDevices.map((d) => {
          const set = arcSets.find((a) => a.device_id === d.id);
          const high = limitOf(inForce(d.id, 'arc_detector', 'arc_count'), 'high');
          return {
            device_id: d.id,
            name: set?.name ?? d.name,
            name_en: set?.name_en ?? d.name_en,
            threshold: high === null ? null : Math.ceil(high),
            enabled: set?.enabled ?? false,
            feeder_name: set?.feeder_name ?? null,
            feeder_name_en: set?.feeder_name_en ?? null,
          };
        }),
      };
    },
  };
}
export type FireSetsService = ReturnType<typeof createFireSetsService>;

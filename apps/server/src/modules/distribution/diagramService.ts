import { ErrorCode, sldDocument, transformerLoadPct, type Lang, type SldDocument } from '@gridops/contract';
import type { AppConfig } from '../../config.js';
import type { Db } from '../../db/database.js';
import { AppError, notFound } from '../../lib/errors.js';
import type { AuthUser } from '../../types.js';
import { requirePermission, type AccessService } from '../access/service.js';
import type { AuditService } from '../audit/service.js';
import { validateDiagram } from './diagram.js';
import { DRAFT_KINDS, draftDiagram } from './diagramDraft.js';
import { intervalOf, qualityOf } from './quality.js';
import { distributionRepository as repo, type DeviceRow, type PointRow } from './repository.js';
import { pickLang } from '../../lib/lang.js';

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);
const SWITCHING = new Set(['breaker', 'switch', 'disconnector']);
const conflict = () => new AppError(ErrorCode.Conflict, { zh: '图已被他人修改，请刷新后再保存', en: 'Someone else saved this diagram meanwhile; reload and save again' }, 'version');
/** The draft's refusals (catalogue code 10006, naming the request field). */
const draftErrors = {
  roomElsewhere: () => new AppError(ErrorCode.Validation, { zh: 'room_id: 该配电室不属于所选站点', en: 'room_id: the room is not a room of this site' }, 'room_id'),
  noDevices: () =>
    new AppError(ErrorCode.Validation, { zh: 'room_id: 该配电室还没有设备，请先在设备台账中把设备放入该配电室', en: 'room_id: this room has no devices yet; place devices in it first (device ledger)' }, 'room_id'),
  nothingToDraw: () =>
    new AppError(
      ErrorCode.Validation,
      { zh: 'room_id: 该配电室没有可画入一次接线图的设备（进线、变压器、出线、电表、光伏、储能、充电桩）', en: 'room_id: no device of this room has a single-line symbol (incomer, transformer, feeder, meter, PV, storage, charger)' },
      'room_id',
    ),
  tooLarge: (n: number) =>
    new AppError(ErrorCode.Validation, { zh: `room_id: 该配电室设备过多（${n} 台），一张图画不下，请分房间或手工绘制`, en: `room_id: too many devices in this room (${n}) for one diagram; split the room or draw it by hand` }, 'room_id'),
};

const summary = (r: { id: number; room_id: number; name: string; name_en: string; version: number; updated_at: Date; elements?: number }) => ({
  id: r.id,
  room_id: r.room_id,
  name: r.name,
  name_en: r.name_en,
  version: r.version,
  updated_at: r.updated_at.toISOString(),
  elements: r.elements ?? 0,
});

/** Live values of each bound element: switching state, P, largest phase current, voltage, load rate. */
export function liveStates(doc: SldDocument, devices: Map<number, DeviceRow>, points: PointRow[], now: number, intervalMs: number) {
  const byDevice = new Map<number, Map<string, PointRow>>();
  for (const p of points) byDevice.set(p.device_id, (byDevice.get(p.device_id) ?? new Map<string, PointRow>()).set(p.key, p));
  const states = [];
  for (const e of doc.elements) {
    if (!('device_id' in e) || e.device_id === null) continue;
    const d = devices.get(e.device_id);
    if (!d) continue;
    const v = byDevice.get(d.id) ?? new Map<string, PointRow>();
    const breaker = SWITCHING.has(e.type) ? v.get('breaker') : undefined;
    const nums = (keys: string[]) => keys.map((k) => v.get(k)?.value).filter((x): x is number => typeof x === 'number');
    const currents = nums(['Ia', 'Ib', 'Ic']);
    const volts = nums(['Ua', 'Ub', 'Uc']);
    const u = volts.length ? volts.reduce((s, x) => s + x, 0) / volts.length : (v.get('U')?.value ?? null);
    const ts = v.get('P')?.ts ?? breaker?.ts ?? v.get('U')?.ts ?? v.get('Ua')?.ts ?? null;
    states.push({
      element_id: e.id,
      device_id: d.id,
      breaker_closed: breaker?.value === null || breaker?.value === undefined ? null : breaker.value >= 0.5,
      p_kw: v.get('P')?.value ?? null,
      i_a: currents.length ? Math.max(...currents) : null,
      u_v: u,
      load_rate: d.kind === 'transformer' ? (transformerLoadPct(v.get('P')?.value ?? null, v.get('PF')?.value ?? null, typeof d.props.rated_kva === 'number' ? d.props.rated_kva : null) ?? v.get('load_rate')?.value ?? null) : (v.get('load_rate')?.value ?? null),
      ts: iso(ts),
      quality: qualityOf(ts, now, intervalOf(d.props, intervalMs), d.gateway_online),
    });
  }
  return states;
}

/**
 * Single-line diagrams (docs/pages/single-line-editor.md): several per room, read by everyone in the room's
 * project, edited (save, add, rename, delete) with 'configure' and a version check, every write audited.
 */
export function createDiagramService(db: Db, access: AccessService, audit: AuditService, config: AppConfig) {
  async function roomInScope(user: AuthUser, roomId: number) {
    const room = await repo.room(db, roomId);
    if (!room) throw notFound();
    await access.assertProject(user, room.project_id);
    return room;
  }

  async function diagramInScope(user: AuthUser, id: number) {
    const d = await repo.diagramById(db, id);
    if (!d) throw notFound();
    await access.assertProject(user, d.project_id);
    return d;
  }

  async function checkDoc(projectId: number, doc: SldDocument) {
    const devices = await repo.devices(db, projectId);
    validateDiagram(doc, new Set(devices.map((d) => d.id)));
  }

  return {
    async diagram(user: AuthUser, roomId: number, lang: Lang, diagramId?: number) {
      const room = await roomInScope(user, roomId);
      const [stored, devices] = await Promise.all([repo.diagram(db, roomId, diagramId), repo.devices(db, room.project_id)]);
      if (diagramId !== undefined && !stored) throw notFound();
      const parsed = stored ? sldDocument.safeParse(stored.doc) : null;
      const doc = parsed?.success ? parsed.data : draftDiagram(devices.filter((d) => d.room_id === roomId)).doc;
      const bound = new Set(doc.elements.flatMap((e) => ('device_id' in e && e.device_id !== null ? [e.device_id] : [])));
      const points = await repo.pointsWithLatest(db, [...bound]);
      return {
        room_id: room.id,
        project_id: room.project_id,
        room_name: pickLang(lang, room.name, room.name_en),
        diagram_id: stored?.id ?? null,
        name: stored ? pickLang(lang, stored.name, stored.name_en) : pickLang(lang, '一次接线图', 'Single-line diagram'),
        stored: !!stored,
        version: stored?.version ?? 0,
        updated_at: iso(stored?.updated_at),
        doc,
        states: liveStates(doc, new Map(devices.map((d) => [d.id, d])), points, Date.now(), config.simulatorIntervalMs),
      };
    },

    /**
     * A draft of the room's diagram from its devices (docs/diagram-draft.md), not stored: the editor opens it and
     * the ordinary save stores it. 'configure' like the save it prepares; the room must be of the named project.
     */
    async draft(user: AuthUser, body: { project_id: number; room_id: number }) {
      await access.assertCanConfigure(user, body.project_id);
      const room = await repo.room(db, body.room_id);
      if (!room || room.project_id !== body.project_id) throw draftErrors.roomElsewhere();
      const devices = await repo.devices(db, room.project_id, { roomId: room.id });
      if (devices.length === 0) throw draftErrors.noDevices();
      if (!devices.some((d) => DRAFT_KINDS.includes(d.kind))) throw draftErrors.nothingToDraw();
      const { doc, drawn, skipped } = draftDiagram(devices);
      if (!sldDocument.safeParse(doc).success) throw draftErrors.tooLarge(drawn.length);
      try {
        validateDiagram(doc, new Set(drawn));
      } catch {
        throw draftErrors.tooLarge(drawn.length);
      }
      return { project_id: room.project_id, room_id: room.id, doc, drawn, skipped: skipped.map((d) => ({ id: d.id, kind: d.kind, name: d.name, name_en: d.name_en })) };
    },

    async list(user: AuthUser, roomId: number) {
      await roomInScope(user, roomId);
      return { room_id: roomId, list: (await repo.diagrams(db, roomId)).map(summary) };
    },

    /** Saves an edited diagram ('configure': it decides which breaker an operator clicks). */
    async save(user: AuthUser, roomId: number, body: { doc: SldDocument; version: number; diagram_id?: number | undefined }) {
      requirePermission(user, 'configure');
      const room = await roomInScope(user, roomId);
      await checkDoc(room.project_id, body.doc);
      return db.transaction().execute(async (trx) => {
        if (body.diagram_id === undefined && body.version === 0) {
          // The room's first diagram: whoever locks the room first creates it, the other is told.
          await repo.lockRoom(trx, roomId);
          if (await repo.diagram(trx, roomId)) throw conflict();
          const row = await repo.insertDiagram(trx, { roomId, projectId: room.project_id, doc: body.doc, name: '一次接线图', nameEn: 'Single-line diagram', userId: user.id });
          await audit.recordChange(trx, { action: 'diagram.save', target: { type: 'sld_diagram', id: row.id }, before: null, after: { room_id: roomId, version: row.version, elements: body.doc.elements.length, wires: body.doc.wires.length }, projectId: room.project_id });
          return { room_id: roomId, diagram_id: row.id, version: row.version, updated_at: row.updated_at.toISOString() };
        }
        const current = await repo.diagram(trx, roomId, body.diagram_id);
        if (!current) throw body.diagram_id === undefined ? conflict() : notFound();
        const row = await repo.updateDiagram(trx, current.id, body.doc, body.version, user.id);
        if (!row) throw conflict();
        const before = sldDocument.safeParse(current.doc);
        await audit.recordChange(trx, {
          action: 'diagram.save',
          target: { type: 'sld_diagram', id: row.id },
          before: { version: current.version, elements: before.success ? before.data.elements.length : null, wires: before.success ? before.data.wires.length : null },
          after: { version: row.version, elements: body.doc.elements.length, wires: body.doc.wires.length },
          projectId: room.project_id,
        });
        return { room_id: roomId, diagram_id: row.id, version: row.version, updated_at: row.updated_at.toISOString() };
      });
    },

    async create(user: AuthUser, roomId: number, body: { name: string; name_en: string; from_devices: boolean }) {
      requirePermission(user, 'configure');
      const room = await roomInScope(user, roomId);
      const doc: SldDocument = body.from_devices
        ? draftDiagram(await repo.devices(db, room.project_id, { roomId })).doc
        : { version: 1, width: 1200, height: 700, elements: [], wires: [] };
      return db.transaction().execute(async (trx) => {
        await repo.lockRoom(trx, roomId);
        const row = await repo.insertDiagram(trx, { roomId, projectId: room.project_id, doc, name: body.name, nameEn: body.name_en, userId: user.id });
        await audit.recordChange(trx, { action: 'diagram.create', target: { type: 'sld_diagram', id: row.id }, before: null, after: { room_id: roomId, name: row.name, name_en: row.name_en }, projectId: room.project_id });
        return summary({ ...row, elements: doc.elements.length });
      });
    },

    async rename(user: AuthUser, id: number, body: { name: string; name_en: string; version: number }) {
      requirePermission(user, 'configure');
      const d = await diagramInScope(user, id);
      return db.transaction().execute(async (trx) => {
        const row = await repo.renameDiagram(trx, id, body.name, body.name_en, body.version, user.id);
        if (!row) throw conflict();
        await audit.recordChange(trx, { action: 'diagram.rename', target: { type: 'sld_diagram', id }, before: { name: d.name, name_en: d.name_en }, after: { name: row.name, name_en: row.name_en }, projectId: d.project_id });
        return summary(row);
      });
    },

    async remove(user: AuthUser, id: number, version: number) {
      requirePermission(user, 'configure');
      const d = await diagramInScope(user, id);
      return db.transaction().execute(async (trx) => {
        const row = await repo.deleteDiagram(trx, id, version);
        if (!row) throw conflict();
        await audit.recordChange(trx, { action: 'diagram.delete', target: { type: 'sld_diagram', id }, before: { room_id: d.room_id, name: d.name, name_en: d.name_en, version: d.version }, after: null, projectId: d.project_id });
        return { id };
      });
    },
  };
}

export type DiagramService = ReturnType<typeof createDiagramService>;

import { ErrorCode, MANUAL_UNITS, READING_PHOTO_MAX_BYTES, type ManualEnergyType, type ManualMeter, type ManualReading } from '@gridops/contract';
import type { Db } from '../../db/database.js';
import { AppError, forbidden } from '../../lib/errors.js';
import { guardImage } from '../../lib/imageGuard.js';
import type { AuthUser } from '../../types.js';
import type { AccessService } from '../access/service.js';
import type { AuditService } from '../audit/service.js';
import { consumptions, counterSamples, type ReadingPoint } from './interpolate.js';
import { dataEntryRepository, type MeterRow, type ReadingRow, type ReadingValues } from './repository.js';
import { deletionProblem, readingProblem, type Candidate } from './validate.js';

export const invalid = (field: string, zh: string, en: string) => new AppError(ErrorCode.Validation, { zh, en }, field);
const stale = () => new AppError(ErrorCode.Conflict, { zh: '该记录已被他人修改，请刷新后重试', en: 'Someone else changed this entry. Refresh and try again.' });

const toMeter = (m: MeterRow): ManualMeter => ({
  id: m.id,
  project_id: m.project_id,
  energy_type: m.energy_type as ManualEnergyType,
  name: m.name,
  name_en: m.name_en,
  unit: m.unit,
  multiplier: m.multiplier,
  room_id: m.room_id,
  version: m.version,
  point_id: m.point_id,
  node_id: m.node_id,
  last_read_at: m.last_read_at ? new Date(m.last_read_at).toISOString() : null,
  last_value: m.last_value,
  readings: m.readings,
});

const pointOf = (r: Pick<ReadingRow, 'read_at' | 'value' | 'replacement' | 'old_final_value'>): ReadingPoint => ({
  at: new Date(r.read_at).getTime(),
  value: r.value,
  replacement: r.replacement,
  old_final_value: r.old_final_value,
});
const candidateOf = (r: ReadingRow): Candidate => ({ id: r.id, ...pointOf(r) });

/** The readings as the API gives them: consumption since the previous one in the energy unit. */
export function toReadings(rows: ReadingRow[], multiplier: number): ManualReading[] {
  const used = consumptions(rows.map(pointOf));
  return rows.map((r, i) => ({
    id: r.id,
    meter_id: r.meter_id,
    read_at: new Date(r.read_at).toISOString(),
    value: r.value,
    replacement: r.replacement,
    old_final_value: r.old_final_value,
    note: r.note,
    version: r.version,
    has_photo: r.has_photo,
    consumption: used[i] === null ? null : used[i]! * multiplier,
    entered_by: r.entered_by,
  }));
}

/** The photo decoded and re-encoded (lib/imageGuard); a validation error naming `photo` otherwise. */
const checkPhoto = async (base64: string) => {
  const p = await guardImage(Buffer.from(base64, 'base64'), { field: 'photo', label: { zh: '照片', en: 'photo' }, maxBytes: READING_PHOTO_MAX_BYTES });
  return { bytes: p.bytes, mime: p.mime };
};

export interface ReadingBody {
  read_at: string;
  value: number;
  replacement: boolean;
  old_final_value: number | null;
  note: string;
}
/** Reading times are kept to the minute; a plain reading carries no old final value. */
export const readingValues = (b: ReadingBody): ReadingValues => ({
  read_at: new Date(Math.floor(Date.parse(b.read_at) / 60_000) * 60_000),
  value: b.value,
  replacement: b.replacement,
  old_final_value: b.replacement ? b.old_final_value : null,
  note: b.note,
});

/** Manual meters and their readings (/RunSetup/DataEntrySet; docs/data-entry.md). */
export function createDataEntryService(db: Db, access: AccessService, audit?: AuditService, repo = dataEntryRepository) {
  async function ownedMeter(user: AuthUser, id: number, write: boolean): Promise<MeterRow> {
    const m = await repo.meter(db, id);
    if (!m) throw forbidden();
    if (write) await access.assertCanConfigure(user, m.project_id);
    else await access.assertProject(user, m.project_id);
    return m;
  }

  /** Rebuilds the meter's counter rollups from all its readings (the energy statistics read those). */
  async function rebuild(trx: Db, m: Pick<MeterRow, 'id' | 'project_id' | 'point_id' | 'multiplier'>) {
    if (m.point_id === null) return;
    const rows = await repo.readings(trx, m.id);
    await repo.replaceRollups(trx, m.point_id, counterSamples(rows.map(pointOf), m.multiplier), await repo.projectZone(trx, m.project_id));
  }

  /** Checks a reading against the meter's others (locked), or throws 10006 naming the field. */
  async function check(trx: Db, m: MeterRow, id: number | null, v: ReadingValues) {
    await repo.lockMeter(trx, m.id);
    const others = (await repo.readings(trx, m.id)).map(candidateOf);
    const p = readingProblem(others, { id, ...pointOf(v) }, Date.now(), await repo.projectZone(trx, m.project_id));
    if (p) throw invalid(p.field, p.zh, p.en);
  }

  async function readingOut(trx: Db, m: MeterRow, id: number) {
    return toReadings(await repo.readings(trx, m.id), m.multiplier).find((r) => r.id === id)!;
  }

  return {
    async meters(user: AuthUser, projectId: number) {
      await access.assertProject(user, projectId);
      const [rows, rooms, nodes, timezone] = await Promise.all([repo.meters(db, projectId), repo.rooms(db, projectId), repo.treeNodes(db, projectId), repo.projectZone(db, projectId)]);
      return { timezone, items: rows.map(toMeter), rooms, nodes };
    },

    async createMeter(user: AuthUser, body: { project_id: number; energy_type: ManualEnergyType; name: string; name_en: string; multiplier: number; room_id: number | null; tree_parent_id: number | null }) {
      await access.assertCanConfigure(user, body.project_id);
      if (body.room_id !== null && !(await repo.rooms(db, body.project_id)).some((r) => r.id === body.room_id)) {
        throw invalid('room_id', '房间不属于本站点', "That room is not one of this site's rooms");
      }
      if (body.tree_parent_id !== null) {
        if (body.energy_type === 'diesel') throw invalid('tree_parent_id', '柴油表没有计量树', 'Diesel meters have no metering tree');
        if (body.tree_parent_id > 0) {
          const n = await repo.treeNode(db, body.tree_parent_id);
          if (!n || n.project_id !== body.project_id || n.energy_type !== body.energy_type) {
            throw invalid('tree_parent_id', '上级节点须为本站点同一能源类型计量树中的节点', "The parent must be a node of this site's metering tree of the same energy type");
          }
        }
      }
      return db.transaction().execute(async (trx) => {
        const v = { project_id: body.project_id, energy_type: body.energy_type, name: body.name, name_en: body.name_en, unit: MANUAL_UNITS[body.energy_type], multiplier: body.multiplier, room_id: body.room_id };
        const id = await repo.insertMeter(trx, v, body.tree_parent_id);
        const after = toMeter((await repo.meter(trx, id))!);
        await audit?.recordChange(trx, { action: 'dataEntry.meter.create', target: { type: 'manual_meter', id }, before: null, after, projectId: body.project_id });
        return after;
      });
    },

    async updateMeter(user: AuthUser, id: number, body: { name: string; name_en: string; multiplier: number; room_id: number | null; version: number }) {
      const before = await ownedMeter(user, id, true);
      if (before.version !== body.version) throw stale();
      if (body.room_id !== null && !(await repo.rooms(db, before.project_id)).some((r) => r.id === body.room_id)) {
        throw invalid('room_id', '房间不属于本站点', "That room is not one of this site's rooms");
      }
      return db.transaction().execute(async (trx) => {
        const { version, ...v } = body;
        if ((await repo.updateMeter(trx, id, version, v)) === 0) throw stale();
        const after = (await repo.meter(trx, id))!;
        if (after.multiplier !== before.multiplier) await rebuild(trx, after);
        await audit?.recordChange(trx, { action: 'dataEntry.meter.update', target: { type: 'manual_meter', id }, before: toMeter(before), after: toMeter(after), projectId: before.project_id });
        return toMeter(after);
      });
    },

    async removeMeter(user: AuthUser, id: number, version: number) {
      const before = await ownedMeter(user, id, true);
      if (before.version !== version) throw stale();
      if (before.point_id !== null && (await repo.nodeHasChildren(db, before.point_id))) {
        throw new AppError(ErrorCode.Conflict, { zh: '该表的计量树节点下还有子节点，请先在计量树中移走它们', en: "This meter's metering-tree node still has children; move them in the metering tree first" });
      }
      await db.transaction().execute(async (trx) => {
        if ((await repo.deleteMeter(trx, before, version)) === 0) throw stale();
        await audit?.recordChange(trx, { action: 'dataEntry.meter.delete', target: { type: 'manual_meter', id }, before: toMeter(before), after: null, projectId: before.project_id });
      });
      return { id };
    },

    async readings(user: AuthUser, meterId: number) {
      const m = await ownedMeter(user, meterId, false);
      return { meter: toMeter(m), items: toReadings(await repo.readings(db, m.id), m.multiplier) };
    },

    async createReading(user: AuthUser, body: ReadingBody & { meter_id: number; photo: string | null }) {
      const m = await ownedMeter(user, body.meter_id, true);
      const v = readingValues(body);
      const photo = body.photo === null ? null : await checkPhoto(body.photo);
      return db.transaction().execute(async (trx) => {
        await check(trx, m, null, v);
        const id = await repo.insertReading(trx, m.id, v, photo, user.id);
        await rebuild(trx, m);
        const after = await readingOut(trx, m, id);
        await audit?.recordChange(trx, { action: 'dataEntry.reading.create', target: { type: 'manual_reading', id }, before: null, after, projectId: m.project_id });
        return after;
      });
    },

    async updateReading(user: AuthUser, id: number, body: ReadingBody & { version: number; photo?: string | null | undefined }) {
      const row = await repo.reading(db, id);
      if (!row) throw forbidden();
      const m = await ownedMeter(user, row.meter_id, true);
      if (row.version !== body.version) throw stale();
      const v = readingValues(body);
      const photo = body.photo === undefined || body.photo === null ? body.photo : await checkPhoto(body.photo);
      return db.transaction().execute(async (trx) => {
        await check(trx, m, id, v);
        const before = await readingOut(trx, m, id);
        if ((await repo.updateReading(trx, id, body.version, v, photo)) === 0) throw stale();
        await rebuild(trx, m);
        const after = await readingOut(trx, m, id);
        await audit?.recordChange(trx, { action: 'dataEntry.reading.update', target: { type: 'manual_reading', id }, before, after, projectId: m.project_id });
        return after;
      });
    },

    async removeReading(user: AuthUser, id: number, version: number) {
      const row = await repo.reading(db, id);
      if (!row) throw forbidden();
      const m = await ownedMeter(user, row.meter_id, true);
      if (row.version !== version) throw stale();
      await db.transaction().execute(async (trx) => {
        await repo.lockMeter(trx, m.id);
        const all = await repo.readings(trx, m.id);
        const p = deletionProblem(all.map(candidateOf), id, Date.now(), await repo.projectZone(trx, m.project_id));
        if (p) throw invalid(p.field, p.zh, p.en);
        const before = toReadings(all, m.multiplier).find((r) => r.id === id);
        if ((await repo.deleteReading(trx, id, version)) === 0) throw stale();
        await rebuild(trx, m);
        await audit?.recordChange(trx, { action: 'dataEntry.reading.delete', target: { type: 'manual_reading', id }, before, after: null, projectId: m.project_id });
      });
      return { id };
    },

    async photo(user: AuthUser, id: number) {
      const row = await repo.reading(db, id);
      if (!row) throw forbidden();
      await access.assertProject(user, row.project_id);
      const p = await repo.photo(db, id);
      if (!p?.photo || !p.photo_type) throw new AppError(ErrorCode.NotFound, { zh: '该读数没有照片', en: 'This reading has no photo' });
      return { photo_type: p.photo_type, photo: Buffer.from(p.photo).toString('base64') };
    },

    /** For the import: the meter (write access checked), the lock-and-rebuild steps. */
    ownedMeter,
    rebuild,
  };
}
export type DataEntryService = ReturnType<typeof createDataEntryService>;

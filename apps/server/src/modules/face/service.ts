import {
  ErrorCode,
  FACE_DOOR_KINDS,
  FACE_PHOTO_MAX_BYTES,
  FACE_PHOTO_MIN_PX,
  faceGroupProblem,
  facePersonProblem,
  type FaceGroup,
  type FacePerson,
  type FacePersonKind,
} from '@gridops/contract';
import type { Db } from '../../db/database.js';
import { AppError, forbidden } from '../../lib/errors.js';
import { guardImage } from '../../lib/imageGuard.js';
import type { AuthUser } from '../../types.js';
import type { AccessService } from '../access/service.js';
import type { AuditService } from '../audit/service.js';
import type { FacePhotoKeyring } from './photo.js';
import { faceRecordsRepository } from './recordsRepository.js';
import { faceRepository, type GroupValues, type PersonRow, type PersonValues } from './repository.js';
import type { FaceSyncService } from './sync.js';

const invalid = (field: string, zh: string, en: string) => new AppError(ErrorCode.Validation, { zh, en }, field);
const stale = () => new AppError(ErrorCode.Conflict, { zh: '该记录已被他人修改，请刷新后重试', en: 'Someone else changed this entry. Refresh and try again.' });

type PersonBody = PersonValues & { photo?: string | undefined };
type GroupRow = NonNullable<Awaited<ReturnType<typeof faceRepository.group>>>;

const toPerson = (r: PersonRow): FacePerson => ({ ...r, kind: r.kind as FacePersonKind });
const toGroup = (r: GroupRow): FaceGroup => ({ ...r });
/** What the audit log keeps of a person: never the photo. */
const audited = (p: FacePerson) => ({ ...p });

/** The photo decoded and re-encoded (lib/imageGuard): a JPEG/PNG/WebP within the limits, large enough to recognise. */
const checkPhoto = (base64: string) =>
  guardImage(Buffer.from(base64, 'base64'), { field: 'photo', label: { zh: '人脸照片', en: 'face photo' }, maxBytes: FACE_PHOTO_MAX_BYTES, minSidePx: FACE_PHOTO_MIN_PX });

/** The face library of a site (/FacerecManage; docs/face-library.md): people, encrypted photos, access groups. */
export function createFaceService(db: Db, access: AccessService, keys: FacePhotoKeyring, audit?: AuditService, sync?: Pick<FaceSyncService, 'reconcile'>, repo = faceRepository) {
  /** Wakes this instance's sender after a commit (set by the runtime; other instances find the rows on their next pass). */
  let kick: () => void = () => undefined;
  const requeue = async (trx: Db, projectId: number, personIds: readonly number[] | null) => sync?.reconcile(trx, projectId, personIds, true);
  async function checkPerson(projectId: number, v: PersonValues) {
    const p = facePersonProblem(v);
    if (p) throw invalid(p.field, p.zh, p.en);
    if (v.group_id !== null) {
      const g = await repo.group(db, v.group_id);
      if (!g || g.project_id !== projectId) throw invalid('group_id', '分组不属于本站点', 'That group is not one of this site\'s groups');
    }
  }
  async function checkGroup(projectId: number, v: GroupValues) {
    const p = faceGroupProblem(v);
    if (p) throw invalid(p.field, p.zh, p.en);
    const allowed = new Set((await repo.doors(db, projectId, FACE_DOOR_KINDS)).map((d) => d.id));
    const bad = v.door_ids.findIndex((id) => !allowed.has(id));
    if (bad >= 0) throw invalid(`door_ids.${bad}`, `设备 ${v.door_ids[bad]} 不是本站点的门禁设备`, `Device ${v.door_ids[bad]} is not one of this site's doors`);
    if (new Set(v.door_ids).size !== v.door_ids.length) throw invalid('door_ids', '同一门禁不能重复选择', 'The same door is chosen twice');
  }
  async function ownedPerson(user: AuthUser, id: number) {
    const row = await repo.person(db, id);
    if (!row) throw forbidden();
    await access.assertCanConfigure(user, row.project_id);
    if (row.deleting) throw new AppError(ErrorCode.NotFound, { zh: '此人已删除，正在从门禁终端移除', en: 'This person was deleted and is being removed from the terminals' });
    return toPerson(row);
  }
  async function ownedGroup(user: AuthUser, id: number) {
    const row = await repo.group(db, id);
    if (!row) throw forbidden();
    await access.assertCanConfigure(user, row.project_id);
    return toGroup(row);
  }
  const personValues = (b: PersonBody): PersonValues => ({
    group_id: b.group_id,
    name: b.name,
    name_en: b.name_en,
    kind: b.kind,
    company: b.company,
    phone: b.phone,
    valid_from: b.valid_from,
    valid_until: b.valid_until,
    enabled: b.enabled,
  });
  const groupValues = (b: GroupValues): GroupValues => ({ name: b.name, name_en: b.name_en, door_ids: b.door_ids, days: [...new Set(b.days)].sort(), time_from: b.time_from, time_to: b.time_to });

  return {
    setKick(fn: () => void) {
      kick = fn;
    },

    async people(user: AuthUser, projectId: number) {
      await access.assertProject(user, projectId);
      return { items: (await repo.people(db, projectId)).map(toPerson) };
    },

    async createPerson(user: AuthUser, body: PersonBody & { project_id: number; photo: string }) {
      await access.assertCanConfigure(user, body.project_id);
      const v = personValues(body);
      await checkPerson(body.project_id, v);
      const photo = await checkPhoto(body.photo);
      return db.transaction().execute(async (trx) => {
        const id = await repo.insertPerson(trx, body.project_id, v);
        await repo.putPhoto(trx, id, { ...keys.seal(photo.bytes, id), mime: photo.mime, width: photo.width, height: photo.height });
        await requeue(trx, body.project_id, [id]);
        const after = toPerson((await repo.person(trx, id))!);
        await audit?.recordChange(trx, { action: 'face.person.create', target: { type: 'face_person', id }, before: null, after: audited(after), projectId: body.project_id });
        return after;
      }).finally(() => kick());
    },

    async updatePerson(user: AuthUser, id: number, body: PersonBody & { version: number }) {
      const before = await ownedPerson(user, id);
      if (before.version !== body.version) throw stale();
      const v = personValues(body);
      await checkPerson(before.project_id, v);
      const photo = body.photo === undefined ? null : await checkPhoto(body.photo);
      return db.transaction().execute(async (trx) => {
        if ((await repo.updatePerson(trx, id, body.version, v)) === 0) throw stale();
        if (photo) await repo.putPhoto(trx, id, { ...keys.seal(photo.bytes, id), mime: photo.mime, width: photo.width, height: photo.height });
        await requeue(trx, before.project_id, [id]);
        const after = toPerson((await repo.person(trx, id))!);
        await audit?.recordChange(trx, { action: photo ? 'face.person.update.photo' : 'face.person.update', target: { type: 'face_person', id }, before: audited(before), after: audited(after), projectId: before.project_id });
        return after;
      }).finally(() => kick());
    },

    async removePerson(user: AuthUser, id: number, version: number) {
      const before = await ownedPerson(user, id);
      if (before.version !== version) throw stale();
      // PIPL: the photo and the person's recognition snapshots go now; the row stays (marked deleting) until every
      // terminal acknowledged face_delete, then the sender removes it (sync.ts finishDeletes).
      await db.transaction().execute(async (trx) => {
        if ((await repo.markDeleted(trx, id, version)) === 0) throw stale();
        await faceRecordsRepository.eraseOf(trx, id);
        await sync?.reconcile(trx, before.project_id, [id], false);
        if (!(await repo.hasSyncRows(trx, id))) await repo.removePerson(trx, id);
        await audit?.recordChange(trx, { action: 'face.person.delete', target: { type: 'face_person', id }, before: audited(before), after: null, projectId: before.project_id });
      }).finally(() => kick());
      return { id };
    },

    /** The decrypted photo for someone who may view the site; every view is written to the usage log. */
    async photo(user: AuthUser, id: number) {
      const row = await repo.person(db, id);
      if (!row) throw forbidden();
      await access.assertProject(user, row.project_id);
      const sealed = await repo.photo(db, id);
      if (!sealed) throw new AppError(ErrorCode.NotFound, { zh: '此人没有人脸照片', en: 'This person has no face photo' });
      const plain = keys.open(sealed, id);
      await audit?.record(db, { kind: 'read', action: 'face.photo.view', target: { type: 'face_person', id }, projectId: row.project_id });
      return { photo_type: sealed.mime, photo: plain.toString('base64') };
    },

    async groups(user: AuthUser, projectId: number) {
      await access.assertProject(user, projectId);
      const [rows, doors] = await Promise.all([repo.groups(db, projectId), repo.doors(db, projectId, FACE_DOOR_KINDS)]);
      return { items: rows.map(toGroup), doors };
    },

    async createGroup(user: AuthUser, body: GroupValues & { project_id: number }) {
      await access.assertCanConfigure(user, body.project_id);
      const v = groupValues(body);
      await checkGroup(body.project_id, v);
      return db.transaction().execute(async (trx) => {
        const id = await repo.insertGroup(trx, body.project_id, v);
        const after = toGroup((await repo.group(trx, id))!);
        await audit?.recordChange(trx, { action: 'face.group.create', target: { type: 'face_group', id }, before: null, after, projectId: body.project_id });
        return after;
      });
    },

    async updateGroup(user: AuthUser, id: number, body: GroupValues & { version: number }) {
      const before = await ownedGroup(user, id);
      if (before.version !== body.version) throw stale();
      const v = groupValues(body);
      await checkGroup(before.project_id, v);
      return db.transaction().execute(async (trx) => {
        if ((await repo.updateGroup(trx, id, body.version, v)) === 0) throw stale();
        await requeue(trx, before.project_id, await repo.memberIds(trx, id));
        const after = toGroup((await repo.group(trx, id))!);
        await audit?.recordChange(trx, { action: 'face.group.update', target: { type: 'face_group', id }, before, after, projectId: before.project_id });
        return after;
      }).finally(() => kick());
    },

    async removeGroup(user: AuthUser, id: number, version: number) {
      const before = await ownedGroup(user, id);
      if (before.version !== version) throw stale();
      await db.transaction().execute(async (trx) => {
        const members = await repo.memberIds(trx, id);
        if ((await repo.removeGroup(trx, id, version)) === 0) throw stale();
        // Its people keep no group, so no door: they are deleted from its terminals.
        await sync?.reconcile(trx, before.project_id, members, false);
        await audit?.recordChange(trx, { action: 'face.group.delete', target: { type: 'face_group', id }, before, after: null, projectId: before.project_id });
      }).finally(() => kick());
      return { id };
    },
  };
}
export type FaceService = ReturnType<typeof createFaceService>;

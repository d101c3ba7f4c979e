import { DEFAULT_SITE_ZONE, formatInZone } from '@gridops/format';
import {
  ErrorCode,
  LEDGER_DOC_MAX_BYTES,
  LEDGER_DOCS_PER_DEVICE,
  nameplateProblem,
  warrantyState,
  type LedgerDevice,
  type LedgerDocument,
  type NameplateFields,
  type WarrantyState,
} from '@gridops/contract';
import type { Db } from '../../db/database.js';
import { AppError, forbidden } from '../../lib/errors.js';
import { guardImage } from '../../lib/imageGuard.js';
import type { AuthUser } from '../../types.js';
import type { AccessService } from '../access/service.js';
import type { AuditService } from '../audit/service.js';
import { documentFileName, documentProblem, documentType, nameplateValues, type LedgerDocType } from './documents.js';
import { ledgerRepository, type LedgerRow } from './repository.js';

const invalid = (field: string, zh: string, en: string) => new AppError(ErrorCode.Validation, { zh, en }, field);
const stale = () => new AppError(ErrorCode.Conflict, { zh: '该设备台账已被他人修改，请刷新后重试', en: 'Someone else changed this ledger entry. Refresh and try again.' });

/** Today on a site's wall clock (warranty states are per site day). */
export const siteToday = (zone: string, now = Date.now()) => formatInZone(now, zone, 'YYYY-MM-DD');

export const toLedgerDevice = (r: LedgerRow, now = Date.now()): LedgerDevice => {
  const { timezone, ...rest } = r;
  return { ...rest, warranty_state: warrantyState(r.warranty_until, siteToday(timezone, now)) };
};
const toDocument = (d: NonNullable<Awaited<ReturnType<typeof ledgerRepository.document>>>): LedgerDocument => ({ ...d, created_at: d.created_at.toISOString() });
/** What the usage log keeps of a nameplate. */
const audited = (d: LedgerDevice) => ({ ...nameplateValues(d), version: d.version });

/** Throws 10006 naming the field when the nameplate breaks a rule zod cannot express. */
export function checkNameplate(v: NameplateFields) {
  const p = nameplateProblem(v);
  if (p) throw invalid(p.field, p.zh, p.en);
}

/** The equipment ledger (/Ledger): nameplates, documents and history of the devices in the caller's scope. */
export function createLedgerService(db: Db, access: AccessService, audit?: AuditService, repo = ledgerRepository) {
  /** The device when it is in scope (10004 otherwise, even when it does not exist: ids are not probed). */
  async function visibleDevice(user: AuthUser, id: number, configure = false) {
    const row = await repo.device(db, id);
    if (!row) throw forbidden();
    if (configure) await access.assertCanConfigure(user, row.project_id);
    else await access.assertProject(user, row.project_id);
    return row;
  }
  async function visibleDocument(user: AuthUser, id: number, configure = false) {
    const doc = await repo.document(db, id);
    if (!doc) throw forbidden();
    const device = await visibleDevice(user, doc.device_id, configure);
    return { doc, device };
  }

  return {
    async list(user: AuthUser, f: { project_id?: number | undefined; room_id?: number | undefined; kind?: string | undefined; warranty?: WarrantyState | undefined }) {
      const scope = await access.scope(user);
      if (f.project_id !== undefined && !scope.projectIds.includes(f.project_id)) throw forbidden();
      const projectIds = f.project_id !== undefined ? [f.project_id] : scope.projectIds;
      const now = Date.now();
      const [rows, projects, rooms] = await Promise.all([repo.devices(db, projectIds, { roomId: f.room_id, kind: f.kind }), repo.projects(db, scope.projectIds), repo.rooms(db, projectIds)]);
      const items = rows.map((r) => toLedgerDevice(r, now)).filter((d) => f.warranty === undefined || d.warranty_state === f.warranty);
      const zone = projects.find((p) => p.id === projectIds[0])?.timezone ?? DEFAULT_SITE_ZONE;
      return { items, projects: projects.map(({ id, name, name_en }) => ({ id, name, name_en })), rooms, today: siteToday(zone, now) };
    },

    async saveNameplate(user: AuthUser, id: number, body: NameplateFields & { version: number }) {
      const before = toLedgerDevice(await visibleDevice(user, id, true));
      if (before.version !== body.version) throw stale();
      const v = nameplateValues(body);
      checkNameplate(v);
      return db.transaction().execute(async (trx) => {
        if ((await repo.saveNameplate(trx, id, body.version, v)) === 0) throw stale();
        const after = toLedgerDevice((await repo.device(trx, id))!);
        await audit?.recordChange(trx, { action: 'ledger.nameplate.save', target: { type: 'device', id }, before: before.version === 0 ? null : audited(before), after: audited(after), projectId: before.project_id });
        return after;
      });
    },

    async documents(user: AuthUser, deviceId: number) {
      await visibleDevice(user, deviceId);
      return { items: (await repo.documents(db, deviceId)).map(toDocument) };
    },

    async upload(user: AuthUser, deviceId: number, body: { name: string; content_base64: string }) {
      const device = await visibleDevice(user, deviceId, true);
      const sent = Buffer.from(body.content_base64, 'base64');
      const p = documentProblem(sent);
      if (p) throw invalid(p.field, p.zh, p.en);
      // A PDF is kept as sent (served for download only); a picture is decoded and re-encoded like every image.
      const image = documentType(sent) === 'application/pdf' ? null : await guardImage(sent, { field: 'content_base64', label: { zh: '图片', en: 'picture' }, maxBytes: LEDGER_DOC_MAX_BYTES });
      const bytes = image ? image.bytes : sent;
      const mime: LedgerDocType = image ? image.mime : 'application/pdf';
      return db.transaction().execute(async (trx) => {
        if ((await repo.documentCount(trx, deviceId)) >= LEDGER_DOCS_PER_DEVICE) {
          throw invalid('content_base64', `每台设备最多 ${LEDGER_DOCS_PER_DEVICE} 份文档`, `A device holds at most ${LEDGER_DOCS_PER_DEVICE} documents`);
        }
        const name = documentFileName(body.name, mime);
        const id = await repo.insertDocument(trx, { device_id: deviceId, name, mime, size: bytes.length, content: bytes, uploaded_by: user.id });
        const doc = toDocument((await repo.document(trx, id))!);
        await audit?.recordChange(trx, { action: 'ledger.document.upload', target: { type: 'device_document', id }, before: null, after: { device_id: deviceId, name, mime, size: bytes.length }, projectId: device.project_id });
        return doc;
      });
    },

    async download(user: AuthUser, id: number) {
      await visibleDocument(user, id);
      const c = (await repo.content(db, id))!;
      return { name: c.name, mime: c.mime, content_base64: c.content.toString('base64') };
    },

    async removeDocument(user: AuthUser, id: number) {
      const { doc, device } = await visibleDocument(user, id, true);
      await db.transaction().execute(async (trx) => {
        if ((await repo.removeDocument(trx, id)) === 0) throw new AppError(ErrorCode.NotFound, { zh: '文档已被删除', en: 'The document was already deleted' });
        await audit?.recordChange(trx, { action: 'ledger.document.delete', target: { type: 'device_document', id }, before: { device_id: doc.device_id, name: doc.name, mime: doc.mime, size: doc.size }, after: null, projectId: device.project_id });
      });
      return { id };
    },

    async history(user: AuthUser, deviceId: number, page: number, size: number) {
      const device = await visibleDevice(user, deviceId);
      const [rows, total] = await Promise.all([repo.history(db, device, size, (page - 1) * size), repo.historyCount(db, device)]);
      return { total, page, size, items: rows.map((r) => ({ ...r, ref_id: Number(r.ref_id), at: new Date(r.at).toISOString() })) };
    },
  };
}
export type LedgerService = ReturnType<typeof createLedgerService>;

import { clientTopics, ErrorCode, eventMessage, faceEventPayload, inNightWindow, type FaceRecord, type FaceResult, type Lang, type MessageEnvelope } from '@gridops/contract';
import { formatInZone } from '@gridops/format';
import type { Db } from '../../db/database.js';
import { AppError, forbidden } from '../../lib/errors.js';
import type { AuthUser } from '../../types.js';
import type { AccessService } from '../access/service.js';
import type { AuditService } from '../audit/service.js';
import type { RaisedEvent } from '../event/raisedEvent.js';
import { eventRepository } from '../event/repository.js';
import type { FacePhotoKeyring } from './photo.js';
import { faceRecordsRepository as repo } from './recordsRepository.js';
import { parseGatewayPayload } from '../../lib/gatewayPayload.js';
import { guardGatewayImage } from '../../lib/imageGuard.js';
import { pickLang } from '../../lib/lang.js';

type Publish = (topic: string, payload: string) => Promise<void>;
type OnRaised = (events: RaisedEvent[]) => Promise<void>;
export interface RecordsLog {
  warn(obj: object, msg: string): void;
}
/** Why a recognition record was refused (logged with the gateway; docs/gateway-protocol.md). */
export type FaceRecordReject = 'garbage' | 'bad_shape' | 'unknown_gateway' | 'unknown_terminal';
export type FaceRecordIngest = { ok: true; id: number | null; eventId: number | null } | { ok: false; reason: FaceRecordReject; detail: string };

/** The sealed snapshot's associated-data scope (a record's snapshot never opens as a person's photo). */
const SNAPSHOT_SCOPE = 'face-record';

/**
 * Recognition records of the door terminals (docs/face-library.md "Recognition records"): ingested once per
 * gateway and record id, snapshots sealed like the photos, listed and filtered, each snapshot view audited; a
 * stranger in the site's night window raises an alarm (`face.strangerAtNight`) through the event path.
 */
export function createFaceRecordsService(db: Db, access: AccessService, keys: FacePhotoKeyring, audit?: AuditService) {
  let publish: Publish | null = null;
  let onRaised: OnRaised | null = null;
  let log: RecordsLog = { warn: () => undefined };

  async function pushLive(projectId: number, id: number) {
    if (!publish) return;
    const envelope: MessageEnvelope = { command: 'face_record', data: { project_id: projectId, id }, timestamp: Date.now() };
    const send = publish;
    const users = await eventRepository.recipients(db, projectId);
    await Promise.all(users.map((u) => send(clientTopics(u.org_id, u.id).message, JSON.stringify(envelope))));
  }

  return {
    attach(p: { publish: Publish; onRaised: OnRaised; log: RecordsLog } | null) {
      publish = p?.publish ?? null;
      onRaised = p?.onRaised ?? null;
      if (p) log = p.log;
    },

    /** A gateway's `…/face_event`: validated, stored once, announced; a stranger at night raises one event. */
    async onFaceEvent(gatewaySn: string, payload: Buffer): Promise<FaceRecordIngest> {
      const reject = (reason: FaceRecordReject, detail: string): FaceRecordIngest => {
        log.warn({ gateway: gatewaySn, reason, detail }, 'face record refused');
        return { ok: false, reason, detail };
      };
      const parsed = parseGatewayPayload(payload, faceEventPayload);
      if (!parsed.ok) return reject(parsed.reason, parsed.detail);
      const e = parsed.data;
      const where = await repo.gatewayTerminal(db, gatewaySn, e.device_sn);
      if (!where) return reject('unknown_gateway', gatewaySn);
      if (where.device_id === null) return reject('unknown_terminal', e.device_sn);
      const deviceId = where.device_id;
      const personId = e.person_id === null ? null : await repo.sitePerson(db, where.project_id, e.person_id);
      const stranger = personId === null;
      const settings = await repo.settings(db, where.project_id);
      const nightAlert = stranger && inNightWindow(formatInZone(e.ts, where.timezone, 'HH:mm'), settings.night_from, settings.night_to);
      // The snapshot is stored only as re-encoded pixels (lib/imageGuard); one that is no image is left out.
      const snapshot = e.snapshot ? await guardGatewayImage(e.snapshot, 'snapshot') : null;
      if (e.snapshot && snapshot === null) log.warn({ gateway: gatewaySn, record: e.id }, 'face record snapshot refused: not an image within the limits');
      const [, mime, base64] = /^data:(image\/(?:png|jpeg));base64,(.*)$/.exec(snapshot ?? '') ?? [];
      const result = await db.transaction().execute(async (trx) => {
        const id = await repo.insert(trx, { project_id: where.project_id, gateway_id: where.gateway_id, device_id: deviceId, record_key: e.id, ts: new Date(e.ts), person_id: personId, stranger, score: e.score, result: e.result });
        if (id === null) return { id: null, event: null };
        if (mime && base64) await repo.putSnapshot(trx, id, { ...keys.seal(Buffer.from(base64, 'base64'), id, SNAPSHOT_SCOPE), mime });
        if (!nightAlert) return { id, event: null };
        const text = eventMessage('face.strangerAtNight', { terminal: { zh: where.device_name ?? e.device_sn, en: where.device_name_en ?? e.device_sn }, time: formatInZone(e.ts, where.timezone, 'HH:mm') });
        const raisedAt = new Date();
        const eventId = await eventRepository.insert(trx, { projectId: where.project_id, deviceId, pointId: null, ruleId: null, type: 2, level: 2, title: where.project_name, text, value: null, limit: null, raisedAt });
        await repo.linkEvent(trx, id, eventId);
        const event: RaisedEvent = { eventId, projectId: where.project_id, type: 2, level: 2, project: { zh: where.project_name, en: where.project_name_en }, text, raisedAt: raisedAt.getTime() };
        return { id, event };
      });
      if (result.id !== null) await pushLive(where.project_id, result.id).catch((err: unknown) => log.warn({ err }, 'face record push failed'));
      if (result.event && onRaised) await onRaised([result.event]).catch((err: unknown) => log.warn({ err }, 'stranger alert push failed'));
      return { ok: true, id: result.id, eventId: result.event?.eventId ?? null };
    },

    async list(
      user: AuthUser,
      q: { project_id: number; person_id?: number | undefined; terminal_id?: number | undefined; result?: FaceResult | undefined; stranger?: 'true' | 'false' | undefined; from?: string | undefined; to?: string | undefined; page: number; size: number },
      lang: Lang,
    ): Promise<{ total: number; list: FaceRecord[] }> {
      await access.assertProject(user, q.project_id);
      const { total, rows } = await repo.list(
        db,
        {
          projectId: q.project_id,
          personId: q.person_id,
          terminalId: q.terminal_id,
          result: q.result,
          stranger: q.stranger === undefined ? undefined : q.stranger === 'true',
          from: q.from ? new Date(q.from) : undefined,
          to: q.to ? new Date(q.to) : undefined,
        },
        (q.page - 1) * q.size,
        q.size,
      );
      return {
        total,
        list: rows.map((r) => ({
          id: r.id,
          ts: r.ts.toISOString(),
          terminal_id: r.device_id,
          terminal_name: pickLang(lang, r.terminal_name, r.terminal_name_en),
          person_id: r.person_id,
          person_name: r.person_name ? pickLang(lang, r.person_name, r.person_name_en) : '',
          stranger: r.stranger,
          score: r.score,
          result: r.result as FaceResult,
          has_snapshot: r.has_snapshot,
          event_id: r.event_id,
        })),
      };
    },

    /** The decrypted snapshot for someone who may view the site; every view is written to the usage log. */
    async snapshot(user: AuthUser, id: number) {
      const row = await repo.one(db, id);
      if (!row) throw forbidden();
      await access.assertProject(user, row.project_id);
      const sealed = await repo.snapshot(db, id);
      if (!sealed) throw new AppError(ErrorCode.NotFound, { zh: '该记录没有抓拍照片', en: 'This record has no snapshot' });
      const plain = keys.open(sealed, id, SNAPSHOT_SCOPE);
      await audit?.record(db, { kind: 'read', action: 'face.snapshot.view', target: { type: 'face_record', id }, projectId: row.project_id });
      return { photo_type: sealed.mime, photo: plain.toString('base64') };
    },

    async settings(user: AuthUser, projectId: number) {
      await access.assertProject(user, projectId);
      return { project_id: projectId, ...(await repo.settings(db, projectId)) };
    },

    async updateSettings(user: AuthUser, body: { project_id: number; night_from: string; night_to: string }) {
      await access.assertCanConfigure(user, body.project_id);
      if (body.night_from === body.night_to) throw new AppError(ErrorCode.Validation, { zh: '夜间时段的开始与结束不能相同', en: 'The night window cannot start and end at the same time' }, 'night_to');
      return db.transaction().execute(async (trx) => {
        const before = await repo.settings(trx, body.project_id);
        const after = { night_from: body.night_from, night_to: body.night_to };
        await repo.putSettings(trx, body.project_id, after);
        await audit?.recordChange(trx, { action: 'face.settings.update', target: { type: 'project', id: body.project_id }, before, after, projectId: body.project_id });
        return { project_id: body.project_id, ...after };
      });
    },
  };
}
export type FaceRecordsService = ReturnType<typeof createFaceRecordsService>;

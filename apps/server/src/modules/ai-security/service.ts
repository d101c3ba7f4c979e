import { AI_EVENT_TYPE_NAMES, AI_EVENT_TYPES, aiBox, aiEventPayload, clientTopics, ErrorCode, eventMessage, type AiEvent, type AiEventType, type AiSummary, type Lang, type MessageEnvelope } from '@gridops/contract';
import { siteDate, siteDayStart } from '@gridops/format';
import { z } from 'zod';
import type { Db } from '../../db/database.js';
import { AppError, notFound } from '../../lib/errors.js';
import type { AuthUser } from '../../types.js';
import type { AccessService } from '../access/service.js';
import type { AuditService } from '../audit/service.js';
import type { RaisedEvent } from '../event/raisedEvent.js';
import { eventRepository } from '../event/repository.js';
import { fpRate } from './fpRate.js';
import { aiRepository as repo } from './repository.js';
import { parseGatewayPayload } from '../../lib/gatewayPayload.js';
import { guardGatewayImage } from '../../lib/imageGuard.js';
import { pickLang } from '../../lib/lang.js';

type Publish = (topic: string, payload: string) => Promise<void>;
type OnRaised = (events: RaisedEvent[]) => Promise<void>;
export interface AiLog {
  warn(obj: object, msg: string): void;
}

/** Why an AI event was refused (logged with the gateway; docs/gateway-protocol.md "AI events"). */
export type AiRejectReason = 'garbage' | 'bad_shape' | 'unknown_gateway' | 'unknown_camera';
export type AiIngestResult = { ok: true; id: number; created: boolean } | { ok: false; reason: AiRejectReason; detail: string };

const boxes = z.array(aiBox).catch([]);
/** AI detections raise alarms (type 2) at level Ⅱ; fire and smoke at level Ⅰ. */
const levelOf = (type: AiEventType): 1 | 2 => (type === 'fire_smoke' ? 1 : 2);

type Row = NonNullable<Awaited<ReturnType<typeof repo.one>>>;
const toEvent = (r: Row, lang: Lang): AiEvent => ({
  id: r.id,
  camera_id: r.camera_id,
  camera_name: pickLang(lang, r.camera_name, r.camera_name_en),
  type: r.type as AiEventType,
  confidence: r.confidence,
  boxes: boxes.parse(r.boxes),
  snapshot: r.snapshot,
  zone: r.zone,
  ts: r.ts.toISOString(),
  status: r.status as AiEvent['status'],
  reviewed_by: r.reviewer ? pickLang(lang, r.reviewer, r.reviewer_en) : null,
  reviewed_at: r.reviewed_at ? r.reviewed_at.toISOString() : null,
  event_id: r.event_id,
});

/** AI security (docs/gateway-protocol.md "AI events"): ingest, listing, today's counts, FP rates, review. */
export function createAiSecurityService(db: Db, access: AccessService, audit: AuditService) {
  let publish: Publish | null = null;
  let onRaised: OnRaised | null = null;
  let log: AiLog = { warn: () => undefined };

  async function pushLive(projectId: number, id: number, type: AiEventType) {
    if (!publish) return;
    const envelope: MessageEnvelope = { command: 'ai_event', data: { project_id: projectId, id, type }, timestamp: Date.now() };
    const send = publish;
    const users = await eventRepository.recipients(db, projectId);
    await Promise.all(users.map((u) => send(clientTopics(u.org_id, u.id).message, JSON.stringify(envelope))));
  }

  return {
    /** The live channel (consoles) and the event push (notifier, push rules), once the bus is up. */
    attach(p: { publish: Publish; onRaised: OnRaised; log: AiLog } | null) {
      publish = p?.publish ?? null;
      onRaised = p?.onRaised ?? null;
      if (p) log = p.log;
    },

    /** A gateway's `…/ai_event`: validated, stored once per box id, announced to the site's consoles. */
    async onAiEvent(gatewaySn: string, payload: Buffer): Promise<AiIngestResult> {
      const reject = (reason: AiRejectReason, detail: string): AiIngestResult => {
        log.warn({ gateway: gatewaySn, reason, detail }, 'AI event refused');
        return { ok: false, reason, detail };
      };
      const parsed = parseGatewayPayload(payload, aiEventPayload);
      if (!parsed.ok) return reject(parsed.reason, parsed.detail);
      const e = parsed.data;
      const where = await repo.gatewayCamera(db, gatewaySn, e.camera);
      if (!where) return reject('unknown_gateway', gatewaySn);
      if (where.camera_id === null) return reject('unknown_camera', e.camera);
      // Only pixels are stored and shown (lib/imageGuard): an SVG overlay is rasterised, a non-image refused.
      const snapshot = await guardGatewayImage(e.snapshot, 'snapshot');
      if (snapshot === null) return reject('bad_shape', 'snapshot: not a JPEG, PNG, WebP or SVG picture within 8000×8000 px');
      const r = await repo.insert(db, { project_id: where.project_id, camera_id: where.camera_id, gateway_id: where.gateway_id, box_id: e.id, type: e.type, confidence: e.confidence, boxes: e.boxes, snapshot, zone: e.zone ?? '', ts: new Date(e.ts) });
      if (r.created) await pushLive(where.project_id, r.id, e.type).catch((err: unknown) => log.warn({ err }, 'AI event push failed'));
      return { ok: true, ...r };
    },

    async list(user: AuthUser, q: { project_id: number; status?: AiEvent['status'] | undefined; type?: AiEventType | undefined; camera_id?: number | undefined; page: number; size: number }, lang: Lang) {
      await access.assertProject(user, q.project_id);
      const { total, rows } = await repo.list(db, { projectId: q.project_id, status: q.status, type: q.type, cameraId: q.camera_id }, (q.page - 1) * q.size, q.size);
      return { total, list: rows.map((r) => toEvent(r, lang)) };
    },

    async summary(user: AuthUser, projectId: number, days: number, lang: Lang): Promise<AiSummary> {
      await access.assertProject(user, projectId);
      const p = await repo.project(db, projectId);
      const today = siteDayStart(siteDate(p.timezone), p.timezone);
      const [counts, pending, reviewed] = await Promise.all([repo.countsSince(db, projectId, today), repo.pending(db, projectId), repo.reviewedSince(db, projectId, new Date(Date.now() - days * 86_400_000))]);
      const byType = new Map<string, number>();
      const byCamera = new Map<number, { camera_name: string; count: number }>();
      for (const c of counts) {
        byType.set(c.type, (byType.get(c.type) ?? 0) + c.n);
        const cam = byCamera.get(c.camera_id) ?? { camera_name: pickLang(lang, c.name, c.name_en), count: 0 };
        cam.count += c.n;
        byCamera.set(c.camera_id, cam);
      }
      return {
        today_by_type: AI_EVENT_TYPES.map((type) => ({ type, count: byType.get(type) ?? 0 })),
        today_by_camera: [...byCamera].map(([camera_id, c]) => ({ camera_id, ...c })).sort((a, b) => b.count - a.count),
        pending,
        rates: reviewed.map((r) => ({ camera_id: r.camera_id, camera_name: pickLang(lang, r.name, r.name_en), type: r.type as AiEventType, reviewed: r.confirmed + r.false_positives, false_positives: r.false_positives, rate: fpRate(r.confirmed, r.false_positives) })),
        days,
      };
    },

    /**
     * A person's verdict. Confirmed: an alarm event is raised through the event module (message key
     * `ai.detected`) and pushed like any alarm; false positive: counted in the camera's rate. Once only.
     */
    async review(user: AuthUser, id: number, verdict: 'confirmed' | 'false_positive', lang: Lang): Promise<AiEvent> {
      const row = await repo.one(db, id);
      if (!row) throw notFound();
      await access.assertProject(user, row.project_id);
      const raised = await db.transaction().execute(async (trx) => {
        if (!(await repo.review(trx, id, verdict, user.id))) {
          throw new AppError(ErrorCode.Conflict, { zh: '该识别结果已被他人复核', en: 'Someone else already reviewed this detection' }, 'id');
        }
        await audit.recordChange(trx, { action: 'ai.review', target: { type: 'ai_event', id }, before: { status: 'pending' }, after: { status: verdict }, projectId: row.project_id });
        if (verdict !== 'confirmed') return null;
        const p = await repo.project(trx, row.project_id);
        const type = row.type as AiEventType;
        const text = eventMessage('ai.detected', { camera: { zh: row.camera_name, en: row.camera_name_en }, kind: AI_EVENT_TYPE_NAMES[type], confidence: row.confidence });
        const now = new Date();
        const eventId = await eventRepository.insert(trx, { projectId: row.project_id, deviceId: null, pointId: null, ruleId: null, type: 2, level: levelOf(type), title: p.name, text, value: null, limit: null, raisedAt: now });
        await repo.linkEvent(trx, id, eventId);
        const ev: RaisedEvent = { eventId, projectId: row.project_id, type: 2, level: levelOf(type), project: { zh: p.name, en: p.name_en }, text, raisedAt: now.getTime() };
        return ev;
      });
      if (raised && onRaised) await onRaised([raised]).catch((err: unknown) => log.warn({ err }, 'AI event push failed'));
      return toEvent((await repo.one(db, id))!, lang);
    },
  };
}

export type AiSecurityService = ReturnType<typeof createAiSecurityService>;

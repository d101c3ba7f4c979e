import { clientTopics, robotItem, robotReading, robotStop, type CaptureData, type Lang, type MessageEnvelope } from '@gridops/contract';
import { z } from 'zod';
import type { Db } from '../../db/database.js';
import { guardGatewayImage } from '../../lib/imageGuard.js';
import type { AuthUser } from '../../types.js';
import type { AccessService } from '../access/service.js';
import { eventRepository } from '../event/repository.js';
import { securityRepository as repo } from './repository.js';
import { pickLang } from '../../lib/lang.js';

type Publish = (topic: string, payload: string) => Promise<void>;

/** What a gateway publishes on …/capture (docs/gateway-protocol.md). Images are bounded: 2 MB of data URL. */
const capturePayload = z.object({
  ts: z.number().finite(),
  device_sn: z.string().min(1).max(64),
  img: z.string().startsWith('data:image/').max(2_000_000),
  msg: z.string().max(500).default(''),
  /** The same text in English; optional (older gateways send Chinese only, which English then shows). */
  msg_en: z.string().max(500).default(''),
});

const readings = z.array(robotReading).catch([]);
const route = robotItem.shape.route.catch([]);
/** A robot configured in RobotSet (docs/robot.md): its route is its stops. */
const configuredStops = z.array(robotStop).catch([]);
const routeOf = (r: { route: unknown; stops: unknown }) => {
  const stops = configuredStops.parse(r.stops);
  return stops.length ? stops.map((s) => ({ name: s.name, name_en: s.name_en, x: s.x, y: s.y })) : route.parse(r.route);
};

/** Camera captures (stored, listed, pushed to the console) and the inspection robot's records. */
export function createSecurityService(db: Db, access: AccessService) {
  let publish: Publish | null = null;

  return {
    attach(p: Publish | null) {
      publish = p;
    },

    /**
     * Stores a capture and relays it to every user entitled to the site as the spec's capture message
     * `{ command: 'capture', data: { img, msg, title, type } }`. Malformed captures are dropped (returns false);
     * a repeat of a stored one (same gateway, camera and time) is neither stored nor pushed again.
     */
    async onCapture(gatewaySn: string, payload: Buffer): Promise<boolean> {
      let raw: unknown;
      try {
        raw = JSON.parse(payload.toString('utf8'));
      } catch {
        return false;
      }
      const parsed = capturePayload.safeParse(raw);
      if (!parsed.success) return false;
      const where = await repo.gatewayDevice(db, gatewaySn, parsed.data.device_sn);
      if (!where) return false;
      // Only pixels are stored and relayed to consoles (lib/imageGuard): a capture that is no image is dropped.
      const img = await guardGatewayImage(parsed.data.img, 'img');
      if (img === null) return false;
      const c = { ...parsed.data, img };
      const inserted = await repo.insertCapture(db, { projectId: where.project_id, gatewayId: where.gateway_id, deviceId: where.device_id, deviceSn: c.device_sn, ts: new Date(c.ts), img: c.img, msg: c.msg, msgEn: c.msg_en });
      // A repeat was stored and pushed the first time: acknowledged, not pushed again.
      if (!inserted) return true;
      if (publish) {
        const data: CaptureData = { img: c.img, msg: c.msg, title: where.project_name, type: 1, msg_en: c.msg_en || c.msg, title_en: where.project_name_en || where.project_name };
        const envelope: MessageEnvelope = { command: 'capture', data: { ...data, project_id: where.project_id, device_id: where.device_id }, timestamp: c.ts };
        const users = await eventRepository.recipients(db, where.project_id);
        const send = publish;
        await Promise.all(users.map((u) => send(clientTopics(u.org_id, u.id).message, JSON.stringify(envelope))));
      }
      return true;
    },

    async cameras(user: AuthUser, projectId: number, lang: Lang) {
      await access.assertProject(user, projectId);
      const cams = await repo.cameras(db, projectId);
      const last = new Map((await repo.lastCaptures(db, cams.map((c) => c.id))).map((c) => [c.device_id, c]));
      return cams.map((c) => {
        const l = last.get(c.id);
        return {
          device_id: c.id,
          room_id: c.room_id,
          name: pickLang(lang, c.name, c.name_en),
          online: !!c.gateway_online && c.online_value !== 0,
          last_capture: l ? { id: l.id, device_id: l.device_id, device_sn: l.device_sn, device_name: pickLang(lang, c.name, c.name_en), ts: l.ts.toISOString(), img: l.img, msg: pickLang(lang, l.msg, l.msg_en) } : null,
        };
      });
    },

    async captures(user: AuthUser, q: { project_id: number; device_id?: number | undefined; from?: string | undefined; to?: string | undefined; page: number; size: number }, lang: Lang) {
      await access.assertProject(user, q.project_id);
      const { total, rows } = await repo.captures(
        db,
        { projectId: q.project_id, deviceId: q.device_id, from: q.from ? new Date(q.from) : undefined, to: q.to ? new Date(q.to) : undefined },
        (q.page - 1) * q.size,
        q.size,
      );
      return {
        total,
        list: rows.map((r) => ({ id: r.id, device_id: r.device_id, device_sn: r.device_sn, device_name: pickLang(lang, r.device_name, r.device_name_en) || r.device_sn, ts: r.ts.toISOString(), img: r.img, msg: pickLang(lang, r.msg, r.msg_en) })),
      };
    },

    async robots(user: AuthUser, projectId: number, lang: Lang) {
      await access.assertProject(user, projectId);
      return (await repo.robots(db, projectId)).map((r) => ({
        id: r.id,
        room_id: r.room_id,
        name: pickLang(lang, r.name, r.name_en),
        status: r.status,
        battery: r.battery,
        route: routeOf(r),
        position: r.position,
        task_progress: r.task_progress,
        updated_at: r.updated_at.toISOString(),
      }));
    },

    async inspections(user: AuthUser, q: { project_id: number; robot_id?: number | undefined; anomalies_only?: boolean | undefined; page: number; size: number }, lang: Lang) {
      await access.assertProject(user, q.project_id);
      const { total, rows } = await repo.inspections(db, { projectId: q.project_id, robotId: q.robot_id, anomaliesOnly: q.anomalies_only }, (q.page - 1) * q.size, q.size);
      return {
        total,
        list: rows.map((r) => ({
          id: r.id,
          robot_id: r.robot_id,
          robot_name: pickLang(lang, r.robot_name, r.robot_name_en),
          started_at: r.started_at.toISOString(),
          finished_at: r.finished_at ? r.finished_at.toISOString() : null,
          status: r.status,
          trigger: r.trigger === 'manual' ? ('manual' as const) : ('schedule' as const),
          anomalies: r.anomalies,
          readings: readings.parse(r.readings),
          photo: r.photo,
        })),
      };
    },
  };
}

export type SecurityService = ReturnType<typeof createSecurityService>;

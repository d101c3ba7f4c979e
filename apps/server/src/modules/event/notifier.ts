import { GATEWAY_STATUS_COMMAND, clientTopics, inLang, type GatewayStatusLive, renderEventMessage, renderEventSpeech, type LiveEventData, type MessageEnvelope } from '@gridops/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.js';
import type { RaisedEvent } from './raisedEvent.js';
import { eventRepository } from './repository.js';

export type Publish = (topic: string, payload: string) => Promise<void>;

// Recipients change rarely (user and project edits); a short cache keeps a burst of alarms from repeating
// the same query, while a new user is still reached within half a minute.
const RECIPIENT_TTL_MS = 30_000;
/**
 * Past the TTL and up to this age, a push goes out to the cached list while the list is read again beside it:
 * awaiting that query put one push in every 30 s behind a database round trip, the worst of the live-alarm
 * latencies under load (docs/performance.md). Older lists are never used: the push waits for the query.
 */
const RECIPIENT_STALE_MS = 60_000;

type Recipients = { id: number; org_id: number }[];

/**
 * Pushes each new event, QoS 2, to the message topic of every user entitled to it (spec §7 live channel,
 * envelope of spec §3): centre users on the owning organisation chain, site users and workers of the project.
 */
export function createNotifier(db: Db, publish: Publish, log: FastifyBaseLogger) {
  const cache = new Map<number, { at: number; users: Recipients }>();
  const reading = new Map<number, Promise<Recipients>>();

  function read(projectId: number): Promise<Recipients> {
    let r = reading.get(projectId);
    if (!r) {
      r = eventRepository.recipients(db, projectId).then((users) => {
        cache.set(projectId, { at: Date.now(), users });
        return users;
      });
      const settled = () => void reading.delete(projectId);
      r.then(settled, settled);
      reading.set(projectId, r);
    }
    return r;
  }

  async function recipients(projectId: number): Promise<Recipients> {
    const hit = cache.get(projectId);
    const age = hit ? Date.now() - hit.at : Infinity;
    if (hit && age < RECIPIENT_TTL_MS) return hit.users;
    if (hit && age < RECIPIENT_STALE_MS) {
      read(projectId).catch((err: unknown) => log.warn({ err, projectId }, 'could not read the recipients of live events'));
      return hit.users;
    }
    return read(projectId);
  }

  return {
    async notify(events: RaisedEvent[]): Promise<void> {
      for (const e of events) {
        // msg/msg_en/title/audio for consoles that only read the finished texts; key and parameters for the
        // console to render the pop-up and the voice alarm in its own language.
        const data: LiveEventData = {
          type: e.type,
          level: e.level,
          msg: renderEventMessage(e.text.key, e.text.params, 'zh'),
          title: e.project.zh,
          audio: `${e.project.zh}，${renderEventSpeech(e.text.key, e.text.params, 'zh')}`,
          event_id: e.eventId,
          project_id: e.projectId,
          msg_en: renderEventMessage(e.text.key, e.text.params, 'en'),
          title_en: inLang(e.project, 'en'),
          message_key: e.text.key,
          message_params: { ...e.text.params },
        };
        const envelope: MessageEnvelope = { command: 'event', data, timestamp: e.raisedAt };
        const payload = JSON.stringify(envelope);
        try {
          const users = await recipients(e.projectId);
          await Promise.all(users.map((u) => publish(clientTopics(u.org_id, u.id).message, payload)));
        } catch (err) {
          // The event is stored and counted in the notice APIs; a lost push is recovered by the console's
          // notice refresh after reconnect.
          log.error({ err, eventId: e.eventId }, 'event push failed');
        }
      }
    },
    /**
     * A gateway came online or went silent: `{ command: 'gateway_status', data: { project_id, gateway_id, sn,
     * online } }` to everyone who sees the project's events, so the gateway page and kit dialog turn green (or
     * red) at once instead of at their next refresh. A lost push only delays that refresh.
     */
    async gatewayStatus(g: { projectId: number; gatewayId: number; sn: string; online: boolean }): Promise<void> {
      const data: GatewayStatusLive = { project_id: g.projectId, gateway_id: g.gatewayId, sn: g.sn, online: g.online };
      const envelope: MessageEnvelope = { command: GATEWAY_STATUS_COMMAND, data, timestamp: Date.now() };
      const payload = JSON.stringify(envelope);
      try {
        const users = await recipients(g.projectId);
        await Promise.all(users.map((u) => publish(clientTopics(u.org_id, u.id).message, payload)));
      } catch (err) {
        log.warn({ err, gateway: g.sn }, 'gateway status push failed');
      }
    },
    forget(projectId?: number) {
      if (projectId === undefined) cache.clear();
      else cache.delete(projectId);
    },
  };
}

export type Notifier = ReturnType<typeof createNotifier>;

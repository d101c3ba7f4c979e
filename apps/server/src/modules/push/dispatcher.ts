import { inLang, renderEventMessage, type Lang } from '@gridops/contract';
import { wallClock } from '@gridops/format';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.js';
import type { RaisedEvent } from '../event/raisedEvent.js';
import { pushRepository as repo, type DeliveryRow, type NewDelivery, type RuleRow } from './repository.js';
import type { PushTransport } from './transport.js';

export interface PushWorkerOptions {
  /** How often due deliveries are looked for (ms); a dispatch also wakes the worker at once. */
  pollMs: number;
  /** Attempts before a delivery is given up ('failed'). */
  maxAttempts: number;
  /** Back-off: retry n waits baseSeconds · 2^(n−1). */
  baseSeconds: number;
  /** Rows one pass claims. */
  batch: number;
}

export const defaultPushWorkerOptions: PushWorkerOptions = { pollMs: 5000, maxAttempts: 5, baseSeconds: 30, batch: 20 };

/** Seconds to wait before the next attempt after `attempts` failed ones; null once the attempts are used up. */
export function backoffSeconds(attempts: number, opts: Pick<PushWorkerOptions, 'maxAttempts' | 'baseSeconds'>): number | null {
  if (attempts >= opts.maxAttempts) return null;
  return opts.baseSeconds * 2 ** (attempts - 1);
}

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** Whether `at` falls in the quiet hours [start, end) on the site's clock; a window may wrap past midnight. */
export function inQuietHours(rule: Pick<RuleRow, 'quiet_start' | 'quiet_end'>, at: number, zone: string): boolean {
  if (!rule.quiet_start || !rule.quiet_end) return false;
  const w = wallClock(at, zone);
  const now = w.hour * 60 + w.minute;
  const start = minutesOf(rule.quiet_start);
  const end = minutesOf(rule.quiet_end);
  if (start === end) return false;
  return start < end ? now >= start && now < end : now >= start || now < end;
}

const typeNames: Record<number, Record<Lang, string>> = { 1: { zh: '消息', en: 'Message' }, 2: { zh: '告警', en: 'Alarm' }, 3: { zh: '故障', en: 'Fault' } };
const levelNames = ['', 'Ⅰ', 'Ⅱ', 'Ⅲ', 'Ⅳ'];

function render(e: RaisedEvent, lang: Lang): { subject: string; body: string } {
  const type = typeNames[e.type]?.[lang] ?? '';
  const level = lang === 'zh' ? `${levelNames[e.level]}级` : `level ${levelNames[e.level]}`;
  const project = inLang(e.project, lang);
  const subject = `[GridOps] ${project} · ${type} (${level})`;
  const time = new Date(e.raisedAt).toISOString();
  return { subject, body: `${project}\n${type} · ${level}\n${renderEventMessage(e.text.key, e.text.params, lang)}\n${time}` };
}

/** The deliveries one event causes: e-mails (in each recipient's language) and webhooks (Chinese then English). */
export async function deliveriesFor(db: Db, e: RaisedEvent): Promise<NewDelivery[]> {
  const rules = await repo.rulesForProject(db, e.projectId);
  const out: NewDelivery[] = [];
  for (const r of rules) {
    if (!r.event_types.includes(e.type) || e.level < r.min_level) continue;
    if (inQuietHours(r, e.raisedAt, r.timezone)) continue;
    for (const u of await repo.usersByIds(db, r.user_ids)) {
      const lang: Lang = u.language === 'en' ? 'en' : 'zh';
      const { subject, body } = render(e, lang);
      out.push({ org_id: r.org_id, rule_id: r.id, event_id: e.eventId, target: 'email', channel_id: null, to_addr: u.email, subject, body });
    }
    // Escalation: the i-th person is e-mailed after (i+1)·N minutes unless the event was acknowledged by then.
    if (r.escalate_minutes !== null && r.escalate_user_ids.length) {
      const people = await repo.usersByIds(db, r.escalate_user_ids);
      r.escalate_user_ids.forEach((id, i) => {
        const u = people.find((p) => p.id === id);
        if (!u) return;
        const { subject, body } = render(e, u.language === 'en' ? 'en' : 'zh');
        out.push({ org_id: r.org_id, rule_id: r.id, event_id: e.eventId, target: 'email', channel_id: null, to_addr: u.email, subject, body, delaySeconds: (i + 1) * r.escalate_minutes! * 60 });
      });
    }
    if (r.channel_ids.length) {
      const zh = render(e, 'zh');
      const en = render(e, 'en');
      for (const channelId of r.channel_ids) {
        out.push({ org_id: r.org_id, rule_id: r.id, event_id: e.eventId, target: 'webhook', channel_id: channelId, to_addr: '', subject: zh.subject, body: `${zh.subject}\n${zh.body}\n\n${en.subject}\n${en.body}` });
      }
    }
  }
  return out;
}

/**
 * The push dispatcher and delivery worker of one server instance. `dispatch` is called with events after their
 * transaction committed; it only writes queue rows and never throws (a push failure must not touch the alarm
 * pipeline). The worker claims due rows (FOR UPDATE SKIP LOCKED), sends, and logs the result; a failed attempt
 * is retried with exponential back-off, then marked failed.
 */
export function createPushDispatcher(db: Db, log: FastifyBaseLogger, transport: PushTransport, options: Partial<PushWorkerOptions> = {}) {
  const opts = { ...defaultPushWorkerOptions, ...options };
  const pending = new Set<Promise<void>>();
  let running: Promise<number> | null = null;
  let again = false;
  let stopped = false;

  async function deliver(d: DeliveryRow): Promise<void> {
    try {
      if (d.unless_acked && d.event_id !== null && (await repo.eventAcknowledged(db, d.event_id))) {
        await repo.markCancelled(db, d.id);
        return;
      }
      if (d.target === 'email') {
        const smtp = await transport.smtp(db, d.org_id);
        if (!smtp) throw new Error('no SMTP server set for this organisation');
        await transport.sendMail(smtp, d.to_addr, d.subject, d.body);
      } else {
        const channel = d.channel_id === null ? undefined : await transport.channel(db, d.channel_id);
        if (!channel) throw new Error('channel removed');
        if (!channel.enabled) throw new Error('channel disabled');
        await transport.sendWebhook(channel, d.body);
      }
      await repo.markSent(db, d.id);
    } catch (err) {
      const message = transport.failureText(err);
      await repo.markFailed(db, d.id, message, backoffSeconds(d.attempts, opts));
      log.warn({ deliveryId: d.id, attempts: d.attempts, err: message }, 'push delivery failed');
    }
  }

  /** One pass: claims and sends every due delivery; resolves with how many were attempted. */
  async function pass(): Promise<number> {
    let total = 0;
    for (;;) {
      // The lease (twice the send timeout) keeps a crashed instance's claimed rows from being lost.
      const rows = await repo.claimDue(db, opts.batch, 60);
      if (rows.length === 0) return total;
      total += rows.length;
      await Promise.all(rows.map(deliver));
    }
  }

  function runOnce(): Promise<number> {
    if (running) {
      again = true;
      return running;
    }
    running = pass()
      .catch((err: unknown) => {
        log.error({ err }, 'push worker pass failed');
        return 0;
      })
      .finally(() => {
        running = null;
        if (again && !stopped) {
          again = false;
          void runOnce();
        }
      });
    return running;
  }

  const timer = opts.pollMs > 0 ? setInterval(() => void runOnce(), opts.pollMs) : null;
  timer?.unref();

  return {
    dispatch(events: RaisedEvent[]): void {
      if (events.length === 0) return;
      const p = (async () => {
        for (const e of events) await repo.enqueue(db, await deliveriesFor(db, e));
      })()
        .then(() => {
          if (!stopped) void runOnce();
        })
        .catch((err: unknown) => log.error({ err }, 'push dispatch failed'))
        .finally(() => pending.delete(p));
      pending.add(p);
    },
    /** Resolves when every dispatch so far has written its rows (tests, shutdown). */
    async settled(): Promise<void> {
      await Promise.all([...pending]);
    },
    runOnce,
    async stop(): Promise<void> {
      stopped = true;
      if (timer) clearInterval(timer);
      await Promise.all([...pending]);
      await running;
    },
  };
}

export type PushDispatcher = ReturnType<typeof createPushDispatcher>;

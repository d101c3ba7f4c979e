import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { SMTPServer } from 'smtp-server';
import { ErrorCode } from '@gridops/contract';
import { wallClock } from '@gridops/format';
import { hashPassword } from '../../lib/password.js';
import { apiHeaders, backends, loginAs, startTestApp, type TestApp } from '../../test-support/backends.js';
import { AlarmEngine } from '../alarm/engine.js';
import { PointRegistry } from '../telemetry/registry.js';
import { createPushDispatcher } from './dispatcher.js';

interface Envelope<T = unknown> {
  code: number;
  msg: string;
  data: T;
}
interface Mail {
  from: string;
  to: string[];
  user: string | undefined;
  raw: string;
}
interface Hook {
  path: string;
  query: URLSearchParams;
  body: Record<string, unknown>;
}

/** Waits until `check` holds, re-checking whenever `signal` fires (no sleeps). */
function waiter() {
  const listeners = new Set<() => void>();
  return {
    fire: () => listeners.forEach((l) => l()),
    until: (check: () => boolean) =>
      new Promise<void>((resolve) => {
        if (check()) return resolve();
        const l = () => {
          if (check()) {
            listeners.delete(l);
            resolve();
          }
        };
        listeners.add(l);
      }),
  };
}

/**
 * Push settings on a real database with a real SMTP server (smtp-server, in process) and a local HTTP receiver for
 * the robots: test sends, the signatures, rules matched by an alarm the engine raises, quiet hours, retries with
 * back-off, and tenancy.
 */
describe.each(backends)('push settings on %s', (backend) => {
  let t: TestApp;
  let centre: string;
  let site: string;
  let other: string;
  let orgId: number;
  let centreId: number;
  let smtp: SMTPServer;
  let smtpPort: number;
  let receiver: http.Server;
  let hookBase: string;
  const mails: Mail[] = [];
  const hooks: Hook[] = [];
  const mailSeen = waiter();
  const hookSeen = waiter();

  const call = async <T = unknown>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: unknown) => {
    const res = await t.app.inject({ method, url, headers: apiHeaders(token, { 'accept-language': 'en' }), ...(payload !== undefined ? { payload: payload as object } : {}) });
    return res.json<Envelope<T>>();
  };

  beforeAll(async () => {
    smtp = new SMTPServer({
      disabledCommands: ['STARTTLS'],
      authOptional: true,
      allowInsecureAuth: true,
      onAuth(auth, _session, cb) {
        if (auth.username === 'robot' && auth.password === 'smtp-secret-1') cb(null, { user: auth.username });
        else cb(new Error('bad login'));
      },
      onData(stream, session, cb) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          mails.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            user: typeof session.user === 'string' ? session.user : undefined,
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          cb();
          mailSeen.fire();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    smtpPort = (smtp.server.address() as AddressInfo).port;

    receiver = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const url = new URL(req.url ?? '/', 'http://x');
        hooks.push({ path: url.pathname, query: url.searchParams, body: JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Record<string, unknown> });
        if (url.pathname === '/fail') {
          res.writeHead(500).end('boom');
        } else {
          res.writeHead(200, { 'content-type': 'application/json' }).end(url.pathname === '/feishu' ? '{"code":0,"msg":"success"}' : '{"errcode":0,"errmsg":"ok"}');
        }
        hookSeen.fire();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    hookBase = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;

    // The SMTP server and the robots' receiver are on loopback: allowed for this test only (docs/security.md).
    t = await startTestApp(backend, { env: { OUTBOUND_ALLOW: '127.0.0.1' } });
    centre = await loginAs(t.app, 'centre');
    site = await loginAs(t.app, 'site');
    const db = t.database.db;
    const me = await db.selectFrom('users').select(['id', 'org_id']).where('username', '=', 'centre').executeTakeFirstOrThrow();
    orgId = me.org_id;
    centreId = me.id;
    await db.updateTable('users').set({ email: 'zhang.wei@example.com', language: 'en' }).where('id', '=', centreId).execute();
    const org = await db.insertInto('organizations').values({ parent_id: null, name: '其他客户', name_en: 'Other tenant', tier: 1, code: 'OT-push' }).returning('id').executeTakeFirstOrThrow();
    await db
      .insertInto('users')
      .values({ username: 'other-push', name: 'Other', user_type: 0, org_id: org.id, password_hash: await hashPassword('demo1234'), permissions: ['view', 'configure'] })
      .execute();
    other = await loginAs(t.app, 'other-push');
  });
  afterAll(async () => {
    await t?.close();
    await new Promise<void>((resolve) => smtp?.close(() => resolve()));
    await new Promise<void>((resolve) => receiver?.close(() => resolve()));
  });

  it('stores the SMTP password without returning it and sends a test mail through a real SMTP server', async () => {
    const saved = await call<{ password_set: boolean; configured: boolean }>('PUT', '/api/v6/push/smtp', centre, {
      org_id: orgId, host: '127.0.0.1', port: smtpPort, secure: false, username: 'robot', password: 'smtp-secret-1', from_addr: 'alarms@example.com',
    });
    expect(saved.code).toBe(1);
    expect(saved.data).toMatchObject({ password_set: true, configured: true });
    expect(JSON.stringify(saved)).not.toContain('smtp-secret-1');
    // Saving again without a password keeps the stored one.
    expect((await call('PUT', '/api/v6/push/smtp', centre, { org_id: orgId, host: '127.0.0.1', port: smtpPort, secure: false, username: 'robot', from_addr: 'alarms@example.com' })).code).toBe(1);

    const before = mails.length;
    const sent = await call<{ ok: boolean; error: string }>('POST', '/api/v6/push/test', centre, { target: 'smtp', org_id: orgId, to: 'ops@example.com' });
    expect(sent.data).toEqual({ ok: true, error: '' });
    await mailSeen.until(() => mails.length > before);
    expect(mails.at(-1)).toMatchObject({ from: 'alarms@example.com', to: ['ops@example.com'], user: 'robot' });
    expect(mails.at(-1)!.raw).toContain('Push test');

    const log = await call<{ target: string; status: string; to_addr: string }[]>('GET', `/api/v6/push/deliveries?org_id=${orgId}`, centre);
    expect(log.data[0]).toMatchObject({ target: 'email', status: 'sent', to_addr: 'ops@example.com' });
    const settings = await call('GET', `/api/v6/push/settings?org_id=${orgId}`, centre);
    expect(JSON.stringify(settings)).not.toContain('smtp-secret-1');
  });

  it('posts the WeCom, DingTalk (signed) and Feishu (signed) formats; secrets are never returned', async () => {
    const make = (kind: string, path: string, secret?: string) =>
      call<{ id: number; secret_set: boolean }>('POST', '/api/v6/push/channel', centre, { org_id: orgId, kind, name: `${kind} robot`, url: `${hookBase}${path}?access_token=abc`, ...(secret ? { secret } : {}) });
    const wecom = await make('wecom', '/wecom');
    const ding = await make('dingtalk', '/dingtalk', 'SECdingsecret');
    const feishu = await make('feishu', '/feishu', 'feishusecret');
    expect(ding.data.secret_set).toBe(true);
    expect(JSON.stringify(ding)).not.toContain('SECdingsecret');

    for (const c of [wecom, ding, feishu]) {
      const before = hooks.length;
      const r = await call<{ ok: boolean; error: string }>('POST', '/api/v6/push/test', centre, { target: c.data.id, org_id: orgId });
      expect(r.data, JSON.stringify(r)).toEqual({ ok: true, error: '' });
      await hookSeen.until(() => hooks.length > before);
    }
    const w = hooks.find((h) => h.path === '/wecom')!;
    expect(w.body).toMatchObject({ msgtype: 'text', text: { content: expect.stringContaining('Push test') } });

    const d = hooks.find((h) => h.path === '/dingtalk')!;
    expect(d.body).toMatchObject({ msgtype: 'text', text: { content: expect.stringContaining('Push test') } });
    const ts = d.query.get('timestamp')!;
    const expected = crypto.createHmac('sha256', 'SECdingsecret').update(`${ts}\nSECdingsecret`).digest('base64');
    expect(d.query.get('sign')).toBe(expected);
    expect(d.query.get('access_token')).toBe('abc');

    const f = hooks.find((h) => h.path === '/feishu')!;
    expect(f.body).toMatchObject({ msg_type: 'text', content: { text: expect.stringContaining('Push test') } });
    const fts = f.body.timestamp as string;
    expect(f.body.sign).toBe(crypto.createHmac('sha256', `${fts}\nfeishusecret`).update('').digest('base64'));

    const settings = await call('GET', `/api/v6/push/settings?org_id=${orgId}`, centre);
    expect(JSON.stringify(settings)).not.toMatch(/SECdingsecret|feishusecret/);
  });

  it('an alarm raised by the engine is delivered to a matching rule by e-mail (in the recipient language) and webhook, and not in quiet hours', async () => {
    const db = t.database.db;
    const registry = new PointRegistry(db);
    await registry.load();
    const engine = new AlarmEngine(db, registry);
    await engine.loadRules();
    const feeders = await db
      .selectFrom('devices as d')
      .innerJoin('device_points as p', 'p.device_id', 'd.id')
      .select(['d.id', 'd.project_id', 'p.id as point_id'])
      .where('d.kind', '=', 'feeder')
      .where('p.key', '=', 'breaker')
      .orderBy('d.id')
      .execute();
    const [f1, f2] = feeders;
    expect(feeders.length).toBeGreaterThanOrEqual(4);
    const push = createPushDispatcher(db, t.app.log, t.services.pushTransport, { pollMs: 0 });
    const trip = (pointId: number) => {
      const base = Date.now() - 60_000;
      return db.transaction().execute((trx) =>
        engine.evaluate(trx, [
          { pointId, ts: base, value: 1 },
          { pointId, ts: base + 1000, value: 0 },
        ]),
      );
    };
    const settings = await call<{ channels: { id: number; kind: string }[] }>('GET', `/api/v6/push/settings?org_id=${orgId}`, centre);
    const wecom = settings.data.channels.find((c) => c.kind === 'wecom')!;
    const rule = await call<{ id: number }>('POST', '/api/v6/push/rule', centre, {
      org_id: orgId, project_id: f1!.project_id, name: 'Breakers', event_types: [1, 2, 3], min_level: 1, user_ids: [centreId], channel_ids: [wecom.id], quiet_start: null, quiet_end: null, escalate_minutes: null, escalate_user_ids: [], enabled: true,
    });
    expect(rule.code, JSON.stringify(rule)).toBe(1);

    const raised = await trip(f1!.point_id);
    expect(raised.length).toBeGreaterThan(0);
    const mailsBefore = mails.length;
    const hooksBefore = hooks.length;
    push.dispatch(raised);
    await push.settled();
    await push.runOnce();
    await mailSeen.until(() => mails.length > mailsBefore);
    await hookSeen.until(() => hooks.length > hooksBefore);
    const mail = mails.at(-1)!;
    expect(mail.to).toEqual(['zhang.wei@example.com']);
    expect(mail.raw).toMatch(/Breaker|breaker/);
    const rows = await sql<{ status: string; target: string }>`SELECT status, target FROM push_deliveries WHERE event_id = ${raised[0]!.eventId} ORDER BY id`.execute(db);
    expect(rows.rows).toEqual([{ status: 'sent', target: 'email' }, { status: 'sent', target: 'webhook' }]);

    // Quiet hours around the site's current time: the same rule stays silent for the second feeder.
    const zone = (await db.selectFrom('projects').select('timezone').where('id', '=', f2!.project_id).executeTakeFirstOrThrow()).timezone;
    const now = wallClock(Date.now(), zone);
    const hh = (h: number) => `${String((h + 24) % 24).padStart(2, '0')}:00`;
    const quiet = await call('PUT', `/api/v6/push/rule/${rule.data.id}`, centre, {
      org_id: orgId, project_id: f2!.project_id, name: 'Breakers', event_types: [1, 2, 3], min_level: 1, user_ids: [centreId], channel_ids: [wecom.id], quiet_start: hh(now.hour - 1), quiet_end: hh(now.hour + 2), escalate_minutes: null, escalate_user_ids: [], enabled: true,
    });
    expect(quiet.code, JSON.stringify(quiet)).toBe(1);
    const silent = await trip(f2!.point_id);
    expect(silent.length).toBeGreaterThan(0);
    push.dispatch(silent);
    await push.settled();
    const none = await sql<{ n: number }>`SELECT count(*)::int AS n FROM push_deliveries WHERE event_id = ${silent[0]!.eventId}`.execute(db);
    expect(none.rows[0]!.n).toBe(0);

    // Escalation: not acknowledged within N minutes → the next person; an acknowledged event cancels the step.
    const f3 = feeders[2]!;
    const f4 = feeders[3]!;
    const second = await db.selectFrom('users').select(['id']).where('username', '=', 'site').executeTakeFirstOrThrow();
    await db.updateTable('users').set({ email: 'duty.two@example.com', language: 'zh', org_id: orgId }).where('id', '=', second.id).execute();
    const esc = await call('PUT', `/api/v6/push/rule/${rule.data.id}`, centre, {
      org_id: orgId, project_id: null, name: 'Breakers', event_types: [1, 2, 3], min_level: 1, user_ids: [centreId], channel_ids: [], quiet_start: null, quiet_end: null, escalate_minutes: 15, escalate_user_ids: [second.id], enabled: true,
    });
    expect(esc.code, JSON.stringify(esc)).toBe(1);
    for (const acknowledge of [false, true]) {
      const ev = await trip(acknowledge ? f4.point_id : f3.point_id);
      expect(ev.length).toBeGreaterThan(0);
      push.dispatch(ev);
      await push.settled();
      await push.runOnce();
      const id = ev[0]!.eventId;
      const step = await sql<{ id: number; status: string; to_addr: string; later: boolean }>`
        SELECT id::int AS id, status, to_addr, next_at > now() + interval '14 minutes' AS later FROM push_deliveries WHERE event_id = ${id} AND unless_acked`.execute(db);
      expect(step.rows).toEqual([{ id: expect.any(Number), status: 'pending', to_addr: 'duty.two@example.com', later: true }]);
      // The N minutes pass (moved in the database rather than waited for); the event is acknowledged or not.
      if (acknowledge) await db.updateTable('events').set({ acknowledged_at: new Date() }).where('id', '=', id).execute();
      await sql`UPDATE push_deliveries SET next_at = now() WHERE id = ${step.rows[0]!.id}`.execute(db);
      const before = mails.length;
      await push.runOnce();
      const after = (await sql<{ status: string }>`SELECT status FROM push_deliveries WHERE id = ${step.rows[0]!.id}`.execute(db)).rows[0]!;
      expect(after.status).toBe(acknowledge ? 'cancelled' : 'sent');
      if (!acknowledge) {
        await mailSeen.until(() => mails.length > before);
        expect(mails.some((m) => m.to.includes('duty.two@example.com'))).toBe(true);
      }
    }
    await push.stop();
  });

  it('a failing webhook is retried with back-off, logged, then given up; the alarm pipeline is unaffected', async () => {
    const db = t.database.db;
    const ch = await call<{ id: number }>('POST', '/api/v6/push/channel', centre, { org_id: orgId, kind: 'wecom', name: 'broken robot', url: `${hookBase}/fail` });
    const insert = () =>
      sql<{ id: number }>`INSERT INTO push_deliveries (org_id, target, channel_id, subject, body) VALUES (${orgId}, 'webhook', ${ch.data.id}, 's', 'b') RETURNING id::int AS id`.execute(db);
    const row = async (id: number) =>
      (await sql<{ status: string; attempts: number; last_error: string; later: boolean }>`SELECT status, attempts, last_error, next_at > now() AS later FROM push_deliveries WHERE id = ${id}`.execute(db)).rows[0]!;

    // Default back-off: after one failure the row waits (next_at in the future), still pending.
    const slow = createPushDispatcher(db, t.app.log, t.services.pushTransport, { pollMs: 0 });
    const a = (await insert()).rows[0]!.id;
    await slow.runOnce();
    expect(await row(a)).toMatchObject({ status: 'pending', attempts: 1, last_error: expect.stringMatching(/HTTP 500: the server answered with an error$/), later: true });
    await slow.stop();
    await sql`UPDATE push_deliveries SET status = 'failed' WHERE id = ${a}`.execute(db);

    // No back-off: retried on each pass until the attempts are used up.
    const fast = createPushDispatcher(db, t.app.log, t.services.pushTransport, { pollMs: 0, baseSeconds: 0, maxAttempts: 3 });
    const b = (await insert()).rows[0]!.id;
    const failsBefore = hooks.filter((h) => h.path === '/fail').length;
    await fast.runOnce();
    expect(await row(b)).toMatchObject({ status: 'failed', attempts: 3, last_error: expect.stringMatching(/HTTP 500: the server answered with an error$/) });
    expect(hooks.filter((h) => h.path === '/fail').length - failsBefore).toBe(3);
    await fast.stop();

    // dispatch returns at once and never throws: the ingest transaction never waits for pushes.
    const broken = createPushDispatcher(db, t.app.log, t.services.pushTransport, { pollMs: 0 });
    expect(() => broken.dispatch([{ eventId: 1, projectId: -1, type: 2, level: 3, project: { zh: 'x', en: 'x' }, text: { key: 'alarm.digital', params: {} }, raisedAt: Date.now() } as never])).not.toThrow();
    await broken.stop();
  });

  it('validates rules naming the field', async () => {
    const bad = await call<{ field?: string }>('POST', '/api/v6/push/rule', centre, {
      org_id: orgId, project_id: null, name: 'x', event_types: [2], min_level: 2, user_ids: [], channel_ids: [], quiet_start: null, quiet_end: null, escalate_minutes: null, escalate_user_ids: [], enabled: true,
    });
    expect(bad.code).toBe(ErrorCode.Validation);
    expect(bad.data.field).toBe('user_ids');
    const hours = await call<{ field?: string }>('POST', '/api/v6/push/rule', centre, {
      org_id: orgId, project_id: null, name: 'x', event_types: [2], min_level: 2, user_ids: [centreId], channel_ids: [], quiet_start: '25:00', quiet_end: null, escalate_minutes: null, escalate_user_ids: [], enabled: true,
    });
    expect(hours.code).toBe(ErrorCode.Validation);
  });

  it('tenancy: another organisation and site users see and change nothing', async () => {
    const settings = await call<{ channels: { id: number }[]; rules: { id: number }[] }>('GET', `/api/v6/push/settings?org_id=${orgId}`, centre);
    const channelId = settings.data.channels[0]!.id;
    expect((await call('GET', `/api/v6/push/settings?org_id=${orgId}`, other)).code).toBe(ErrorCode.Forbidden);
    // The site user (moved into this organisation above) reads his projects' rules only, never SMTP or channels
    // (docs/push.md "Site users"; the site scope itself: pushSiteScope.int.test.ts).
    const seen = await call<{ smtp: { host: string }; channels: unknown[] }>('GET', `/api/v6/push/settings?org_id=${orgId}`, site);
    expect(seen.code).toBe(1);
    expect(seen.data.smtp.host).toBe('');
    expect(seen.data.channels).toEqual([]);
    for (const token of [other, site]) {
      expect((await call('GET', `/api/v6/push/deliveries?org_id=${orgId}`, token)).code).toBe(ErrorCode.Forbidden);
      expect((await call('PUT', '/api/v6/push/smtp', token, { org_id: orgId, host: 'evil', port: 25, secure: false, username: '', from_addr: 'x@example.com' })).code).toBe(ErrorCode.Forbidden);
      expect((await call('PUT', `/api/v6/push/channel/${channelId}`, token, { kind: 'wecom', name: 'evil', url: 'http://evil.example/', enabled: true })).code).toBe(ErrorCode.Forbidden);
      expect((await call('DELETE', `/api/v6/push/channel/${channelId}`, token)).code).toBe(ErrorCode.Forbidden);
      expect((await call('POST', '/api/v6/push/test', token, { target: channelId, org_id: orgId })).code).toBe(ErrorCode.Forbidden);
    }
    // Another organisation's centre user may not point a rule of its own at this organisation's channel.
    const otherOrg = (await t.database.db.selectFrom('users').select('org_id').where('username', '=', 'other-push').executeTakeFirstOrThrow()).org_id;
    const r = await call<{ field?: string }>('POST', '/api/v6/push/rule', other, {
      org_id: otherOrg, project_id: null, name: 'steal', event_types: [2], min_level: 1, user_ids: [], channel_ids: [channelId], quiet_start: null, quiet_end: null, escalate_minutes: null, escalate_user_ids: [], enabled: true,
    });
    expect(r.code).toBe(ErrorCode.Validation);
    expect(r.data.field).toBe('channel_ids');
  });
});

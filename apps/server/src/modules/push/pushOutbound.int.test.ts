import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { SMTPServer } from 'smtp-server';
import { ErrorCode } from '@gridops/contract';
import { buildApp } from '../../app.js';
import { apiHeaders, backends, loginAs, startTestApp, testConfig, type TestApp } from '../../test-support/backends.js';

interface Envelope<T = unknown> {
  code: number;
  msg: string;
  data: T;
}

const INTERNAL_PAGE = 'db_password=hunter2-internal';

const listen = async <S extends http.Server | net.Server>(server: S, host = '127.0.0.1'): Promise<number> => {
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  return (server.address() as AddressInfo).port;
};
const closeServer = (s: { close(cb: () => void): unknown } | undefined) => new Promise<void>((resolve) => (s ? s.close(() => resolve()) : resolve()));

/** A loopback SMTP server recording every login it is offered (user and password). */
function recordingSmtp(logins: { user: string; pass: string; port: number }[]) {
  const server: SMTPServer = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    authOptional: true,
    onAuth(auth, _session, cb) {
      logins.push({ user: auth.username ?? '', pass: auth.password ?? '', port: (server.server.address() as AddressInfo).port });
      cb(null, { user: auth.username });
    },
    onData(stream, _session, cb) {
      stream.resume();
      stream.on('end', () => cb());
    },
  });
  return server;
}

/**
 * Outbound requests and stored secrets of the push settings (docs/security.md "Outbound requests", "Stored
 * secrets"): "send test" to internal addresses is refused unless OUTBOUND_ALLOW names them, redirects are not
 * followed, a remote answer is never repeated, SMTP is no port scanner; a stored password or webhook key never
 * follows a changed host; secrets are ciphertext in the database and masked in answers and the usage log.
 */
describe.each(backends)('push outbound requests and stored secrets on %s', (backend) => {
  let t: TestApp;
  let allowed: TestApp['app'];
  let centre: string;
  let centreAllowed: string;
  let orgId: number;
  let internal: http.Server;
  let internalPort: number;
  const internalHits: string[] = [];
  let redirector: http.Server;
  let redirectorPort: number;
  let notSmtp: net.Server;
  let notSmtpPort: number;
  let closedPort: number;
  let smtpA: SMTPServer;
  let smtpB: SMTPServer;
  let smtpAPort: number;
  let smtpBPort: number;
  const logins: { user: string; pass: string; port: number }[] = [];

  const call = async <T = unknown>(app: TestApp['app'], method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: unknown) => {
    const res = await app.inject({ method, url, headers: apiHeaders(token, { 'accept-language': 'en' }), ...(payload !== undefined ? { payload: payload as object } : {}) });
    return res.json<Envelope<T>>();
  };
  const channel = async (app: TestApp['app'], token: string, url: string, secret?: string) => {
    const r = await call<{ id: number; url: string }>(app, 'POST', '/api/v6/push/channel', token, { org_id: orgId, kind: 'wecom', name: `robot ${Math.random().toString(36).slice(2, 8)}`, url, ...(secret ? { secret } : {}) });
    expect(r.code, JSON.stringify(r)).toBe(1);
    return r.data;
  };
  const testSend = (app: TestApp['app'], token: string, target: number | 'smtp', to?: string) =>
    call<{ ok: boolean; error: string }>(app, 'POST', '/api/v6/push/test', token, { target, org_id: orgId, ...(to ? { to } : {}) });
  const smtpSave = (app: TestApp['app'], token: string, body: Record<string, unknown>) =>
    call<{ password_set: boolean }>(app, 'PUT', '/api/v6/push/smtp', token, { org_id: orgId, secure: false, username: 'robot', from_addr: 'alarms@example.com', ...body });

  beforeAll(async () => {
    // An internal page (what an attacker wants read) and an allowed host that redirects to it.
    internal = http.createServer((req, res) => {
      internalHits.push(req.url ?? '');
      req.resume();
      res.writeHead(req.url?.startsWith('/fail') ? 500 : 200, { 'content-type': 'text/plain' }).end(INTERNAL_PAGE);
    });
    internalPort = await listen(internal);
    redirector = http.createServer((req, res) => {
      req.resume();
      res.writeHead(302, { location: `http://127.0.0.1:${internalPort}/internal` }).end();
    });
    redirectorPort = await listen(redirector, '127.0.0.2');
    // A port that is open but speaks no SMTP, and one that is closed.
    notSmtp = net.createServer((s) => s.end('HTTP/1.1 400 Bad Request\r\n\r\n'));
    notSmtpPort = await listen(notSmtp);
    const probe = net.createServer();
    closedPort = await listen(probe);
    await closeServer(probe);
    smtpA = recordingSmtp(logins);
    smtpB = recordingSmtp(logins);
    smtpAPort = await listen(smtpA.server as net.Server);
    smtpBPort = await listen(smtpB.server as net.Server);

    t = await startTestApp(backend);
    centre = await loginAs(t.app, 'centre');
    orgId = (await t.database.db.selectFrom('users').select('org_id').where('username', '=', 'centre').executeTakeFirstOrThrow()).org_id;
    // The same database served by an instance whose operator allowed 127.0.0.1 (not 127.0.0.2's redirect target).
    ({ app: allowed } = await buildApp({ config: testConfig({ OUTBOUND_ALLOW: '127.0.0.1,127.0.0.2' }), db: t.database.db, logger: false }));
    await allowed.ready();
    centreAllowed = await loginAs(allowed, 'centre');
  });
  afterAll(async () => {
    await allowed?.close();
    await t?.close();
    for (const s of [internal, redirector, notSmtp]) await closeServer(s);
    for (const s of [smtpA, smtpB]) await closeServer(s);
  });

  it('refuses a webhook test-send to a loopback listener without OUTBOUND_ALLOW and never repeats the answer', async () => {
    const c = await channel(t.app, centre, `http://127.0.0.1:${internalPort}/internal`);
    const before = internalHits.length;
    const r = await testSend(t.app, centre, c.id);
    expect(r.code).toBe(1);
    expect(r.data.ok).toBe(false);
    expect(r.data.error).toMatch(/internal network/);
    expect(JSON.stringify(r)).not.toContain('db_password');
    expect(internalHits.length).toBe(before);
    // Other loopback spellings and internal ranges are the same address.
    for (const url of [`http://localhost:${internalPort}/x`, `http://[::ffff:127.0.0.1]:${internalPort}/x`, `http://2130706433:${internalPort}/x`, 'http://169.254.169.254/latest/meta-data/', 'http://10.1.2.3/', 'http://[::1]/']) {
      const ch = await channel(t.app, centre, url);
      expect((await testSend(t.app, centre, ch.id)).data, url).toMatchObject({ ok: false, error: expect.stringMatching(/internal network/) });
    }
    expect(internalHits.length).toBe(before);
    const log = await call<{ last_error: string }[]>(t.app, 'GET', `/api/v6/push/deliveries?org_id=${orgId}`, centre);
    expect(JSON.stringify(log)).not.toContain('db_password');
  });

  it('sends to a loopback listener OUTBOUND_ALLOW names, and repeats only the status of a failure, never its body', async () => {
    const ok = await channel(allowed, centreAllowed, `http://127.0.0.1:${internalPort}/internal`);
    expect((await testSend(allowed, centreAllowed, ok.id)).data).toEqual({ ok: true, error: '' });
    const failing = await channel(allowed, centreAllowed, `http://127.0.0.1:${internalPort}/fail`);
    const r = await testSend(allowed, centreAllowed, failing.id);
    expect(r.data).toEqual({ ok: false, error: 'HTTP 500: the server answered with an error' });
    const log = await call<{ last_error: string }[]>(allowed, 'GET', `/api/v6/push/deliveries?org_id=${orgId}`, centreAllowed);
    expect(log.data[0]!.last_error).toContain('HTTP 500');
    expect(JSON.stringify(log)).not.toContain('db_password');
  });

  it('does not follow a redirect from an allowed host to a loopback address', async () => {
    const c = await channel(allowed, centreAllowed, `http://127.0.0.2:${redirectorPort}/hook`);
    const before = internalHits.length;
    const r = await testSend(allowed, centreAllowed, c.id);
    expect(r.data).toEqual({ ok: false, error: 'HTTP 302: the server answered with a redirect, which is not followed' });
    expect(internalHits.length).toBe(before);
  });

  it('refuses an SMTP host on loopback with one reason for an open and a closed port, and with the allow-list one reason for both again', async () => {
    const outcomes = async (app: TestApp['app'], token: string) => {
      const errors: string[] = [];
      for (const port of [smtpAPort, notSmtpPort, closedPort]) {
        expect((await smtpSave(app, token, { host: '127.0.0.1', port, password: '' })).code).toBe(1);
        const r = await testSend(app, token, 'smtp', 'ops@example.com');
        expect(r.data.ok).toBe(false);
        errors.push(r.data.error);
      }
      return errors;
    };
    const refused = await outcomes(t.app, centre);
    expect(new Set(refused).size).toBe(1);
    expect(refused[0]).toMatch(/internal network/);
    expect(logins).toEqual([]);
    // Allowed: a port that speaks no SMTP and a closed port give the same generic reason.
    const errors: string[] = [];
    for (const port of [notSmtpPort, closedPort]) {
      expect((await smtpSave(allowed, centreAllowed, { host: '127.0.0.1', port, password: '' })).code).toBe(1);
      errors.push((await testSend(allowed, centreAllowed, 'smtp', 'ops@example.com')).data.error);
    }
    expect(errors).toEqual(['the server could not be reached', 'the server could not be reached']);
  });

  it("changing the SMTP host or port without the password is refused, and the stored password never reaches the new server", async () => {
    const saved = await smtpSave(allowed, centreAllowed, { host: '127.0.0.1', port: smtpAPort, password: 'Sup3rSecretSMTP!' });
    expect(saved).toMatchObject({ code: 1, data: { password_set: true } });
    expect(JSON.stringify(saved)).not.toContain('Sup3rSecretSMTP!');
    expect((await testSend(allowed, centreAllowed, 'smtp', 'ops@example.com')).data).toEqual({ ok: true, error: '' });
    expect(logins).toEqual([{ user: 'robot', pass: 'Sup3rSecretSMTP!', port: smtpAPort }]);

    // Another port (another server) without the password: 10042 naming the password; nothing stored changes.
    const moved = await smtpSave(allowed, centreAllowed, { host: '127.0.0.1', port: smtpBPort });
    expect(moved).toMatchObject({ code: ErrorCode.SecretRequired, data: { field: 'password' } });
    expect(moved.msg).toMatch(/enter the password again/);
    const renamed = await smtpSave(allowed, centreAllowed, { host: 'localhost', port: smtpAPort });
    expect(renamed).toMatchObject({ code: ErrorCode.SecretRequired, data: { field: 'password' } });
    await testSend(allowed, centreAllowed, 'smtp', 'ops@example.com');
    expect(logins.filter((l) => l.port === smtpBPort)).toEqual([]);
    // Same server without the password keeps it; the new server with the password entered again is fine.
    expect((await smtpSave(allowed, centreAllowed, { host: '127.0.0.1', port: smtpAPort })).code).toBe(1);
    expect((await smtpSave(allowed, centreAllowed, { host: '127.0.0.1', port: smtpBPort, password: 'another-one' })).code).toBe(1);
    expect((await testSend(allowed, centreAllowed, 'smtp', 'ops@example.com')).data.ok).toBe(true);
    expect(logins.filter((l) => l.port === smtpBPort)).toEqual([{ user: 'robot', pass: 'another-one', port: smtpBPort }]);
    expect(logins.some((l) => l.port === smtpBPort && l.pass === 'Sup3rSecretSMTP!')).toBe(false);

    // At rest: ciphertext, not the password.
    const row = (await sql<{ password: string }>`SELECT password FROM push_smtp WHERE org_id = ${orgId}`.execute(t.database.db)).rows[0]!;
    expect(row.password).toMatch(/^gs1:/);
    expect(row.password).not.toContain('another-one');
  });

  it("a webhook's key and signing secret stay with its host: masked in answers and the usage log, sealed at rest, refused for another host", async () => {
    const hits: URL[] = [];
    const robot = http.createServer((req, res) => {
      hits.push(new URL(req.url ?? '/', 'http://x'));
      req.resume();
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"errcode":0}');
    });
    const robotPort = await listen(robot);
    try {
      const url = `http://127.0.0.1:${robotPort}/cgi-bin/webhook/send?key=tok-7f3a9c21&x=1`;
      const created = await call<{ id: number; url: string }>(allowed, 'POST', '/api/v6/push/channel', centreAllowed, { org_id: orgId, kind: 'dingtalk', name: 'Keyed robot', url, secret: 'SECsigning-77' });
      expect(created.code).toBe(1);
      expect(created.data.url).toBe(`http://127.0.0.1:${robotPort}/cgi-bin/webhook/send?key=***&x=1`);
      const settings = await call(allowed, 'GET', `/api/v6/push/settings?org_id=${orgId}`, centreAllowed);
      expect(JSON.stringify(settings)).not.toMatch(/tok-7f3a9c21|SECsigning-77/);

      // Saved back as shown (masked) to the same host: the key is kept and still sent.
      const kept = await call<{ url: string }>(allowed, 'PUT', `/api/v6/push/channel/${created.data.id}`, centreAllowed, { kind: 'dingtalk', name: 'Keyed robot 2', url: created.data.url, enabled: true });
      expect(kept.code, JSON.stringify(kept)).toBe(1);
      expect((await testSend(allowed, centreAllowed, created.data.id)).data).toEqual({ ok: true, error: '' });
      expect(hits.at(-1)!.searchParams.get('key')).toBe('tok-7f3a9c21');

      // The masked URL pointed elsewhere: refused naming the URL; a new full URL without the secret: naming it.
      const elsewhere = created.data.url.replace(`127.0.0.1:${robotPort}`, `127.0.0.2:${robotPort}`);
      expect(await call(allowed, 'PUT', `/api/v6/push/channel/${created.data.id}`, centreAllowed, { kind: 'dingtalk', name: 'x', url: elsewhere, enabled: true })).toMatchObject({ code: ErrorCode.SecretRequired, data: { field: 'url' } });
      expect(await call(allowed, 'PUT', `/api/v6/push/channel/${created.data.id}`, centreAllowed, { kind: 'dingtalk', name: 'x', url: `http://127.0.0.2:${robotPort}/hook?key=new`, enabled: true })).toMatchObject({ code: ErrorCode.SecretRequired, data: { field: 'secret' } });
      expect(await call(t.app, 'POST', '/api/v6/push/channel', centre, { org_id: orgId, kind: 'wecom', name: 'masked', url: created.data.url })).toMatchObject({ code: ErrorCode.SecretRequired, data: { field: 'url' } });

      const row = (await sql<{ url: string; secret: string }>`SELECT url, secret FROM push_channels WHERE id = ${created.data.id}`.execute(t.database.db)).rows[0]!;
      expect(row.url).toMatch(/^gs1:/);
      expect(row.secret).toMatch(/^gs1:/);
      expect(JSON.stringify(row)).not.toMatch(/tok-7f3a9c21|SECsigning-77|127\.0\.0\.1/);
      const audit = await sql<{ after: unknown }>`SELECT after FROM audit_log WHERE action LIKE 'push.%'`.execute(t.database.db);
      expect(audit.rows.length).toBeGreaterThan(0);
      expect(JSON.stringify(audit.rows)).toContain('key=***');
      expect(JSON.stringify(audit.rows)).not.toMatch(/tok-7f3a9c21|SECsigning-77|Sup3rSecretSMTP!/);
    } finally {
      await closeServer(robot);
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import mqtt, { type MqttClient } from 'mqtt';
import { ErrorCode } from '@gridops/contract';
import type { Database } from '../../db/database.js';
import { apiHeaders, backends, createTestDatabase, type TestDatabase } from '../../test-support/backends.js';
import { startHarness, type Harness } from '../../test-support/pipelineHarness.js';
import { hashPassword, verifyPassword } from '../../lib/password.js';
import { bootstrapAdmin } from './bootstrap.js';

const ADMIN_PASSWORD = 'First-Start-2026';
const NEW_PASSWORD = 'Grid0ps-Admin!x';

describe.each(backends)('first-start administrator on %s', (backend) => {
  let tdb: TestDatabase;
  let database: Database;
  beforeAll(async () => {
    tdb = await createTestDatabase(backend, { template: 'migrated' });
    database = await tdb.open();
  });
  afterAll(async () => {
    await database?.close();
    await tdb?.drop();
  });

  it('creates exactly one administrator and one root organisation when two starts race, then never again', async () => {
    const opts = { adminUsername: 'root-admin', adminPassword: undefined, orgName: '测试集团', orgNameEn: 'Test Group' };
    const warnings: string[] = [];
    const log = { info: () => undefined, warn: (_o: unknown, msg?: string) => void warnings.push(msg ?? '') };
    const results = await Promise.all([bootstrapAdmin(database.db, opts, log), bootstrapAdmin(database.db, opts, log)]);
    expect(results.filter((r) => r.created)).toHaveLength(1);
    const created = results.find((r) => r.created)!;
    // The one-time password meets the policy and is printed exactly once.
    expect(created.oneTimePassword).toMatch(/^[A-Za-z0-9]{16}$/);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain(created.oneTimePassword);

    const users = await database.db.selectFrom('users').selectAll().execute();
    expect(users).toHaveLength(1);
    expect(users[0]).toMatchObject({ username: 'root-admin', user_type: 0, can_control: true, must_change_password: true });
    // Only the hash is stored, and it is the hash of the printed password.
    expect(users[0]!.password_hash).not.toContain(created.oneTimePassword!);
    expect(await verifyPassword(created.oneTimePassword!, users[0]!.password_hash)).toBe(true);
    const orgs = await database.db.selectFrom('organizations').selectAll().execute();
    expect(orgs).toEqual([expect.objectContaining({ id: users[0]!.org_id, parent_id: null, tier: 1, name: '测试集团', name_en: 'Test Group' })]);

    // A later start (other username, a password given) changes nothing.
    const again = await bootstrapAdmin(database.db, { ...opts, adminUsername: 'other', adminPassword: 'Another-Pass-1' }, log);
    expect(again.created).toBe(false);
    expect(await database.db.selectFrom('users').select('username').execute()).toEqual([{ username: 'root-admin' }]);
    expect(warnings).toHaveLength(1);
  });
});

describe.each(backends)('account API on %s (SEED_DEMO=0, ADMIN_PASSWORD set)', (backend) => {
  let h: Harness;
  let wsUrl: string;
  const clients: MqttClient[] = [];

  beforeAll(async () => {
    h = await startHarness(backend, { SEED_DEMO: '0', ADMIN_USERNAME: 'boss', ADMIN_PASSWORD, ORG_NAME: '滨海能源', ORG_NAME_EN: 'Binhai Energy' });
    wsUrl = `ws://127.0.0.1:${h.rt.broker!.wsPort}/mqtt`;
  }, 120_000);
  afterAll(async () => {
    for (const c of clients) c.end(true);
    await h?.close();
  });

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token?: string, payload?: object, lang?: string) =>
    h.rt.app.inject({ method, url, headers: apiHeaders(token, lang ? { 'accept-language': lang } : {}), ...(payload ? { payload } : {}) });
  const login = async (password: string, devicetype = 'pc') => {
    const res = await h.rt.app.inject({ method: 'POST', url: '/api/v6/user/login', headers: apiHeaders(undefined, { devicetype }), payload: { username: 'boss', password } });
    expect(res.json().code).toBe(1);
    return res.json().data as { token: string; mustChangePassword: boolean; userInfo: { id: number; org_id: number; must_change_password: boolean; language: string | null; mqtt: { username: string; pass: string } } };
  };

  it('bootstraps the administrator at the root organisation; it must change the password before anything else', async () => {
    const first = await login(ADMIN_PASSWORD);
    expect(first.mustChangePassword).toBe(true);
    expect(first.userInfo.must_change_password).toBe(true);

    // Every route but change-password, userinfo and logout answers 10030.
    for (const url of ['/api/v6/org/tree', '/api/v6/project/list', '/api/v6/account/profile', '/api/v6/account/sessions']) {
      const res = await call('GET', url, first.token);
      expect(res.json().code, url).toBe(ErrorCode.PasswordChangeRequired);
      expect(res.statusCode).toBe(403);
    }
    expect((await call('PUT', '/api/v6/account/language', first.token, { language: 'en' })).json().code).toBe(ErrorCode.PasswordChangeRequired);
    expect((await call('GET', '/api/v6/user/userinfo', first.token)).json()).toMatchObject({ code: 1, data: { must_change_password: true } });

    // The policy, with the field named, in the caller's language.
    const weak = await call('POST', '/api/v6/account/password', first.token, { old_password: ADMIN_PASSWORD, new_password: 'short' }, 'en');
    expect(weak.statusCode).toBe(400);
    expect(weak.json()).toMatchObject({ code: ErrorCode.Validation, msg: expect.stringMatching(/^New password does not meet the password policy: .*10 to 128 characters/) });
    const sameAsUser = await call('POST', '/api/v6/account/password', first.token, { old_password: ADMIN_PASSWORD, new_password: 'password123' });
    expect(sameAsUser.json().msg).toMatch(/^新密码不符合密码规则/);
    const wrongOld = await call('POST', '/api/v6/account/password', first.token, { old_password: 'nope', new_password: NEW_PASSWORD }, 'en');
    expect(wrongOld.json()).toMatchObject({ code: ErrorCode.Validation, msg: 'The current password is wrong' });

    const changed = await call('POST', '/api/v6/account/password', first.token, { old_password: ADMIN_PASSWORD, new_password: NEW_PASSWORD });
    expect(changed.json()).toMatchObject({ code: 1 });
    const tree = await call('GET', '/api/v6/org/tree', first.token);
    expect(tree.json().code).toBe(1);
    const profile = await call('GET', '/api/v6/account/profile', first.token);
    expect(profile.json().data).toMatchObject({ username: 'boss', userType: 0, org_name: '滨海能源', org_name_en: 'Binhai Energy', must_change_password: false });

    // The old password is gone; the new one logs in without the flag.
    const old = await h.rt.app.inject({ method: 'POST', url: '/api/v6/user/login', headers: apiHeaders(), payload: { username: 'boss', password: ADMIN_PASSWORD } });
    expect(old.json().code).toBe(ErrorCode.BadCredentials);
    expect((await login(NEW_PASSWORD)).mustChangePassword).toBe(false);
  });

  it('edits the profile, validates it naming the field, and stores the language login answers', async () => {
    const { token } = await login(NEW_PASSWORD);
    const bad = await call('PUT', '/api/v6/account/profile', token, { name: '王工', name_en: 'Wang', phone: '12', email: 'x' }, 'en');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe(ErrorCode.Validation);
    expect(bad.json().msg).toMatch(/phone|email/);
    const ok = await call('PUT', '/api/v6/account/profile', token, { name: '王工', name_en: 'Wang Gong', phone: '13800138000', email: 'wang@example.com' });
    expect(ok.json().data).toMatchObject({ name: '王工', name_en: 'Wang Gong', phone: '13800138000', email: 'wang@example.com' });

    expect((await call('PUT', '/api/v6/account/language', token, { language: 'en' })).json().code).toBe(1);
    const again = await login(NEW_PASSWORD);
    expect(again.userInfo.language).toBe('en');
    expect((await call('GET', '/api/v6/user/userinfo', again.token)).json().data.language).toBe('en');
    // null: no preference again.
    expect((await call('PUT', '/api/v6/account/language', token, { language: null })).json().code).toBe(1);
    expect((await call('GET', '/api/v6/user/userinfo', again.token)).json().data.language).toBeNull();
    expect((await call('PUT', '/api/v6/account/language', token, { language: 'fr' })).json().code).toBe(ErrorCode.Validation);
  });

  it('lists sessions; "sign out everywhere else" ends the other tokens and their MQTT connections', async () => {
    const phone = await login(NEW_PASSWORD, 'worker');
    const desk = await login(NEW_PASSWORD);
    const mqttClient = await mqtt.connectAsync(wsUrl, {
      username: phone.userInfo.mqtt.username,
      password: phone.userInfo.mqtt.pass,
      clientId: `gridops_web_${phone.userInfo.id}_phone`,
      reconnectPeriod: 0,
    });
    clients.push(mqttClient);
    const closed = new Promise<void>((resolve) => mqttClient.once('close', () => resolve()));

    const list = (await call('GET', '/api/v6/account/sessions', desk.token)).json().data as Array<{ id: number; device_type: string; current: boolean }>;
    expect(list.filter((s) => s.current)).toHaveLength(1);
    expect(list.map((s) => s.device_type)).toEqual(expect.arrayContaining(['pc', 'worker']));

    const ended = await call('POST', '/api/v6/account/sessions/end-others', desk.token);
    expect(ended.json().data.revoked).toBeGreaterThanOrEqual(1);
    await closed;
    expect((await call('GET', '/api/v6/user/userinfo', phone.token)).json().code).toBe(ErrorCode.SessionInvalid);
    expect((await call('GET', '/api/v6/user/userinfo', desk.token)).json().code).toBe(1);
    const left = (await call('GET', '/api/v6/account/sessions', desk.token)).json().data as Array<{ id: number; current: boolean }>;
    expect(left).toEqual([expect.objectContaining({ current: true })]);

    // Sign out one: a session of this user ends; an unknown (or another user's) id is not found.
    const other = await login(NEW_PASSWORD);
    const otherId = Number(other.userInfo.mqtt.username.replace('session-', ''));
    expect((await call('DELETE', `/api/v6/account/sessions/${otherId}`, desk.token)).json()).toMatchObject({ code: 1, data: { revoked: 1 } });
    expect((await call('GET', '/api/v6/user/userinfo', other.token)).json().code).toBe(ErrorCode.SessionInvalid);
    expect((await call('DELETE', `/api/v6/account/sessions/${otherId}`, desk.token)).json().code).toBe(ErrorCode.NotFound);
  });

  it("never lists or ends another user's sessions", async () => {
    const db = h.rt.database.db;
    const admin = await db.selectFrom('users').select('org_id').where('username', '=', 'boss').executeTakeFirstOrThrow();
    await db.insertInto('users').values({ username: 'neighbour', name: '邻居', user_type: 0, org_id: admin.org_id, password_hash: await hashPassword(NEW_PASSWORD) }).execute();
    const res = await h.rt.app.inject({ method: 'POST', url: '/api/v6/user/login', headers: apiHeaders(), payload: { username: 'neighbour', password: NEW_PASSWORD } });
    const neighbour = res.json().data as { token: string; userInfo: { mqtt: { username: string } } };
    const neighbourSession = Number(neighbour.userInfo.mqtt.username.replace('session-', ''));
    const { token } = await login(NEW_PASSWORD);

    const mine = (await call('GET', '/api/v6/account/sessions', token)).json().data as Array<{ id: number }>;
    expect(mine.map((s) => s.id)).not.toContain(neighbourSession);
    expect((await call('DELETE', `/api/v6/account/sessions/${neighbourSession}`, token)).json().code).toBe(ErrorCode.NotFound);
    await call('POST', '/api/v6/account/sessions/end-others', token);
    expect((await call('GET', '/api/v6/user/userinfo', neighbour.token)).json().code).toBe(1);
  });
});

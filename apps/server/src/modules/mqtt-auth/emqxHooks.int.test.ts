import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gatewayTopics } from '@gridops/contract';
import { backends, startTestApp, type TestApp } from '../../test-support/backends.js';
import { issueGatewaySecret } from './gatewaySecrets.js';

const SERVICE = { MQTT_SERVICE_USERNAME: 'gridops-service', MQTT_SERVICE_PASSWORD: 'emqx-hook-test-secret' };
const SN = 'GW-SZIP-01';

/** What EMQX 5 (JSON, result in the body) and EMQX 4 (form, status code only: ?emqx=4) send to the hooks. */
describe.each(backends)('EMQX HTTP auth and ACL hooks, versions 4 and 5 (%s)', (kind) => {
  let t: TestApp;
  let secret: string;
  beforeAll(async () => {
    t = await startTestApp(kind, { env: SERVICE });
    secret = await issueGatewaySecret(t.database.db, SN);
  });
  afterAll(() => t?.close());

  const headers = { 'x-gridops-broker-secret': SERVICE.MQTT_SERVICE_PASSWORD };
  const form = (fields: Record<string, string>) => ({
    headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });

  it('EMQX 5: JSON in, 200 with result allow/deny', async () => {
    const ok = await t.app.inject({ method: 'POST', url: '/api/mqtt/auth', headers, payload: { username: SN, password: secret, clientid: `gw-${SN}` } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ result: 'allow', is_superuser: false });
    const bad = await t.app.inject({ method: 'POST', url: '/api/mqtt/auth', headers, payload: { username: SN, password: 'wrong', clientid: `gw-${SN}` } });
    expect(bad.statusCode).toBe(200);
    expect(bad.json()).toEqual({ result: 'deny' });
    const acl = await t.app.inject({ method: 'POST', url: '/api/mqtt/acl', headers, payload: { username: SN, topic: gatewayTopics(SN).telemetry, action: 'publish' } });
    expect(acl.json()).toEqual({ result: 'allow' });
  });

  it('EMQX 4: a form in, 200 to allow and 403 to deny; the ACL action as access=1|2', async () => {
    const ok = await t.app.inject({ method: 'POST', url: '/api/mqtt/auth?emqx=4', ...form({ username: SN, password: secret, clientid: `gw-${SN}` }) });
    expect(ok.statusCode).toBe(200);
    const bad = await t.app.inject({ method: 'POST', url: '/api/mqtt/auth?emqx=4', ...form({ username: SN, password: 'wrong', clientid: `gw-${SN}` }) });
    expect(bad.statusCode).toBe(403);
    const wrongBroker = await t.app.inject({ method: 'POST', url: '/api/mqtt/auth?emqx=4', ...form({ username: SN, password: secret, clientid: `gw-${SN}` }), headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(wrongBroker.statusCode).toBe(403);

    const acl = (topic: string, access: string) => t.app.inject({ method: 'POST', url: '/api/mqtt/acl?emqx=4', ...form({ username: SN, clientid: `gw-${SN}`, topic, access }) });
    expect((await acl(gatewayTopics(SN).telemetry, '2')).statusCode).toBe(200);
    expect((await acl(gatewayTopics(SN).command, '1')).statusCode).toBe(200);
    // Another gateway's command topic, and publishing on its own command topic: denied.
    expect((await acl(gatewayTopics('GW-SHZJ-01').command, '1')).statusCode).toBe(403);
    expect((await acl(gatewayTopics(SN).command, '2')).statusCode).toBe(403);
  });

  it('auxiliary sessions ({sn}/pub): allowed with a gw-{sn}/pub… client id, may publish, may not subscribe to commands', async () => {
    const auth = (username: string, clientid: string) => t.app.inject({ method: 'POST', url: '/api/mqtt/auth', headers, payload: { username, password: secret, clientid } });
    expect((await auth(`${SN}/pub`, `gw-${SN}/pub-1`)).json()).toEqual({ result: 'allow', is_superuser: false });
    // The aux name cannot take the main session's client id, nor the main name an aux one.
    expect((await auth(`${SN}/pub`, `gw-${SN}`)).json()).toEqual({ result: 'deny' });
    expect((await auth(SN, `gw-${SN}/pub-1`)).json()).toEqual({ result: 'deny' });
    const acl = (topic: string, action: string) => t.app.inject({ method: 'POST', url: '/api/mqtt/acl', headers, payload: { username: `${SN}/pub`, topic, action } }).then((r) => r.json<{ result: string }>().result);
    expect(await acl(gatewayTopics(SN).telemetry, 'publish')).toBe('allow');
    expect(await acl(gatewayTopics(SN).commandResult, 'publish')).toBe('allow');
    expect(await acl(gatewayTopics(SN).command, 'subscribe')).toBe('deny');
    expect(await acl(gatewayTopics('GW-SHZJ-01').telemetry, 'publish')).toBe('deny');
  });
});

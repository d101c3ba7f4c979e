import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs/promises';
import { ErrorCode, gatewayTopics } from '@gridops/contract';
import { apiHeaders, backends, loginAs } from '../../test-support/backends.js';
import { storedImageFacts } from '../../test-support/photo.js';
import { startHarness, type Harness } from '../../test-support/pipelineHarness.js';
import { attackImages } from '../../test-support/png.js';

type Reply = 'ok' | 'refuse' | 'silent';

describe.each(backends)('remote control (select → password → gateway → result) and captures on %s', (backend) => {
  let h: Harness;
  let site: string;
  let worker: string;
  let xihu: string;
  let f01: number;
  let hzFeeder: number;
  let reply: Reply = 'ok';
  const received: { id: string; command: string; params: { device_sn: string; close: boolean } }[] = [];
  let lastCommandId = '';
  let gw: Awaited<ReturnType<Harness['gateway']>>;

  beforeAll(async () => {
    // A short time-out keeps the "no answer" case quick.
    h = await startHarness(backend, { CONTROL_TIMEOUT_MS: '1500' });
    const app = h.rt.app;
    [site, worker, xihu] = await Promise.all([loginAs(app, 'site'), loginAs(app, 'worker'), loginAs(app, 'xihu')]);
    const db = h.rt.database.db;
    const szip = (await db.selectFrom('projects').select('id').where('name_en', 'like', 'Suzhou%').executeTakeFirstOrThrow()).id;
    f01 = (await db.selectFrom('devices').select('id').where('project_id', '=', szip).where('sn', '=', 'F01').executeTakeFirstOrThrow()).id;
    const hz = (await db.selectFrom('projects').select('id').where('name_en', 'like', 'Hangzhou%').executeTakeFirstOrThrow()).id;
    hzFeeder = (await db.selectFrom('devices').select('id').where('project_id', '=', hz).where('sn', '=', 'F01').executeTakeFirstOrThrow()).id;
    // Acts as the Suzhou gateway: connects with its credentials, reports (so it is online) and answers commands.
    gw = await h.gateway('SZIP');
    const topics = gatewayTopics(gw.sn);
    await gw.client.subscribeAsync(topics.command, { qos: 1 });
    gw.client.on('message', (topic, payload) => {
      if (topic !== topics.command) return;
      const cmd = JSON.parse(payload.toString()) as (typeof received)[number];
      received.push(cmd);
      lastCommandId = cmd.id;
      if (reply === 'silent') return;
      const answer = reply === 'ok' ? { id: cmd.id, ok: true, ts: Date.now() } : { id: cmd.id, ok: false, ts: Date.now(), error: 'interlock: earthing switch closed' };
      void gw.client.publishAsync(topics.commandResult, JSON.stringify(answer), { qos: 1 });
    });
    await gw.send(Date.now(), { F01: { breaker: 1 } });
  });
  afterAll(async () => {
    await h?.close();
    await h?.tdb.drop();
    if (h) await fs.rm(h.dataDir, { recursive: true, force: true });
  });

  const post = async (url: string, token: string, payload: object) => (await h.rt.app.inject({ method: 'POST', url, headers: apiHeaders(token), payload })).json();
  const get = async (url: string, token: string) => (await h.rt.app.inject({ method: 'GET', url, headers: apiHeaders(token) })).json();
  const select = (token: string, device_id: number, action: 'open' | 'close') => post('/api/v6/control/select', token, { device_id, action });
  const execute = (token: string, selection_id: string, password: string) => post('/api/v6/control/execute', token, { selection_id, password });
  const outcomes = async () => (await get(`/api/v6/control/log?device_id=${f01}&size=100`, site)).data.list.map((l: { step: string; outcome: string }) => `${l.step}:${l.outcome}`).reverse();

  it('operates a breaker end to end and records every step', async () => {
    reply = 'ok';
    const sel = await select(site, f01, 'open');
    expect(sel).toMatchObject({ code: 1, data: { device_id: f01, action: 'open', breaker_closed: true } });
    const r = await execute(site, sel.data.selection_id, 'demo1234');
    expect(r).toMatchObject({ code: 1, data: { status: 'succeeded', error: null } });
    expect(received.at(-1)).toMatchObject({ id: r.data.command_id, command: 'breaker', params: { device_sn: 'F01', close: false } });
    expect(await outcomes()).toEqual(['select:selected', 'execute:sent', 'result:succeeded']);
    // A selection is used once.
    expect((await execute(site, sel.data.selection_id, 'demo1234')).code).toBe(ErrorCode.Conflict);
  });

  it('refuses a wrong password, logs it and ends the selection', async () => {
    const before = received.length;
    const sel = await select(site, f01, 'close');
    const r = await execute(site, sel.data.selection_id, 'wrong-password');
    expect(r).toMatchObject({ code: ErrorCode.BadCredentials, data: { field: 'password' } });
    expect(received.length).toBe(before);
    expect((await outcomes()).slice(-2)).toEqual(['select:selected', 'execute:bad_password']);
    expect((await execute(site, sel.data.selection_id, 'demo1234')).code).toBe(ErrorCode.Conflict);
  });

  it("reports the gateway's refusal", async () => {
    reply = 'refuse';
    const sel = await select(site, f01, 'close');
    const r = await execute(site, sel.data.selection_id, 'demo1234');
    expect(r.data).toMatchObject({ status: 'refused', error: 'interlock: earthing switch closed' });
    expect((await outcomes()).at(-1)).toBe('result:refused');
  });

  it('times out without an answer, and records a late answer', async () => {
    reply = 'silent';
    const sel = await select(site, f01, 'close');
    const r = await execute(site, sel.data.selection_id, 'demo1234');
    expect(r.data).toMatchObject({ status: 'timed_out' });
    expect(r.data.elapsed_ms).toBeGreaterThanOrEqual(1400);
    expect((await outcomes()).at(-1)).toBe('result:timed_out');
    await gw.client.publishAsync(gatewayTopics(gw.sn).commandResult, JSON.stringify({ id: lastCommandId, ok: true, ts: Date.now() }), { qos: 1 });
    await expect.poll(async () => (await outcomes()).at(-1), { timeout: 5000 }).toBe('late_result:succeeded');
  });

  it('refuses users without control permission or outside the project, and bad input', async () => {
    // Without the control permission the route refuses before the service runs (docs/permissions.md): no log row.
    const before = (await outcomes()).length;
    expect((await select(worker, f01, 'open')).code).toBe(ErrorCode.Forbidden);
    expect((await outcomes()).length).toBe(before);
    expect((await get(`/api/v6/control/targets?project_id=1`, worker)).code).not.toBe(1);
    expect((await select(site, hzFeeder, 'open')).code).toBe(ErrorCode.Forbidden);
    expect((await select(xihu, f01, 'open')).code).toBe(ErrorCode.Forbidden);
    expect(await post('/api/v6/control/select', site, { device_id: f01, action: 'explode' })).toMatchObject({ code: ErrorCode.Validation, data: { field: 'action' } });
    expect(await execute(site, 'no-such-selection', 'x')).toMatchObject({ code: ErrorCode.NotFound, data: { field: 'selection_id' } });
    // One open selection per device: a second operator must wait.
    reply = 'ok';
    const first = await select(site, f01, 'close');
    expect((await select(site, f01, 'close')).code).toBe(ErrorCode.Conflict);
    expect((await post('/api/v6/control/cancel', site, { selection_id: first.data.selection_id })).data.cancelled).toBe(true);
    // The other group's user does not see this site's control log.
    const theirs = await get('/api/v6/control/log', xihu);
    expect(theirs.data.list.filter((l: { device_id: number }) => l.device_id === f01)).toHaveLength(0);
  });

  it('stores a camera capture, lists it and relays it to the site user', async () => {
    const listener = await h.listen('site');
    // A picture that is no image is dropped (lib/imageGuard): nothing stored, nothing relayed.
    for (const { name, bytes } of attackImages()) {
      const attack = JSON.stringify({ ts: Date.now(), device_sn: 'CAM1', img: `data:image/png;base64,${bytes.toString('base64')}`, msg: 'x' });
      expect(await h.rt.services.security.onCapture(gw.sn, Buffer.from(attack)), name).toBe(false);
    }
    // The gateway's SVG overlay is stored and relayed rasterised: pixels, never markup.
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="320" height="180"><rect width="320" height="180" fill="#1f2a33"/><script>alert(1)</script></svg>';
    await gw.client.publishAsync(gatewayTopics(gw.sn).capture, JSON.stringify({ ts: Date.now(), device_sn: 'CAM1', img: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`, msg: '门禁联动抓拍', msg_en: 'Door opened snapshot' }), { qos: 1 });
    const pushed = await listener.waitFor((m) => m.command === 'capture');
    const img = (pushed.data as { img: string }).img;
    expect(img).toMatch(/^data:image\/png;base64,/);
    expect(await storedImageFacts(Buffer.from(img.slice('data:image/png;base64,'.length), 'base64'))).toMatchObject({ format: 'png', width: 320, height: 180 });
    expect(pushed.data).toMatchObject({ img, msg: '门禁联动抓拍', title: '苏州工业园光储充站', msg_en: 'Door opened snapshot', title_en: 'Suzhou SIP PV-Storage-Charging Station' });
    const szip = (await get('/api/v6/user/userinfo', site)).data.project_id;
    const list = await get(`/api/v6/security/captures?project_id=${szip}`, site);
    expect(list.data).toMatchObject({ total: 1, list: [{ device_sn: 'CAM1', img, msg: '门禁联动抓拍' }] });
    // In English, the capture's English text.
    const en = (await h.rt.app.inject({ method: 'GET', url: `/api/v6/security/captures?project_id=${szip}`, headers: apiHeaders(site, { 'accept-language': 'en' }) })).json();
    expect(en.data.list[0].msg).toBe('Door opened snapshot');
    const cams = await get(`/api/v6/security/cameras?project_id=${szip}`, site);
    expect(cams.data[0].last_capture).toMatchObject({ img });
  });
});

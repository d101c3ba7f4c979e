import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs/promises';
import { gatewayTopics } from '@gridops/contract';
import { apiHeaders, backends, loginAs } from '../../test-support/backends.js';
import { startHarness, type Harness } from '../../test-support/pipelineHarness.js';
import { evaluateAutomation } from './automation.js';

interface LogRow { step: string; outcome: string; action: string; user_name: string | null; automation?: boolean; automation_rule?: string | null; detail: string }

describe.each(backends)('automation of auxiliary devices on %s', (backend) => {
  let h: Harness;
  let site: string;
  let projectId: number;
  let dehumidifierId: number;
  let ruleId: number;
  let humidity = 60;
  let dehumidifierRuns = false;
  const received: { command: string; params: Record<string, unknown> }[] = [];
  let report: () => Promise<void>;

  beforeAll(async () => {
    h = await startHarness(backend, { CONTROL_TIMEOUT_MS: '5000' });
    site = await loginAs(h.rt.app, 'site');
    const db = h.rt.database.db;
    projectId = (await db.selectFrom('projects').select('id').where('name_en', 'like', 'Suzhou%').executeTakeFirstOrThrow()).id;
    dehumidifierId = (await db.selectFrom('devices').select('id').where('project_id', '=', projectId).where('sn', '=', 'DH1').executeTakeFirstOrThrow()).id;
    // This test's own rule only: the demo rules of the site are removed.
    await db.deleteFrom('aux_automation_rules').where('project_id', '=', projectId).execute();
    const gw = await h.gateway('SZIP');
    const topics = gatewayTopics(gw.sn);
    report = () => gw.send(Date.now(), { ENV: { humidity, temp: 22 }, DH1: { run: dehumidifierRuns ? 1 : 0 } });
    await gw.client.subscribeAsync(topics.command, { qos: 1 });
    // A gateway that executes the aux command and reports the new state at once.
    gw.client.on('message', (topic, payload) => {
      if (topic !== topics.command) return;
      const cmd = JSON.parse(payload.toString()) as { id: string; command: string; params: Record<string, unknown> };
      received.push(cmd);
      dehumidifierRuns = cmd.params.run === true;
      void gw.client.publishAsync(topics.commandResult, JSON.stringify({ id: cmd.id, ok: true }), { qos: 1 }).then(report).catch(() => undefined);
    });
    // A seeded runtime takes a while on a loaded machine.
  }, 300_000);
  afterAll(async () => {
    await h?.close();
    await h?.tdb.drop();
    if (h) await fs.rm(h.dataDir, { recursive: true, force: true });
  });

  const call = async (method: 'POST' | 'PUT' | 'GET', url: string, payload?: object, lang = 'zh') => (await h.rt.app.inject({ method, url, headers: apiHeaders(site, { 'accept-language': lang }), ...(payload ? { payload } : {}) })).json();
  /** Reports the humidity and waits until the server holds it. */
  const stage = async (value: number) => {
    humidity = value;
    await report();
    await expect
      .poll(async () => (await h.rt.database.db.selectFrom('point_latest as l').innerJoin('device_points as p', 'p.id', 'l.point_id').innerJoin('devices as d', 'd.id', 'p.device_id').select('l.value').where('d.project_id', '=', projectId).where('d.sn', '=', 'ENV').where('p.key', '=', 'humidity').executeTakeFirst())?.value, { timeout: 5000 })
      .toBe(value);
  };
  const evaluate = (at = new Date()) => evaluateAutomation(h.rt.database.db, h.rt.services.control, at);
  const log = async (lang = 'zh'): Promise<LogRow[]> => (await call('GET', `/api/v6/control/log?device_id=${dehumidifierId}&size=50`, undefined, lang)).data.list;
  const humidityPointId = async () => {
    const list = (await call('GET', `/api/v6/aux-devices?project_id=${projectId}`)).data;
    return list.points.find((p: { device_name_en: string; key: string }) => p.device_name_en === 'Room environment' && p.key === 'humidity').point_id as number;
  };

  it('a humidity crossing the threshold switches the dehumidifier on once, logged as automation', async () => {
    const rule = await call('POST', '/api/v6/aux-automation', { project_id: projectId, name: '湿度高开除湿机', name_en: 'Dehumidifier on high humidity', device_id: dehumidifierId, point_id: await humidityPointId(), above: true, on_threshold: 80, off_threshold: 70, min_on_s: 120, min_off_s: 120, window_start: null, window_end: null, enabled: true });
    expect(rule.code).toBe(1);
    ruleId = rule.data.id;
    await stage(75);
    expect(await evaluate()).toBe(0);
    await stage(85);
    // Two evaluators at once (as two server instances would): the switch is claimed, and sent, once.
    const [a, b] = await Promise.all([evaluate(), evaluate()]);
    expect(a + b).toBe(1);
    await expect.poll(() => received.length).toBe(1);
    expect(received[0]).toMatchObject({ command: 'aux', params: { device_sn: 'DH1', run: true } });
    await expect.poll(async () => (await log()).filter((r) => r.automation).length).toBe(3);
    const rows = (await log()).filter((r) => r.automation);
    expect(rows.map((r) => `${r.step}:${r.outcome}`).reverse()).toEqual(['select:selected', 'execute:sent', 'result:succeeded']);
    expect(rows[2]?.detail).toBe('humidity 85 > 80');
    expect(rows.every((r) => r.user_name === null && r.automation_rule === '湿度高开除湿机')).toBe(true);
    expect((await log('en')).find((r) => r.automation)?.automation_rule).toBe('Dehumidifier on high humidity');
    expect((await call('GET', `/api/v6/aux-automation?project_id=${projectId}`)).data[0]).toMatchObject({ last_action: 'on' });
  });

  it('hysteresis and the minimum on time prevent chatter; an edit takes effect at the next evaluation', async () => {
    await stage(75);
    const sent = received.length;
    const t0 = Date.now();
    expect(await evaluate(new Date(t0 + 180_000))).toBe(0);
    await stage(65);
    expect(await evaluate()).toBe(0);
    expect(received.length).toBe(sent);
    const rule = (await call('GET', `/api/v6/aux-automation?project_id=${projectId}`)).data[0];
    // Lowering the off threshold (live): 65 is no longer low enough.
    expect((await call('PUT', `/api/v6/aux-automation/${ruleId}`, { ...rule, off_threshold: 60, version: rule.version })).code).toBe(1);
    expect(await evaluate(new Date(Date.now() + 180_000))).toBe(0);
    await stage(58);
    expect(await evaluate(new Date(Date.now() + 180_000))).toBe(1);
    await expect.poll(() => received.at(-1)?.params.run).toBe(false);
    expect(received.length).toBe(sent + 1);
    expect((await log())[0]).toMatchObject({ step: 'result', outcome: 'succeeded', action: 'off', automation: true });
  });

  it('refuses rules with the hysteresis the wrong way round or half a window, naming the field', async () => {
    const body = { project_id: projectId, name: 'x', name_en: 'x', device_id: dehumidifierId, point_id: await humidityPointId(), above: true, on_threshold: 70, off_threshold: 80, min_on_s: 0, min_off_s: 0, window_start: null, window_end: null, enabled: true };
    const bad = await call('POST', '/api/v6/aux-automation', body, 'en');
    expect(bad).toMatchObject({ code: 10006, data: { field: 'off_threshold' } });
    expect(bad.msg).toMatch(/hysteresis/);
    expect((await call('POST', '/api/v6/aux-automation', { ...body, off_threshold: 60, window_start: '22:00' })).data.field).toBe('window_end');
  });
});

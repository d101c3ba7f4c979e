import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import fs from 'node:fs/promises';
import { renderEventMessage, type EventMessageParams } from '@gridops/contract';
import { apiHeaders, backends, loginAs } from './test-support/backends.js';
import { createOtherTenantUser, startHarness, type Harness } from './test-support/pipelineHarness.js';
import { checkSilentGateways } from './modules/telemetry/gatewayWatch.js';
import { compactQuarterHours } from './modules/telemetry/quarterHours.js';

const HOUR = 3600_000;

describe.each(backends)('live pipeline on %s: gateway → ingest → alarms → push', (backend) => {
  let h: Harness;
  const base = Math.floor(Date.now() / HOUR) * HOUR - 2 * HOUR; // two hours ago, on the hour

  beforeAll(async () => {
    h = await startHarness(backend);
    await createOtherTenantUser(h.rt, 'outsider');
  });
  afterAll(async () => {
    await h?.close();
    await h?.tdb.drop();
    if (h) await fs.rm(h.dataDir, { recursive: true, force: true });
  });

  const pointId = async (code: string, deviceSn: string, key: string) =>
    (
      await h.rt.database.db
        .selectFrom('device_points as p')
        .innerJoin('devices as d', 'd.id', 'p.device_id')
        .innerJoin('gateways as g', 'g.id', 'd.gateway_id')
        .select('p.id')
        .where('g.sn', '=', `GW-${code}-01`)
        .where('d.sn', '=', deviceSn)
        .where('p.key', '=', key)
        .executeTakeFirstOrThrow()
    ).id;

  it('stores telemetry before acknowledging it (PUBACK after commit)', async () => {
    const gw = await h.gateway('SZIP');
    const ts = base + 60_000;
    await gw.send(ts, { T1: { P: 321.5, Ua: 231.2 } });
    const id = await pointId('SZIP', 'T1', 'P');
    const row = await h.rt.database.db.selectFrom('telemetry').select(['value']).where('point_id', '=', id).where('ts', '=', new Date(ts)).executeTakeFirst();
    expect(row?.value).toBe(321.5);
    const latest = await h.rt.database.db.selectFrom('point_latest').select('value').where('point_id', '=', id).executeTakeFirst();
    expect(latest?.value).toBe(321.5);
  });

  it('raises an event for the site, pushes it to entitled users only, with the spec envelope', async () => {
    const site = await h.listen('site');
    const centre = await h.listen('centre');
    const outsider = await h.listen('outsider');
    const worker = await h.listen('worker');
    const gw = await h.gateway('SZIP');
    await gw.send(Date.now(), { EF1: { arc: 1 } });
    const isArc = (m: { command: string; data: unknown }) => m.command === 'event' && JSON.stringify(m.data).includes('故障电弧');
    const got = await site.waitFor(isArc);
    expect(got.timestamp).toEqual(expect.any(Number));
    expect(got.data).toMatchObject({ type: 3, level: 4, title: '苏州工业园光储充站', msg: expect.stringContaining('故障电弧'), audio: expect.any(String) });
    await centre.waitFor(isArc);
    await worker.waitFor(isArc); // the worker is assigned to the Suzhou site too
    await new Promise((r) => setTimeout(r, 500));
    expect(outsider.messages.filter(isArc)).toHaveLength(0);

    // The notice APIs count it.
    const pending = await h.rt.database.db.selectFrom('events').select(['status', 'active']).where('message', 'like', '%故障电弧%').execute();
    expect(pending).toEqual([{ status: 'pending', active: true }]);
  });

  it('stores the arc event as a message key with parameters; the list and pending APIs and the push render it in the asker\'s language', async () => {
    const db = h.rt.database.db;
    const row = await db.selectFrom('events').select(['id', 'project_id', 'message_key', 'message_params', 'message_en']).where('message', 'like', '%故障电弧%').executeTakeFirstOrThrow();
    expect(row.message_key).toBe('alarm.digital');
    expect(row.message_params).toMatchObject({ cause: { zh: '故障电弧', en: 'Fault arc detected' }, device: { en: 'Fire detector LV cabinet 1' }, to: { zh: '告警', en: 'alarm' } });
    expect(row.message_en).toBe('Fire detector LV cabinet 1: Fault arc detected');

    const token = await loginAs(h.rt.app, 'site');
    const list = async (lang: string) =>
      (await h.rt.app.inject({ method: 'GET', url: `/api/v6/event/list?project_id=${row.project_id}&size=100`, headers: apiHeaders(token, { 'accept-language': lang }) })).json<{
        data: { list: { id: number; message: string; message_key: string | null; message_params: unknown }[] };
      }>().data.list.find((e) => e.id === row.id)!;
    const en = await list('en');
    expect(en).toMatchObject({ message: 'Fire detector LV cabinet 1: Fault arc detected', message_key: 'alarm.digital', message_params: row.message_params });
    expect(en.message).not.toMatch(/[\u3400-\u9fff]/);
    expect(renderEventMessage('alarm.digital', en.message_params as EventMessageParams<'alarm.digital'>, 'zh')).toBe((await list('zh-CN')).message);

    const pending = await h.rt.app.inject({ method: 'POST', url: '/api/v6/event/noticeList', headers: apiHeaders(token, { 'accept-language': 'en' }), payload: { project_id: row.project_id } });
    expect(pending.json<{ data: { list: { id: number }[] } }>().data.list.find((e) => e.id === row.id)).toMatchObject({
      event_title: 'Fire detector LV cabinet 1: Fault arc detected',
      message_key: 'alarm.digital',
    });

    // A new event's push carries the key and parameters too (the console renders the pop-up and voice from them).
    const site = await h.listen('site');
    const gw = await h.gateway('SZIP');
    await gw.send(Date.now(), { EF1: { arc: 0 } });
    await gw.send(Date.now(), { EF1: { arc: 1 } });
    const got = await site.waitFor((m) => m.command === 'event' && JSON.stringify(m.data).includes('Fault arc detected'));
    expect(got.data).toMatchObject({ message_key: 'alarm.digital', msg_en: 'Fire detector LV cabinet 1: Fault arc detected', message_params: { cause: { en: 'Fault arc detected' } } });
  });

  it('raises one event for a value chattering around a limit, and records the return to normal', async () => {
    const gw = await h.gateway('SZIP');
    const t0 = base + 10 * 60_000;
    // Winding temperature limit 110 °C, deadband 5, on-delay 10 s: 40 samples wobbling 108.5 … 111.5.
    for (let i = 0; i < 40; i++) await gw.send(t0 + i * 5000, { T2: { temp_winding: i % 2 === 0 ? 111.5 : 108.5 } });
    await gw.send(t0 + 41 * 5000, { T2: { temp_winding: 111.6 } });
    await gw.send(t0 + 42 * 5000, { T2: { temp_winding: 112 } });
    await gw.send(t0 + 43 * 5000, { T2: { temp_winding: 112.5 } });
    const db = h.rt.database.db;
    const events = await db.selectFrom('events').select(['id', 'active']).where('message', 'like', '%绕组温度越上限%').where('rule_id', 'is not', null).execute();
    expect(events).toHaveLength(1);
    expect(events[0]!.active).toBe(true);
    // Back below 105 (limit − deadband): cleared, but still pending until acknowledged (ISA-18.2).
    await gw.send(t0 + 44 * 5000, { T2: { temp_winding: 90 } });
    const after = await db.selectFrom('events').select(['active', 'status', 'cleared_at']).where('id', '=', events[0]!.id).executeTakeFirstOrThrow();
    expect(after).toMatchObject({ active: false, status: 'pending' });
    expect(after.cleared_at).not.toBeNull();
    const log = await db.selectFrom('event_log').select('action').where('event_id', '=', events[0]!.id).orderBy('id').execute();
    expect(log.map((l) => l.action)).toEqual(['raised', 'cleared']);
  });

  it('keeps the valid part of malformed batches, counts the causes and ignores garbage', async () => {
    const gw = await h.gateway('SZIP');
    const ts = base + 30 * 60_000;
    await gw.client.publishAsync(`v1.1/gateway/${gw.sn}/telemetry`, Buffer.from([0xde, 0xad, 0xbe, 0xef]), { qos: 1 });
    await gw.client.publishAsync(`v1.1/gateway/${gw.sn}/telemetry`, '{"devices": 5}', { qos: 1 });
    await gw.send(ts, { T1: { P: 100, Q: 'lots', NOPE: 1 }, GHOST: { P: 1 } });
    expect(gw.client.connected).toBe(true);
    const id = await pointId('SZIP', 'T1', 'P');
    const kept = await h.rt.database.db.selectFrom('telemetry').select('value').where('point_id', '=', id).where('ts', '=', new Date(ts)).executeTakeFirst();
    expect(kept?.value).toBe(100);
    await h.rt.pipeline.ingest.flushRejects();
    const rejects = await h.rt.database.db.selectFrom('ingest_rejects').select(['cause', 'count']).where('gateway_sn', '=', gw.sn).execute();
    const causes = Object.fromEntries(rejects.map((r) => [r.cause, Number(r.count)]));
    expect(causes).toMatchObject({ garbage: 1, bad_shape: 1, wrong_type: 1, unknown_point: 1, unknown_device: 1 });
  });

  it('ignores exact duplicates and corrects rollups with late, out-of-order data', async () => {
    const gw = await h.gateway('SZIP');
    const hour = base; // an hour that is complete
    const id = await pointId('SZIP', 'INV1', 'P');
    await gw.send(hour + 30 * 60_000, { INV1: { P: 50 } });
    await gw.send(hour + 30 * 60_000, { INV1: { P: 50 } }); // exact duplicate
    await gw.send(hour + 50 * 60_000, { INV1: { P: 70 } });
    await gw.send(hour + 5 * 60_000, { INV1: { P: 10 } }); // late: earliest of the hour
    await gw.send(hour + 40 * 60_000, { INV1: { P: 90 } }); // out of order: the maximum
    const r = await h.rt.database.db.selectFrom('rollup_hourly').selectAll().where('point_id', '=', id).where('bucket', '=', new Date(hour)).executeTakeFirstOrThrow();
    expect(r).toMatchObject({ min: 10, max: 90, count: 4, sum: 220, first: 10, last: 70 });
    expect(r.first_ts.getTime()).toBe(hour + 5 * 60_000);
    expect(r.last_ts.getTime()).toBe(hour + 50 * 60_000);
    const rows = await h.rt.database.db.selectFrom('telemetry').select(sql<number>`count(*)::int`.as('n')).where('point_id', '=', id).executeTakeFirstOrThrow();
    expect(rows.n).toBe(4);
    const daily = await h.rt.database.db.selectFrom('rollup_daily').select(['count', 'max']).where('point_id', '=', id).execute();
    expect(daily.reduce((s, d) => s + d.count, 0)).toBe(4);
    // Two hours ago is late for the quarter-hour rollups: marked by the ingest, recomputed by the compaction.
    await compactQuarterHours(h.rt.database.db);
    const quarters = await h.rt.database.db.selectFrom('rollup_15m').selectAll().where('point_id', '=', id).orderBy('bucket').execute();
    expect(quarters.map((q) => [q.bucket.getTime() - hour, q.count, q.min, q.max, q.first, q.last])).toEqual([
      [0, 1, 10, 10, 10, 10],
      [30 * 60_000, 2, 50, 90, 50, 90],
      [45 * 60_000, 1, 70, 70, 70, 70],
    ]);
  });

  it('raises a communication fault for a silent gateway and clears it when the gateway is heard again', async () => {
    const db = h.rt.database.db;
    await db.updateTable('gateways').set({ last_seen_at: new Date(Date.now() - 3600_000), online: true }).where('sn', '=', 'GW-HFDC-01').execute();
    const raised = await checkSilentGateways(db);
    expect(raised.map((e) => e.text)).toEqual([{ key: 'gateway.commLost', params: { gateway: 'GW-HFDC-01' } }]);
    expect(await checkSilentGateways(db)).toEqual([]); // claimed once
    const gw = await h.gateway('HFDC');
    await gw.send(Date.now(), { ENV: { temp: 24 } });
    const ev = await db.selectFrom('events').select(['active', 'message', 'message_en', 'message_key']).where('id', '=', raised[0]!.eventId).executeTakeFirstOrThrow();
    expect(ev).toEqual({ active: false, message: '网关 GW-HFDC-01 通信中断', message_en: 'Gateway GW-HFDC-01: communication lost', message_key: 'gateway.commLost' });
    const g = await db.selectFrom('gateways').select(['online', 'comm_event_id']).where('sn', '=', 'GW-HFDC-01').executeTakeFirstOrThrow();
    expect(g).toEqual({ online: true, comm_event_id: null });
  });
});

describe.each(backends)('alarm state across a restart on %s', (backend) => {
  // Two runtime starts in one test: the limit (it only stops a hang) is that of a hook, which starts one.
  it('neither loses nor repeats an active alarm', { timeout: 180_000 }, async () => {
    let h = await startHarness(backend);
    const reuse = { tdb: h.tdb, dataDir: h.dataDir };
    try {
      const gw = await h.gateway('SHZJ');
      const t0 = Date.now() - 60_000;
      await gw.send(t0, { ENV: { smoke: 1 } });
      await h.close();
      h = await startHarness(backend, {}, reuse);
      const gw2 = await h.gateway('SHZJ');
      await gw2.send(t0 + 5000, { ENV: { smoke: 1 } });
      await gw2.send(t0 + 10_000, { ENV: { smoke: 1 } });
      const smoke = await h.rt.database.db.selectFrom('events').select(['active']).where('message', 'like', '%烟雾告警%').execute();
      expect(smoke).toEqual([{ active: true }]);
    } finally {
      await h.close();
      await reuse.tdb.drop();
      await fs.rm(reuse.dataDir, { recursive: true, force: true });
    }
  });
});

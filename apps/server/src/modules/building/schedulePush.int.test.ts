import fs from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { gatewayTopics } from '@gridops/contract';
import { apiHeaders, backends, loginAs } from '../../test-support/backends.js';
import { startHarness, type Harness } from '../../test-support/pipelineHarness.js';

/**
 * A schedule saved in BuildAirSet reaches the unit's gateway at once as a `building` command with the schedule in
 * minutes of the site's day (docs/smart-building.md), on the real broker; a save that leaves the schedule alone
 * sends nothing.
 */
describe.each(backends)('building schedules pushed to the gateway on %s', (backend) => {
  let h: Harness;
  let xihu: string;
  let hzbj: number;
  const send = (method: 'GET' | 'PUT', url: string, payload?: object) => h.rt.app.inject({ method, url, headers: apiHeaders(xihu), ...(payload ? { payload } : {}) });

  beforeAll(async () => {
    h = await startHarness(backend);
    xihu = await loginAs(h.rt.app, 'xihu');
    hzbj = (await h.rt.database.db.selectFrom('projects').select('id').where('name_en', 'like', 'Hangzhou%').executeTakeFirstOrThrow()).id;
  });
  afterAll(async () => {
    await h?.close();
    await h?.tdb.drop();
    if (h) await fs.rm(h.dataDir, { recursive: true, force: true });
  });

  it('sends the new schedule of an AHU as a building command; an unchanged schedule is not sent again', async () => {
    const air = (await send('GET', `/api/v6/building/air?project_id=${hzbj}`)).json() as { data: { items: (Record<string, unknown> & { id: number; version: number; type: string; device_id: number | null })[] } };
    const ahu = air.data.items.find((i) => i.type === 'ahu' && i.device_id !== null)!;
    const device = await h.rt.database.db.selectFrom('devices').select('sn').where('id', '=', ahu.device_id!).executeTakeFirstOrThrow();
    const gw = await h.gateway('HZBJ');
    const commands: { command: string; params: { device_sn: string; schedule?: object } }[] = [];
    gw.client.on('message', (_topic, payload) => commands.push(JSON.parse(payload.toString())));
    await gw.client.subscribeAsync(gatewayTopics(gw.sn).command, { qos: 1 });

    const { id, project_id: _p, version, ...fields } = ahu;
    const put = async (body: object, v: number) => (await send('PUT', `/api/v6/building/air/${id}`, { ...fields, ...body, version: v })).json() as { code: number; data: { version: number } };
    const saved = await put({ schedule: { days: 'everyday', start: '06:30', end: '21:15' } }, version);
    expect(saved.code).toBe(1);
    await vi.waitFor(() => expect(commands.find((c) => c.params.device_sn === device.sn)).toMatchObject({ command: 'building', params: { schedule: { on: 390, off: 1275, everyday: true } } }), { timeout: 10_000, interval: 50 });

    const renamed = await put({ schedule: { days: 'everyday', start: '06:30', end: '21:15' }, name_en: `${String(fields.name_en)} (renamed)` }, saved.data.version);
    expect(renamed.code).toBe(1);
    // A third save moves the schedule again: its command arrives after anything the rename could have sent (one
    // publisher, one topic, in order), so two commands in all means the rename sent none.
    expect((await put({ schedule: { days: 'weekdays', start: '07:00', end: '19:00' } }, renamed.data.version)).code).toBe(1);
    await vi.waitFor(() => expect(commands.filter((c) => c.params.device_sn === device.sn).at(-1)).toMatchObject({ params: { schedule: { on: 420, off: 1140, everyday: false } } }), { timeout: 10_000, interval: 50 });
    expect(commands.filter((c) => c.params.device_sn === device.sn)).toHaveLength(2);
  });
});

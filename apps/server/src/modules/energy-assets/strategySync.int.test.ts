import fs from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gatewayTopics, type EssSystem, type SimulatorGateway } from '@gridops/contract';
import { GatewaySim } from '@gridops/simulator/fleet';
import { buildSimulatorManifest } from '../../simulatorHost.js';
import { apiHeaders, backends, loginAs } from '../../test-support/backends.js';
import { startHarness, type Harness } from '../../test-support/pipelineHarness.js';

/**
 * EssSet → the PCS's controller (docs/energy-assets.md "The simulator follows the strategy"): the simulator's
 * manifest starts each PCS with its configured strategy; an edit reaches the gateway as `ess_strategy` without a
 * restart, the simulated PCS's power follows it in the next telemetry, and the list says whether the PCS took
 * it (applied / refused with the gateway's reason). Deleting the entry hands the PCS back to its own plan.
 */
describe.each(backends)('storage strategy push to the simulated PCS on %s', (backend) => {
  let h: Harness;
  let site: string;
  let projectId: number;
  let sim: GatewaySim;
  let pcsSn: string;
  let pcsPoint: number;
  const received: { id: string; command: string; params: Record<string, unknown> }[] = [];

  beforeAll(async () => {
    h = await startHarness(backend);
    site = await loginAs(h.rt.app, 'site');
    const db = h.rt.database.db;
    projectId = (await db.selectFrom('projects').select('id').where('name_en', 'like', 'Suzhou%').executeTakeFirstOrThrow()).id;
  });
  afterAll(async () => {
    await h?.close();
    await h?.tdb.drop();
    if (h) await fs.rm(h.dataDir, { recursive: true, force: true });
  });

  const send = async (method: 'GET' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    (await h.rt.app.inject({ method, url, headers: apiHeaders(site), ...(payload ? { payload } : {}) })).json();
  const systems = async (): Promise<EssSystem[]> => (await send('GET', `/api/v6/assets/ess?project_id=${projectId}`)).data.items;
  const latestP = async () => (await h.rt.database.db.selectFrom('point_latest').select('value').where('point_id', '=', pcsPoint).executeTakeFirst())?.value;

  it('starts the simulator with the configured strategy of each PCS (the manifest)', async () => {
    const [ess] = await systems();
    const manifest = await buildSimulatorManifest(h.rt.database.db);
    const db = h.rt.database.db;
    pcsSn = (await db.selectFrom('devices').select('sn').where('id', '=', ess!.pcs_device_id).executeTakeFirstOrThrow()).sn;
    pcsPoint = (await db.selectFrom('device_points').select('id').where('device_id', '=', ess!.pcs_device_id).where('key', '=', 'P').executeTakeFirstOrThrow()).id;
    const gw = manifest.gateways.find((g) => g.devices.some((d) => d.kind === 'pcs' && d.sn === pcsSn)) as SimulatorGateway;
    expect(gw.devices.find((d) => d.sn === pcsSn)!.ess_strategy).toEqual({
      capacity_kwh: ess!.capacity_kwh,
      power_kw: ess!.power_kw,
      soc_min_pct: ess!.soc_min_pct,
      soc_max_pct: ess!.soc_max_pct,
      schedule: ess!.schedule,
    });

    // The simulator's own gateway model answers the commands the server publishes, and reports at once.
    sim = new GatewaySim(gw, { intervalMs: 5000, faultRate: 0 });
    const client = await h.gateway(gw.sn.replace(/^GW-/, '').replace(/-01$/, ''));
    const topics = gatewayTopics(gw.sn);
    await client.client.subscribeAsync(topics.command, { qos: 1 });
    client.client.on('message', (topic, payload) => {
      if (topic !== topics.command) return;
      const cmd = JSON.parse(payload.toString()) as (typeof received)[number];
      received.push(cmd);
      const t = Date.now();
      const result = sim.command(cmd, t);
      const tel = sim.tick(t);
      void client.client
        .publishAsync(topics.commandResult, JSON.stringify(result), { qos: 1 })
        .then(() => client.send(tel.ts, Object.fromEntries(tel.devices.map((d) => [d.sn, d.values]))))
        // The harness may close the connection with an answer still in flight.
        .catch(() => undefined);
    });
  });

  const allDay = (mode: 'charge' | 'discharge' | 'idle', power_kw: number) => [{ start: '00:00', end: '24:00', mode, power_kw }];
  const edit = async (schedule: EssSystem['schedule']) => {
    const [ess] = await systems();
    const { id, version, sync: _sync, project_id: _p, ...fields } = ess!;
    const r = await send('PUT', `/api/v6/assets/ess/${id}`, { ...fields, schedule, version });
    expect(r.code).toBe(1);
    return id;
  };

  it('sends an edit to the PCS at once; the simulated power follows; the list says applied', async () => {
    const id = await edit(allDay('idle', 0));
    await expect.poll(async () => (await systems()).find((s) => s.id === id)!.sync?.state, { timeout: 15_000 }).toBe('applied');
    expect(received.at(-1)).toMatchObject({ command: 'ess_strategy', params: { device_sn: pcsSn, strategy: { schedule: allDay('idle', 0) } } });
    expect(received.at(-1)!.id).toMatch(/^ess-/);
    await expect.poll(latestP, { timeout: 15_000 }).toBe(0);

    // Charge all day at 120 kW (the demo battery starts between 30 and 70 % SOC: room to charge).
    await edit(allDay('charge', 120));
    await expect.poll(latestP, { timeout: 15_000 }).toBe(-120);
    expect(sim.strategyOf(pcsSn)?.schedule).toEqual(allDay('charge', 120));
    await expect.poll(async () => (await systems())[0]!.sync?.state, { timeout: 15_000 }).toBe('applied');
  });

  it('shows a refusal with the gateway’s reason, and applies the next edit', async () => {
    // The PCS stops answering its gateway: the gateway refuses the command.
    sim.command({ id: 't-1', command: 'simulate_fault', params: { device_sn: pcsSn, fault: 'comm_loss' } }, Date.now());
    await edit(allDay('charge', 80));
    await expect.poll(async () => (await systems())[0]!.sync, { timeout: 15_000 }).toMatchObject({ state: 'refused', error: `${pcsSn} does not answer` });
    expect(sim.strategyOf(pcsSn)?.schedule).toEqual(allDay('charge', 120));
    sim.command({ id: 't-2', command: 'clear_fault', params: { device_sn: pcsSn } }, Date.now());
    await edit(allDay('charge', 90));
    await expect.poll(async () => (await systems())[0]!.sync?.state, { timeout: 15_000 }).toBe('applied');
    await expect.poll(latestP, { timeout: 15_000 }).toBe(-90);
  });

  it('hands the PCS back to its own plan when the entry is deleted', async () => {
    const [ess] = await systems();
    expect((await send('DELETE', `/api/v6/assets/ess/${ess!.id}?version=${ess!.version}`)).code).toBe(1);
    await expect.poll(() => received.at(-1)?.params.strategy, { timeout: 15_000 }).toBeNull();
    await expect.poll(() => sim.strategyOf(pcsSn), { timeout: 15_000 }).toBeUndefined();
  });
});

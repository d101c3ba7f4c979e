import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs/promises';
import { startRuntime, type Runtime } from '../runtime.js';
import { testConfig, tempDir } from '../test-support/backends.js';
import type { FlowGraph } from '../modules/overview/live.js';
import { flowFigures, flowViolations } from './fleetInvariants.js';

/**
 * The fleet's physics on a running demo (issue 11): server + embedded broker + the forked simulator (built:
 * `npm run build`), live `POST /api/v6/energy/flow` answers of every demo site. Waits on the answers
 * themselves (a new measurement instant), not on time.
 */
const H = { version: '1.0', devicetype: 'pc', 'content-type': 'application/json' };
type Flow = FlowGraph & { at: string | null };

describe('live demo fleet obeys physics', () => {
  let rt: Runtime;
  let dir: string;
  let token: string;
  let sites: { id: number; name: string }[];
  const startedAt = Date.now();

  beforeAll(async () => {
    dir = await tempDir();
    rt = await startRuntime(
      testConfig({
        PORT: '0',
        HOST: '127.0.0.1',
        MQTT_TCP_PORT: '0',
        MQTT_WS_PORT: '0',
        DATA_DIR: dir,
        SEED_DEMO: 'on',
        SEED_HISTORY_DAYS: '1',
        SIMULATOR: 'on',
        SIM_INTERVAL_MS: '1000',
        // Staged faults (a meter dropping out, a forced over-current) are not physics: none here.
        SIM_FAULT_RATE: '0',
      }),
      { logger: false },
    );
    const login = await fetch(`${rt.url}/api/v6/user/login`, { method: 'POST', headers: H, body: JSON.stringify({ username: 'centre', password: 'demo1234' }) });
    token = ((await login.json()) as { data: { token: string } }).data.token;
    sites = (await rt.database.db.selectFrom('projects').select(['id', 'name_en']).orderBy('id').execute()).map((p) => ({ id: p.id, name: p.name_en }));
  }, 180_000);

  afterAll(async () => {
    await rt?.close();
    if (dir) await fs.rm(dir, { recursive: true, force: true });
  });

  const flow = async (projectId: number): Promise<Flow> => {
    const res = await fetch(`${rt.url}/api/v6/energy/flow`, { method: 'POST', headers: { ...H, token }, body: JSON.stringify({ project_id: projectId }) });
    const body = (await res.json()) as { code: number; data: Flow };
    expect(body.code).toBe(1);
    return body.data;
  };

  it('balances within 2 %, loses at most 5 %, and the PV feeder carries its inverters, at successive instants', async () => {
    for (const site of sites) {
      const seen = new Set<string>();
      // Three measurement instants of the simulator after the server started, every node with a live value.
      while (seen.size < 3) {
        let f: Flow | null = null;
        await expect
          .poll(
            async () => {
              f = await flow(site.id);
              return f.at !== null && Date.parse(f.at) >= startedAt - 1000 && !seen.has(f.at) && f.nodes.every((n) => n.node_id === null || n.kw !== null);
            },
            { timeout: 30_000, interval: 250 },
          )
          .toBe(true);
        const answer = f as unknown as Flow;
        seen.add(answer.at!);
        const label = `${site.name} ${answer.at}`;
        expect(flowViolations(answer, label)).toEqual([]);
        expect(flowFigures(answer).incomingKw).toBeGreaterThan(0);
        // A PV feeder (a pv node fed by pv nodes) carries what its inverters produce, within 5 %.
        const kindOf = new Map(answer.nodes.map((n) => [n.id, n.kind]));
        for (const feeder of answer.nodes.filter((n) => n.kind === 'pv' && answer.links.some((l) => l.target === n.id && kindOf.get(l.source) === 'pv'))) {
          const inverters = answer.links.filter((l) => l.target === feeder.id && kindOf.get(l.source) === 'pv').reduce((a, l) => a + l.kw, 0);
          expect(Math.abs((feeder.kw ?? 0) - inverters), label).toBeLessThanOrEqual(0.05 * inverters + 0.1);
        }
      }
    }
  }, 180_000);

  it('keeps the "today" totals of the micro-grid page monotonic from one measurement to the next', async () => {
    type Today = Record<'consumption' | 'grid_import' | 'generation' | 'charged' | 'discharged' | 'ev_charging', number>;
    const site = sites.find((s) => s.name.startsWith('Suzhou'))!;
    const microgrid = async () => {
      const res = await fetch(`${rt.url}/api/v6/energy/microgrid`, { method: 'POST', headers: { ...H, token }, body: JSON.stringify({ project_id: site.id }) });
      return ((await res.json()) as { data: { at: string | null; today: Today } }).data;
    };
    let previous = await microgrid();
    for (let i = 0; i < 4; i++) {
      let next = previous;
      await expect
        .poll(
          async () => {
            next = await microgrid();
            return next.at !== previous.at;
          },
          { timeout: 30_000, interval: 250 },
        )
        .toBe(true);
      for (const key of ['grid_import', 'generation', 'charged', 'discharged', 'ev_charging'] as const)
        expect(next.today[key], `${key} at ${next.at}`).toBeGreaterThanOrEqual(previous.today[key]);
      previous = next;
    }
  }, 180_000);
});

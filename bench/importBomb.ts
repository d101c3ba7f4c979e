/**
 * Import-bomb benchmark (issue 24, item 4). Usage:
 *   npx tsx bench/importBomb.ts [--backend pglite|postgres] [--cell-mb 500] [--bombs 2] [--parsed-mb 15] [--before 5]
 *     [--after 5] [--route /api/v6/deviceTemplate/import] [--server apps/server/dist/main.js]
 *
 * Starts the built server on a fresh database with the demo organisations (both tenants) and the embedded gateway
 * simulator, waits until every simulated gateway is connected, then sends --bombs times, one after the other, the
 * workbook of the issue as the site user: an .xlsx of ~0.5 MB whose first sheet holds one cell of --cell-mb MB;
 * then one whose cell of --parsed-mb MB stays under the size limits, so that the worker inflates and parses it all
 * before refusing the cell's length (the costliest file the guard lets reach the parser).
 * Meanwhile /health is requested every 50 ms (from --before s before the first bomb to --after s after the last).
 *
 * Reports: /health latency (max, p99, p50, failures) before and during the bombs, each bomb's answer (code, time),
 * the server's resident memory (max sampled, and its high-water mark), and gateway disconnects: the simulator's
 * own "<sn> disconnected" lines on the server's stdout, and the lowest count of connected gateways on /metrics.
 * Run it on a quiet machine (`uptime` beside it) and record the figures in docs/performance.md and security.md.
 */
import fs from 'node:fs';
import os from 'node:os';
import { parseArgs } from 'node:util';
import { seedDemo } from '../apps/server/src/seed/demo.js';
import { hugeCellWorkbook } from '../apps/server/src/test-support/xlsxBombs.js';
import { benchDatabase, metricValue, percentile, sleep, startBenchServer } from './support.js';

const { values: args } = parseArgs({
  options: {
    backend: { type: 'string', default: 'pglite' },
    'cell-mb': { type: 'string', default: '500' },
    'parsed-mb': { type: 'string', default: '15' },
    bombs: { type: 'string', default: '2' },
    before: { type: 'string', default: '5' },
    after: { type: 'string', default: '5' },
    route: { type: 'string', default: '/api/v6/deviceTemplate/import' },
    server: { type: 'string', default: 'apps/server/dist/main.js' },
  },
});
const CELL_BYTES = Number(args['cell-mb']) * 1024 * 1024;
const BOMBS = Number(args.bombs);
const PARSED_BYTES = Number(args['parsed-mb']) * 1024 * 1024;
const BEFORE = Number(args.before) * 1000;
const AFTER = Number(args.after) * 1000;
const HEALTH_EVERY = 50;
const headers = {
  version: '1.0',
  devicetype: 'pc',
  'content-type': 'application/json',
  'accept-language': 'en',
};

const rssMb = (pid: number, field: 'VmRSS' | 'VmHWM') => {
  const m = new RegExp(`^${field}:\\s+(\\d+) kB$`, 'm').exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : NaN;
};

async function main() {
  console.log(
    `load average before: ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')} (${os.cpus().length} cores)`,
  );
  const t = Date.now();
  const bomb = (await hugeCellWorkbook(CELL_BYTES)).toString('base64');
  console.log(
    `bomb: one cell of ${args['cell-mb']} MB in a ${Math.round((bomb.length * 0.75) / 1024)} KB .xlsx (built in ${Date.now() - t} ms)`,
  );
  const parsed = (await hugeCellWorkbook(PARSED_BYTES)).toString('base64');

  const database = await benchDatabase(args.backend, 'importbomb');
  const seeded = await database.open();
  await seedDemo(seeded.db, { energyHistoryDays: 0 });
  const site = await seeded.db
    .selectFrom('user_projects as up')
    .innerJoin('users as u', 'u.id', 'up.user_id')
    .select('up.project_id')
    .where('u.username', '=', 'site')
    .executeTakeFirstOrThrow();
  const gatewayCount = (
    await seeded.db
      .selectFrom('gateways')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow()
  ).n;
  await seeded.close();

  const connects: string[] = [];
  const disconnects: string[] = [];
  const server = await startBenchServer(database, {
    entry: args.server,
    env: { SIMULATOR: 'on' },
    onStdoutLine: (line) => {
      const m = /\[simulator\] (\S+) (connected|disconnected)/.exec(line);
      if (m?.[2] === 'connected') connects.push(m[1]!);
      else if (m?.[2] === 'disconnected') disconnects.push(m[1]!);
    },
  });
  const base = `http://127.0.0.1:${server.port}`;
  try {
    const gauge = () => metricValue(server.port, 'gridops_mqtt_connected_clients\\{kind="gateway"\\}');
    for (let i = 0; (await gauge()) < Number(gatewayCount); i++) {
      if (i > 300) throw new Error(`only ${await gauge()} of ${gatewayCount} gateways connected`);
      await sleep(200);
    }
    console.log(`${gatewayCount} gateways connected (simulator); warming up 3 s`);
    await sleep(3000);
    const login = await fetch(`${base}/api/v6/user/login`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ username: 'site', password: 'demo1234' }),
    });
    const token = ((await login.json()) as { data: { token: string } }).data.token;

    let phase: 'before' | 'during' = 'before';
    const latency: Record<'before' | 'during', number[]> = { before: [], during: [] };
    let healthFailures = 0;
    let maxRss = 0;
    let minGateways = Number(gatewayCount);
    let polling = true;
    const pollHealth = (async () => {
      while (polling) {
        const start = performance.now();
        try {
          if (!(await fetch(`${base}/health`)).ok) healthFailures++;
        } catch {
          healthFailures++;
        }
        latency[phase].push(performance.now() - start);
        maxRss = Math.max(maxRss, rssMb(server.pid, 'VmRSS'));
        await sleep(Math.max(0, HEALTH_EVERY - (performance.now() - start)));
      }
    })();
    const pollGateways = (async () => {
      while (polling) {
        minGateways = Math.min(minGateways, await gauge());
        await sleep(250);
      }
    })();

    const connectsBefore = connects.length;
    await sleep(BEFORE);
    phase = 'during';
    const answers: { file: string; code: number; ms: number; msg: string }[] = [];
    const send = async (file: string, fileBase64: string) => {
      const start = performance.now();
      const res = await fetch(`${base}${args.route}`, {
        method: 'POST',
        headers: { ...headers, token },
        body: JSON.stringify({ project_id: site.project_id, file_base64: fileBase64 }),
      });
      const body = (await res.json()) as { code: number; msg: string };
      answers.push({ file, code: body.code, ms: Math.round(performance.now() - start), msg: body.msg });
    };
    for (let b = 0; b < BOMBS; b++) await send(`${args['cell-mb']} MB cell`, bomb);
    if (PARSED_BYTES > 0) await send(`${args['parsed-mb']} MB cell`, parsed);
    await sleep(AFTER);
    polling = false;
    await Promise.all([pollHealth, pollGateways]);

    const fmt = (xs: number[]) =>
      `max ${Math.max(...xs).toFixed(1)} ms, p99 ${percentile(xs, 99).toFixed(1)} ms, p50 ${percentile(xs, 50).toFixed(1)} ms (${xs.length} requests)`;
    console.log(`\n/health before the bombs: ${fmt(latency.before)}`);
    console.log(
      `/health during and ${AFTER / 1000} s after: ${fmt(latency.during)}; failures ${healthFailures}`,
    );
    for (const a of answers) console.log(`${a.file}: code ${a.code} in ${a.ms} ms — ${a.msg}`);
    console.log(
      `server memory: RSS max sampled ${maxRss.toFixed(0)} MB, high-water mark ${rssMb(server.pid, 'VmHWM').toFixed(0)} MB`,
    );
    console.log(
      `gateway disconnects: ${disconnects.length} (simulator log), reconnects ${connects.length - connectsBefore}; lowest connected ${minGateways} of ${gatewayCount}`,
    );
    console.log(
      `load average after: ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    );
  } finally {
    await server.stop();
    await database.dispose();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});

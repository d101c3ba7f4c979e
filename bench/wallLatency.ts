/**
 * The wall screen's two numbers (issue 30 item 5): first full paint of /CentreWall ≤ 2 s on the demo, and a new
 * alarm visible on the wall ≤ 1 s after it is pushed. Usage (after `node scripts/build-if-needed.mjs`):
 *   npx tsx bench/wallLatency.ts [--runs 5] [--alarms 5]
 *
 * Starts the built server on the demo (its own ports and data directory, as the browser tests do), logs in as the
 * centre user in Chromium at 1920×1080, then:
 * - paint: loads /CentreWall afresh `--runs` times; the time from the navigation to the moment the figures,
 *   the map's canvas and the load curve's canvas are all drawn (the page's first full paint);
 * - alarm: stages `--alarms` breaker trips on a Hefei feeder through its simulated gateway (MQTT, the server's
 *   service identity) and times, in the page, from the event's `raised_at` (the server stores and pushes it
 *   then; push ≥ raised) to the ticker row's appearance in the DOM (MutationObserver). Both clocks are this
 *   machine's.
 * Also times GET /api/v6/wall alone (where the paint's time goes). Prints p50 / max and the load average before and after. Record the figures in docs/performance.md.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import mqtt from 'mqtt';
import { gatewayTopics, simulatorManifest, telemetryPayload } from '@gridops/contract';
import { launchBrowser, loginAs, newPage } from '../e2e/support/browser.js';
import { startServer } from '../e2e/support/server.js';
import { percentile } from './support.js';

const { values: args } = parseArgs({ options: { runs: { type: 'string', default: '5' }, alarms: { type: 'string', default: '5' } } });
const load = () => os.loadavg().map((x) => x.toFixed(2)).join(' ');

async function main() {
  const loadBefore = load();
  const service = { username: 'gridops-bench-service', password: randomBytes(18).toString('base64url') };
  const server = await startServer({ MQTT_SERVICE_USERNAME: service.username, MQTT_SERVICE_PASSWORD: service.password });
  const browser = await launchBrowser();
  const client = await mqtt.connectAsync(server.mqttTcpUrl, { ...service, clientId: `gridops-server-bench-wall-${process.pid}` });
  try {
    const manifest = simulatorManifest.parse(JSON.parse(fs.readFileSync(path.join(server.dataDir, 'simulator/manifest.json'), 'utf8')));
    const hefei = manifest.gateways.find((g) => g.project_name === '合肥高新区数据中心')!;
    const feeder = hefei.devices.find((d) => d.kind === 'feeder')!;
    const topics = gatewayTopics(hefei.sn);
    await client.subscribeAsync([topics.telemetry, topics.commandResult], { qos: 1 });
    /** Resolves on the next telemetry in which the feeder's breaker reads `value`. */
    const breakerReads = (value: number) =>
      new Promise<void>((resolve) => {
        const on = (topic: string, buf: Buffer) => {
          if (topic !== topics.telemetry) return;
          const t = telemetryPayload.safeParse(JSON.parse(buf.toString()));
          if (t.success && t.data.devices.some((d) => d.sn === feeder.sn && Number(d.values.breaker) === value)) {
            client.off('message', on);
            resolve();
          }
        };
        client.on('message', on);
      });
    let seq = 0;
    const command = (command: string, params: Record<string, unknown>) =>
      client.publishAsync(topics.command, JSON.stringify({ id: `bench-${process.pid}-${++seq}`, command, params }), { qos: 1 });

    const page = await newPage(browser, { lang: 'zh', width: 1920, height: 1080, pending: 'muted' });
    await loginAs(page, server.baseUrl, 'centre');
    const paints: number[] = [];
    for (let i = 0; i < Number(args.runs); i++) {
      const t0 = Date.now();
      await page.goto(`${server.baseUrl}/CentreWall`, { waitUntil: 'commit' });
      await page.locator('[data-testid="wall"]:not([data-generated=""])').waitFor({ timeout: 60_000 });
      await page.getByTestId('wall-map').locator('canvas').first().waitFor({ timeout: 60_000 });
      await page.getByTestId('wall-curve').locator('canvas').first().waitFor({ timeout: 60_000 });
      paints.push(Date.now() - t0);
    }

    // Where the paint's time goes: the wall's answer alone, read as the page reads it.
    const timed = (u: string, body?: string) =>
      page.evaluate(
        async ([url, b]) => {
          const token = JSON.parse(window.sessionStorage.getItem('token') ?? 'null') as string | null;
          const headers = { token: token ?? '', version: '1.0', devicetype: 'pc', ...(b ? { 'content-type': 'application/json' } : {}) };
          const t0 = performance.now();
          await (await fetch(url, b ? { method: 'POST', headers, body: b } : { headers })).json();
          return Math.round(performance.now() - t0);
        },
        [u, body] as const,
      );
    const answers: number[] = [];
    const strips: number[] = [];
    for (let i = 0; i < Number(args.runs); i++) {
      answers.push(await timed(`${server.baseUrl}/api/v6/wall`));
      // The centre KPI strip alone (the part of the answer the centre home reads too).
      strips.push(await timed(`${server.baseUrl}/api/v6/index/centreKpi`, '{}'));
    }

    const alarms: number[] = [];
    await page.evaluate(() => {
      const w = window as unknown as { __wallSeen: Record<string, number> };
      w.__wallSeen = {};
      new MutationObserver(() => {
        for (const el of document.querySelectorAll<HTMLElement>('[data-testid="wall-ticker-row"]')) {
          const id = el.dataset.event;
          if (id && !(id in w.__wallSeen)) w.__wallSeen[id] = Date.now();
        }
      }).observe(document.body, { childList: true, subtree: true });
    });
    for (let i = 0; i < Number(args.alarms); i++) {
      const closed = breakerReads(1);
      await command('breaker', { device_sn: feeder.sn, close: true });
      await closed;
      const from = new Date().toISOString();
      const tripped = breakerReads(0);
      await command('simulate_fault', { device_sn: feeder.sn, fault: 'breaker_trip' });
      await tripped;
      const url = `${server.baseUrl}/api/v6/event/list?project_id=${hefei.project_id}&type=3&from=${encodeURIComponent(from)}`;
      const event = await page.waitForFunction(
        async (u) => {
          const token = JSON.parse(window.sessionStorage.getItem('token') ?? 'null') as string | null;
          const r = (await (await fetch(u, { headers: { token: token ?? '', version: '1.0', devicetype: 'pc' } })).json()) as { data?: { list: { id: number; raised_at: string }[] } };
          return r.data?.list[0] ?? null;
        },
        url,
        { timeout: 60_000, polling: 500 },
      );
      const e = (await event.jsonValue()) as { id: number; raised_at: string };
      const seenAt = await page.waitForFunction((id) => (window as unknown as { __wallSeen: Record<string, number> }).__wallSeen[String(id)] ?? null, e.id, { timeout: 30_000 });
      alarms.push(((await seenAt.jsonValue()) as number) - Date.parse(e.raised_at));
    }
    await command('breaker', { device_sn: feeder.sn, close: true });
    const line = (name: string, xs: number[]) => `${name}: n=${xs.length} p50=${percentile(xs, 50)} ms max=${Math.max(...xs)} ms [${xs.join(', ')}]`;
    console.log(line('first full paint', paints));
    console.log(line('GET /api/v6/wall', answers));
    console.log(line('POST /api/v6/index/centreKpi', strips));
    console.log(line('alarm raised → on the wall', alarms));
    console.log(`load average before: ${loadBefore}; after: ${load()}`);
  } finally {
    await client.endAsync();
    await browser.close();
    await server.stop();
  }
}

void main();

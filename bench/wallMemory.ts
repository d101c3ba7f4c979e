/**
 * Does the wall screen stay flat over hours (issue 30 item 4)? Usage (after `node scripts/build-if-needed.mjs`):
 *   npx tsx bench/wallMemory.ts [--minutes 60] [--sample 60]
 *
 * Starts the built server on the demo (its own ports and data directory; the simulator raises its random faults,
 * so live alarms reach the wall as they would in a control room), logs in as the centre user in Chromium at
 * 1920×1080, opens /CentreWall and leaves it alone. Every `--sample` seconds, after a forced garbage collection,
 * it reads through the DevTools protocol the JavaScript heap in use, the DOM node count, the event listeners and
 * the documents. Prints one line per sample, then start → end and the largest value of each. Record in
 * docs/performance.md.
 */
import os from 'node:os';
import { parseArgs } from 'node:util';
import { launchBrowser, loginAs, newPage } from '../e2e/support/browser.js';
import { startServer } from '../e2e/support/server.js';

const { values: args } = parseArgs({ options: { minutes: { type: 'string', default: '60' }, sample: { type: 'string', default: '60' } } });
const load = () => os.loadavg().map((x) => x.toFixed(2)).join(' ');

interface Sample {
  minute: number;
  heapMb: number;
  nodes: number;
  listeners: number;
  documents: number;
}

async function main() {
  const minutes = Number(args.minutes);
  const every = Number(args.sample) * 1000;
  const loadBefore = load();
  const server = await startServer();
  const browser = await launchBrowser();
  try {
    const page = await newPage(browser, { lang: 'zh', width: 1920, height: 1080, pending: 'muted' });
    await loginAs(page, server.baseUrl, 'centre');
    await page.goto(`${server.baseUrl}/CentreWall`);
    await page.locator('[data-testid="wall"]:not([data-generated=""])').waitFor({ timeout: 120_000 });
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Performance.enable');
    const started = Date.now();
    const samples: Sample[] = [];
    const take = async () => {
      await cdp.send('HeapProfiler.collectGarbage');
      const heap = await cdp.send('Runtime.getHeapUsage');
      const { metrics } = await cdp.send('Performance.getMetrics');
      const m = (name: string) => metrics.find((x) => x.name === name)?.value ?? 0;
      const s: Sample = {
        minute: Math.round((Date.now() - started) / 6000) / 10,
        heapMb: Math.round((heap.usedSize / 1048576) * 10) / 10,
        nodes: m('Nodes'),
        listeners: m('JSEventListeners'),
        documents: m('Documents'),
      };
      samples.push(s);
      console.log(`t=${s.minute} min  heap ${s.heapMb} MB  nodes ${s.nodes}  listeners ${s.listeners}  documents ${s.documents}  load ${load()}`);
    };
    await take();
    while (Date.now() - started < minutes * 60_000) {
      await new Promise((r) => setTimeout(r, every));
      await take();
    }
    const first = samples[0]!;
    const last = samples[samples.length - 1]!;
    const max = (k: keyof Sample) => Math.max(...samples.map((s) => s[k]));
    console.log(`\n${minutes} min on /CentreWall, ${samples.length} samples; load before ${loadBefore}, after ${load()}`);
    console.log(`heap MB ${first.heapMb} → ${last.heapMb} (max ${max('heapMb')})`);
    console.log(`DOM nodes ${first.nodes} → ${last.nodes} (max ${max('nodes')})`);
    console.log(`event listeners ${first.listeners} → ${last.listeners} (max ${max('listeners')})`);
    console.log(`documents ${first.documents} → ${last.documents} (max ${max('documents')})`);
    const rows = await page.getByTestId('wall-ticker').locator('[data-testid="wall-ticker-row"]').count().catch(() => -1);
    console.log(`ticker rows at the end: ${rows}`);
  } finally {
    await browser.close();
    await server.stop();
  }
}

void main();

/**
 * Page-settle benchmark: how long every page of the console takes until it has settled. Usage:
 *   npx tsx bench/pageSettle.ts --url http://127.0.0.1:8080 [--runs 5] [--only ReleaseInspect,SiteHome]
 *     [--mode spa|load] [--quiet 500] [--timeout 20000] [--json out.json] [--site-as centre]
 *
 * Against a running demo server (`npm start`, or one on your own ports), it logs in through the login page as the
 * user type each page belongs to (centre pages as `centre`, site pages as `site`, worker pages as `worker` at
 * 390×844; password demo1234), then opens every page of the catalogue (apps/web/src/app/routes/pages.ts: all 107
 * leaf routes of spec §2) `--runs` times. `spa` (default) navigates inside the app as the menu does (history
 * push + popstate, the page's chunk may be cached from an earlier run); `load` opens the URL afresh.
 *
 * Settled = the layout shows the page (data-page), no /api/ request is in flight and no spinner or skeleton is
 * visible, and this has held for `--quiet` ms; the time reported is from the navigation to the start of that
 * quiet period (the end of the last activity). Requests the live client triggers later (MQTT-driven refreshes)
 * fall in the quiet window only if they happen within it. Prints p50/p95 per page, the slowest pages and the
 * load average before and after. Record the figures in docs/performance.md.
 */
import os from 'node:os';
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { chromium, type Browser, type Page, type Request } from 'playwright-core';
import { centrePages, sitePages, workerPages, type PageDef } from '../apps/web/src/app/routes/pages.js';
import { dismissPending } from '../e2e/support/console.js';
import { percentile } from './support.js';

const { values: args } = parseArgs({
  options: {
    url: { type: 'string', default: 'http://127.0.0.1:8080' },
    runs: { type: 'string', default: '5' },
    only: { type: 'string', default: '' },
    mode: { type: 'string', default: 'spa' },
    quiet: { type: 'string', default: '500' },
    timeout: { type: 'string', default: '20000' },
    password: { type: 'string', default: 'demo1234' },
    json: { type: 'string', default: '' },
    // Print every API call of each page's first run (start offset, duration, bytes): finds waterfalls and N+1s.
    trace: { type: 'boolean', default: false },
    // Open the site pages as this user instead (e.g. `centre`, who reaches them after choosing a site).
    'site-as': { type: 'string', default: 'site' },
  },
});
const base = args.url.replace(/\/+$/, '');
const runs = Number(args.runs);
const quietMs = Number(args.quiet);
const timeoutMs = Number(args.timeout);
const only = new Set(args.only.split(',').filter(Boolean));

interface Target {
  key: string;
  path: string;
  user: 'centre' | 'site' | 'worker';
}

/** Leaf pages with their full paths ('' is the parent's index page). */
function leaves(defs: PageDef[], user: Target['user'], parent = ''): Target[] {
  return defs.flatMap((d) => {
    const path = d.path.startsWith('/') ? d.path : d.path === '' ? parent : `${parent}/${d.path}`;
    return d.children ? leaves(d.children, user, path) : [{ key: d.key, path, user }];
  });
}

const targets = [...leaves(centrePages, 'centre'), ...leaves(sitePages, args['site-as'] === 'centre' ? 'centre' : 'site'), ...leaves(workerPages, 'worker')].filter(
  (t) => only.size === 0 || only.has(t.key) || only.has(t.path),
);

const loadavg = () => os.loadavg().map((x) => x.toFixed(2)).join(' ');

async function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

/** A logged-in page for one user type, with a counter of /api/ requests in flight. */
async function session(browser: Browser, user: Target['user']) {
  const mobile = user === 'worker';
  const context = await browser.newContext({ locale: 'zh-CN', viewport: mobile ? { width: 390, height: 844 } : { width: 1600, height: 900 } });
  const page = await context.newPage();
  const inflight = new Set<unknown>();
  let lastApiActivity = 0;
  const calls: { url: string; at: number; ms: number }[] = [];
  const isApi = (u: string) => new URL(u).pathname.startsWith('/api/');
  page.on('request', (r) => {
    if (!isApi(r.url())) return;
    inflight.add(r);
    lastApiActivity = Date.now();
  });
  const done = (r: Request) => {
    if (!inflight.delete(r)) return;
    lastApiActivity = Date.now();
    const t = r.timing();
    calls.push({ url: r.url().replace(base, ''), at: t.startTime, ms: Math.round(t.responseEnd) });
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  await page.goto(`${base}/Login`);
  await page.getByTestId('login-username').fill(user);
  await page.getByTestId('login-password').fill(args.password);
  await page.getByTestId('login-submit').click();
  await page.waitForURL((url) => !url.pathname.endsWith('/Login'), { timeout: 30_000 });
  // The pending-events dialog would cover the pages (its own spinner aside); muted for this session as in e2e.
  await dismissPending(page, { waitMs: 3_000, mayStayOpen: true });
  return { page, inflight, lastApi: () => lastApiActivity, calls };
}

type Session = Awaited<ReturnType<typeof session>>;

/** What the page shows now: its key and whether anything still spins or shows a skeleton. */
const probe = (page: Page) =>
  page.evaluate(() => {
    const root = document.querySelector<HTMLElement>('[data-testid="layout-root"]');
    const busy = [...document.querySelectorAll<HTMLElement>('.ant-spin-spinning, .ant-skeleton, .ant-skeleton-element')].some(
      (el) => el.getClientRects().length > 0,
    );
    return { key: root?.dataset.page ?? '', busy };
  });

async function measure(s: Session, t: Target): Promise<number> {
  const { page } = s;
  if (args.mode !== 'load') {
    // Every navigation starts from the same place (the not-found page, no API calls), so a page that is already
    // showing (the user's home right after login) is measured like the others.
    await page.evaluate(() => {
      window.history.pushState(null, '', '/__bench-start');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await page.waitForFunction(() => document.querySelector<HTMLElement>('[data-testid="layout-root"]')?.dataset.page === 'NotFound');
  }
  const start = Date.now();
  if (args.mode === 'load') {
    await page.goto(`${base}${t.path}`, { waitUntil: 'commit' });
  } else {
    await page.evaluate((path) => {
      window.history.pushState(null, '', path);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, t.path);
  }
  let lastBusy = Date.now();
  for (;;) {
    const now = Date.now();
    if (now - start > timeoutMs) return timeoutMs;
    const state = await probe(page).catch(() => ({ key: '', busy: true }));
    const checkedAt = Date.now();
    if (state.key !== t.key || state.busy || s.inflight.size > 0) lastBusy = checkedAt;
    // An API call that started and ended between two probes still counts as activity.
    lastBusy = Math.max(lastBusy, s.lastApi());
    if (checkedAt - lastBusy >= quietMs) return lastBusy - start;
    await new Promise((r) => setTimeout(r, 25));
  }
}

async function main() {
  console.log(`pageSettle: ${targets.length} pages × ${runs} runs, mode ${args.mode}, quiet ${quietMs} ms, ${base}`);
  const loadBefore = loadavg();
  console.log(`load average before: ${loadBefore}`);
  const browser = await launch();
  const samples = new Map<string, number[]>(targets.map((t) => [t.path, []]));
  const sessions = new Map<Target['user'], Session>();
  try {
    for (let run = 0; run < runs; run++) {
      for (const t of targets) {
        let s = sessions.get(t.user);
        if (!s) {
          s = await session(browser, t.user);
          sessions.set(t.user, s);
        }
        s.calls.length = 0;
        const ms = await measure(s, t);
        samples.get(t.path)!.push(ms);
        if (run === 0) process.stdout.write(`${t.user.padEnd(6)} ${t.path} ${ms} ms\n`);
        if (run === 0 && args.trace) {
          const t0 = Math.min(...s.calls.map((c) => c.at));
          for (const c of s.calls) console.log(`    +${Math.round(c.at - t0)} ms ${c.ms} ms ${c.url}`);
        }
      }
      console.log(`run ${run + 1}/${runs} done, load ${loadavg()}`);
    }
  } finally {
    await browser.close();
  }
  const rows = targets.map((t) => {
    const xs = samples.get(t.path)!;
    return { page: t.path, user: t.user, p50: percentile(xs, 50), p95: percentile(xs, 95), max: Math.max(...xs) };
  });
  const loadAfter = loadavg();
  rows.sort((a, b) => b.p95 - a.p95);
  console.log('\nslowest pages (p95, ms):');
  console.table(rows.slice(0, 20));
  const over = rows.filter((r) => r.p95 > 2000);
  const all = rows.map((r) => r.p95);
  console.log(
    JSON.stringify(
      { pages: rows.length, runs, mode: args.mode, over2sP95: over.map((r) => r.page), p95OfP95: percentile(all, 95), loadBefore, loadAfter },
      null,
      2,
    ),
  );
  if (args.json) fs.writeFileSync(args.json, JSON.stringify({ rows, loadBefore, loadAfter, runs, mode: args.mode }, null, 2));
}

await main();

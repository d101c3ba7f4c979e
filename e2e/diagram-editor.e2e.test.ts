import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { pageApi } from './support/api.js';
import { launchBrowser, loginAs, newPage } from './support/browser.js';
import { click, dismissPending, open, sessionValue } from './support/console.js';
import { drawDiagram } from './screenshots/diagramFlow.js';

/**
 * The single-line diagram editor end to end: draw a small diagram (incomer and breaker dragged from the
 * palette, connected, the breaker bound to feeder F01), save it, and see it live on /ElectricalRoom/DevMonitor
 * with the breaker's state from the simulator; a stale save is refused; a viewer gets a view-only editor.
 */
const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('single-line diagram editor', () => {
  it('draws, binds and saves a diagram that DevMonitor then shows live', async () => {
    const page = await newPage(browser, { lang: 'zh', width: 1600, height: 1000 });
    await loginAs(page, baseUrl, 'site');
    await dismissPending(page);
    const name = `E2E 接线图 ${Date.now() % 100000}`;
    await drawDiagram(page, name, 'E2E diagram', 'F01');

    // What was saved is the stored model: two symbols, one wire, the breaker bound.
    const pid = await sessionValue<number>(page, 'proID', 0);
    const rt = await pageApi<{ rooms: { id: number; kind: string }[] }>(page, baseUrl, `/api/v6/distribution/realtime?project_id=${pid}`, { method: 'GET' });
    const room = rt.data.rooms.find((r) => r.kind === 'distribution')!.id;
    const list = await pageApi<{ list: { id: number; name: string; version: number }[] }>(page, baseUrl, `/api/v6/distribution/room/${room}/diagrams`, { method: 'GET' });
    const mine = list.data.list.find((d) => d.name === name)!;
    expect(mine.version).toBe(2);
    const stored = await pageApi<{ doc: { elements: { id: string; type: string; device_id?: number | null }[]; wires: { from: string; to: string }[] } }>(page, baseUrl, `/api/v6/distribution/room/${room}/diagram?diagram_id=${mine.id}`, { method: 'GET' });
    expect(stored.data.doc.elements.map((e) => e.type).sort()).toEqual(['breaker', 'source']);
    expect(stored.data.doc.wires).toEqual([expect.objectContaining({ from: 'SRC1', to: 'QF1' })]);
    expect(stored.data.doc.elements.find((e) => e.id === 'QF1')!.device_id).toEqual(expect.any(Number));

    // A save with the version read before ours is refused; nothing is overwritten.
    const stale = await pageApi(page, baseUrl, `/api/v6/distribution/room/${room}/diagram`, { method: 'PUT', body: { diagram_id: mine.id, version: 1, doc: { width: 600, height: 400, elements: [], wires: [] } } });
    expect(stale.code).toBe(10008);

    // The live view renders the saved model with the breaker's state and values.
    await open(page, '/ElectricalRoom/DevMonitor', 'dev-monitor');
    await click(page, page.getByTestId('tab-diagram'));
    await page.getByTestId('sld').waitFor();
    await click(page, page.getByTestId('sld-diagram'));
    await page.locator('.ant-select-item-option').filter({ hasText: name }).click();
    const breaker = page.getByTestId('sld-QF1');
    await breaker.waitFor();
    await expect.poll(() => breaker.getAttribute('data-state'), { timeout: 20_000 }).toMatch(/^(closed|open)$/);
    expect(await page.getByTestId('sld-state-QF1').textContent()).toMatch(/合闸|分闸/);
    expect(await page.getByTestId('sld-SRC1').count()).toBe(1);
    expect(await page.locator('[data-testid="sld"] polyline').count()).toBe(1);
    await page.close();
  });

  it('gives a user without the configure permission a view-only editor', async () => {
    const page = await newPage(browser, { lang: 'en', width: 1600, height: 1000 });
    await loginAs(page, baseUrl, 'worker');
    await dismissPending(page, { waitMs: 3000 });
    const reply = await pageApi(page, baseUrl, '/api/v6/distribution/room/1/diagrams', { method: 'POST', body: { name: 'x' } });
    expect(reply.code).toBe(10004);
    await page.close();
  });
});

import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { pageApi } from './support/api.js';
import { launchBrowser, loginAs, newPage } from './support/browser.js';
import { click, dismissPending, open, sessionValue } from './support/console.js';

/**
 * "A diagram for a new site in one step" (issue 25, docs/diagram-draft.md): in the editor, a new empty diagram of
 * the demo's distribution room gets "Generate draft" — the room's incomers, busbar, transformers, feeders and
 * meters, every symbol bound to its device — shown unsaved and undoable; the ordinary save stores it, and the live
 * view shows the simulator's breaker states and feeder power on it.
 */
const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

interface Doc {
  elements: { id: string; type: string; device_id?: number | null }[];
  wires: { from: string; to: string }[];
}

describe('diagram draft', () => {
  it('generates a draft of a room in the editor, saves it, and the live view shows its breakers and values', async () => {
    const page = await newPage(browser, { lang: 'zh', width: 1600, height: 1000 });
    await loginAs(page, baseUrl, 'site');
    await dismissPending(page);
    const name = `E2E 草图 ${Date.now() % 100000}`;

    await open(page, '/RunSetup/SingleLineSet', 'single-line-set');
    await page.getByTestId('sld-editor').waitFor();
    await page.locator('.react-flow__node').first().waitFor();
    await click(page, page.getByTestId('sld-new'));
    await page.getByTestId('sld-name').fill(name);
    await page.getByTestId('sld-name-en').fill('E2E draft');
    await click(page, page.locator('#sld-name-ok'));
    await page.getByTestId('sld-canvas-empty').waitFor();

    // Generate the draft for the editor's room (the dialog offers it by default).
    await click(page, page.getByTestId('sld-draft'));
    await page.getByTestId('sld-draft-room').waitFor();
    await click(page, page.locator('#sld-draft-ok'));
    await page.getByTestId('sld-dirty').waitFor();
    await page.getByTestId('sld-canvas-empty').waitFor({ state: 'detached' });
    const drawnNodes = await page.locator('.react-flow__node').count();
    expect(drawnNodes).toBeGreaterThan(4);
    expect(await page.locator('[data-testid^="sld-node-QF-"]').count()).toBeGreaterThan(1);
    // One undo step takes the draft away, redo brings it back.
    await click(page, page.getByTestId('sld-undo'));
    await page.getByTestId('sld-canvas-empty').waitFor();
    await click(page, page.getByTestId('sld-redo'));
    await page.getByTestId('sld-canvas-empty').waitFor({ state: 'detached' });
    expect(await page.locator('.react-flow__node').count()).toBe(drawnNodes);

    await click(page, page.getByTestId('sld-save'));
    await page.getByTestId('sld-version').waitFor();

    // What was stored is the draft of the room: every drawn device bound, the same symbols and wires.
    const pid = await sessionValue<number>(page, 'proID', 0);
    const rt = await pageApi<{ rooms: { id: number; kind: string }[] }>(page, baseUrl, `/api/v6/distribution/realtime?project_id=${pid}`, { method: 'GET' });
    const room = rt.data.rooms.find((r) => r.kind === 'distribution')!.id;
    const draft = await pageApi<{ doc: Doc; drawn: number[] }>(page, baseUrl, '/api/v6/distribution/diagram/draft', { method: 'POST', body: { project_id: pid, room_id: room } });
    expect(draft.code).toBe(1);
    const list = await pageApi<{ list: { id: number; name: string }[] }>(page, baseUrl, `/api/v6/distribution/room/${room}/diagrams`, { method: 'GET' });
    const mine = list.data.list.find((d) => d.name === name)!;
    const stored = await pageApi<{ doc: Doc; states: { element_id: string }[] }>(page, baseUrl, `/api/v6/distribution/room/${room}/diagram?diagram_id=${mine.id}`, { method: 'GET' });
    expect(stored.data.doc.elements.map((e) => e.id)).toEqual(draft.data.doc.elements.map((e) => e.id));
    expect(stored.data.doc.wires.length).toBe(draft.data.doc.wires.length);
    const bound = new Set(stored.data.doc.elements.flatMap((e) => (e.device_id ? [e.device_id] : [])));
    expect([...bound].sort()).toEqual([...draft.data.drawn].sort());
    expect(stored.data.states.length).toBe(stored.data.doc.elements.filter((e) => e.device_id).length);
    const feeder = stored.data.doc.elements.find((e) => e.type === 'feeder' && e.device_id)!;

    // The live view of the room: breaker states and feeder power from the simulator on the saved draft.
    await open(page, '/ElectricalRoom/DevMonitor', 'dev-monitor');
    await click(page, page.getByTestId('tab-diagram'));
    await page.getByTestId('sld').waitFor();
    await click(page, page.getByTestId('sld-diagram'));
    await page.locator('.ant-select-item-option').filter({ hasText: name }).click();
    const breaker = page.getByTestId(`sld-QF-${feeder.device_id}`);
    await breaker.waitFor();
    await expect.poll(() => breaker.getAttribute('data-state'), { timeout: 20_000 }).toMatch(/^(closed|open)$/);
    expect(await page.getByTestId(`sld-state-QF-${feeder.device_id}`).textContent()).toMatch(/合闸|分闸/);
    await expect.poll(async () => (await page.getByTestId(`sld-p-${feeder.id}`).textContent()) ?? '', { timeout: 20_000 }).toMatch(/\d.*kW/);
    await page.close();
  });

  it('refuses the draft to a user of another organisation and names the room field for an unknown room', async () => {
    const page = await newPage(browser, { lang: 'en', width: 1280, height: 800 });
    await loginAs(page, baseUrl, 'site');
    await dismissPending(page, { waitMs: 3000 });
    const pid = await sessionValue<number>(page, 'proID', 0);
    const rt = await pageApi<{ rooms: { id: number; kind: string }[] }>(page, baseUrl, `/api/v6/distribution/realtime?project_id=${pid}`, { method: 'GET' });
    const room = rt.data.rooms.find((r) => r.kind === 'distribution')!.id;
    const unknown = await pageApi(page, baseUrl, '/api/v6/distribution/diagram/draft', { method: 'POST', body: { project_id: pid, room_id: 999_999 } });
    expect(unknown).toMatchObject({ code: 10006, data: { field: 'room_id' } });
    await page.context().close();

    const other = await newPage(browser, { lang: 'en', width: 1280, height: 800 });
    await loginAs(other, baseUrl, 'xihu');
    await dismissPending(other, { waitMs: 3000 });
    const refused = await pageApi(other, baseUrl, '/api/v6/distribution/diagram/draft', { method: 'POST', body: { project_id: pid, room_id: room } });
    expect(refused.code).toBe(10004);
    await other.context().close();
  });
});

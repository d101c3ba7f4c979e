/**
 * Issue 26 item 10 in a real browser: the worker's phone (390×844) — every visible control ≥ 44 × 44 px, the
 * pending dialog as cards (not a table), today's round before overdue ones — and the energy-flow Sankey drawn
 * at its full size on its first frame.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, loginAs, newPage } from './support/browser.js';
import { dismissPending, open } from './support/console.js';

const baseUrl = inject('baseUrl');

/** Visible buttons, links and inputs smaller than 44 px either way, named for the failure message. */
const smallTargets = (page: Page) =>
  page.evaluate(() => {
    const out: string[] = [];
    const sel = 'button, a[href], input:not([type="hidden"]), textarea, [role="button"]';
    for (const el of document.querySelectorAll<HTMLElement>(sel)) {
      // A checkbox or radio is hit through its label: measure that.
      const target = el instanceof HTMLInputElement && (el.type === 'checkbox' || el.type === 'radio' || el.type === 'file') ? (el.closest('label') ?? el) : el;
      const r = target.getBoundingClientRect();
      const style = getComputedStyle(target);
      if (r.width === 0 || r.height === 0 || style.visibility === 'hidden' || style.display === 'none') continue;
      if (el instanceof HTMLInputElement && el.closest('.ant-input-number, .ant-select, .ant-picker')) {
        const box = (el.closest('.ant-input-number, .ant-select, .ant-picker') as HTMLElement).getBoundingClientRect();
        if (box.width >= 44 && box.height >= 44) continue;
      }
      if (r.width < 44 || r.height < 44) {
        const name = (target.getAttribute('data-testid') ?? target.getAttribute('aria-label') ?? target.textContent ?? '').trim().slice(0, 30);
        out.push(`${target.tagName.toLowerCase()}「${name}」${Math.round(r.width)}×${Math.round(r.height)}`);
      }
    }
    return out;
  });

describe("the worker's phone", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('shows the pending events as cards with full-width actions, not a table', async () => {
    const page = await newPage(browser, { width: 390, height: 844, pending: 'shown' });
    await loginAs(page, baseUrl, 'worker');
    const dialog = page.locator('.pending-dialog');
    await dialog.waitFor({ timeout: 20_000 });
    expect(await dialog.locator('table').count()).toBe(0);
    await dialog.getByTestId('pending-cards').waitFor();
    const handle = dialog.locator('[data-testid^="pending-card-"] [data-testid^="pending-handle-"]').first();
    // The modal opens with a zoom animation (scaled below 1 while it runs): measure once it has ended.
    await expect.poll(async () => (await handle.boundingBox())?.height ?? 0, { timeout: 10_000 }).toBeGreaterThanOrEqual(44);
    const box = await handle.boundingBox();
    const card = await dialog.locator('[data-testid^="pending-card-"]').first().boundingBox();
    expect(box!.width).toBeGreaterThan(card!.width * 0.8);
    const small = await page.evaluate(() => {
      const out: string[] = [];
      for (const el of document.querySelectorAll<HTMLElement>('.pending-dialog button')) {
        const r = el.getBoundingClientRect();
        if (r.width && (r.width < 44 || r.height < 44)) out.push(`${el.textContent || el.getAttribute('aria-label')} ${Math.round(r.width)}×${Math.round(r.height)}`);
      }
      return out;
    });
    expect(small, `pending dialog buttons under 44 px: ${small.join(', ')}`).toEqual([]);
    await page.context().close();
  });

  it('every visible button, link and input on the worker pages is at least 44 × 44 px', async () => {
    const page = await newPage(browser, { width: 390, height: 844, pending: 'muted' });
    await loginAs(page, baseUrl, 'worker');
    await dismissPending(page, { waitMs: 3000, mayStayOpen: true });
    const offenders: string[] = [];
    for (const [route, testId] of [
      ['/WorkerHome', 'worker-shell'],
      ['/WorkerInspect', 'worker-inspect'],
      ['/WorkerSolve', 'worker-shell'],
      ['/WorkerEvent', 'worker-events'],
      ['/WorkerUser', 'worker-shell'],
    ] as const) {
      await open(page, route, testId);
      await page.locator('.ant-skeleton').first().waitFor({ state: 'detached', timeout: 20_000 }).catch(() => undefined);
      for (const o of await smallTargets(page)) offenders.push(`${route} ${o}`);
    }
    expect(offenders, `touch targets under 44 px:\n${offenders.join('\n')}`).toEqual([]);
    await page.context().close();
  });

  it("lists today's round before the overdue tasks", async () => {
    const page = await newPage(browser, { width: 390, height: 844, pending: 'muted' });
    await loginAs(page, baseUrl, 'worker');
    await open(page, '/WorkerInspect', 'worker-inspect');
    const groups = await page.locator('[data-group]').evaluateAll((els) => els.map((e) => e.getAttribute('data-group')));
    expect(groups[0]).toBe('today');
    if (groups.includes('overdue')) expect(groups.indexOf('overdue')).toBeGreaterThan(groups.indexOf('today'));
    const title = await page.getByTestId('task-group-today').locator('h5').textContent();
    expect(title).toContain('今日');
    await page.context().close();
  });
});

describe('energy-flow Sankey on first render', () => {
  it('is drawn at its full size on its first frame, without waiting for a refresh', async () => {
    const browser = await launchBrowser();
    const page = await newPage(browser, { width: 1440, height: 900, pending: 'muted' });
    await loginAs(page, baseUrl, 'site');
    await open(page, '/EnergyManage', 'energy-flow');
    const canvas = page.locator('[data-testid="flow-chart"] canvas').first();
    await canvas.waitFor();
    // At once: the canvas's own size, and how far right the first frame has painted (the old clip animation
    // revealed the diagram from the left, squashed into ~180 px with cut labels).
    const first = await canvas.evaluate((c: HTMLCanvasElement) => {
      const ctx = c.getContext('2d')!;
      const data = ctx.getImageData(0, 0, c.width, c.height).data;
      let right = 0;
      for (let y = 0; y < c.height; y += 4)
        for (let x = c.width - 1; x > right; x--) if (data[(y * c.width + x) * 4 + 3]! > 0) { right = x; break; }
      return { h: c.clientHeight, w: c.clientWidth, right: right / (window.devicePixelRatio || 1) };
    });
    expect(first.h).toBeGreaterThan(300);
    expect(first.right, `painted up to ${first.right} of ${first.w} px on the first frame`).toBeGreaterThan(first.w * 0.6);
    await browser.close();
  });
});

import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Frame, Page } from 'playwright-core';
import { cspViolations, launchBrowser, loginAs, newPage } from './support/browser.js';
import { dismissPending } from './support/console.js';

const baseUrl = inject('baseUrl');

async function consoleFrame(page: Page): Promise<Frame> {
  await page.waitForFunction(() => {
    const f = document.getElementById('console') as HTMLIFrameElement | null;
    return Boolean(f?.contentDocument?.querySelector('[data-testid="centre-home"]'));
  });
  const frame = page.frames().find((f) => f !== page.mainFrame());
  if (!frame) throw new Error('console frame missing');
  return frame;
}

const root = (frame: Frame, attr: string) => frame.locator('[data-testid="layout-root"]').getAttribute(attr);

describe('engine host (window messages)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('every message type has its effect, and the console reports site selection and logout', async () => {
    const page = await newPage(browser);
    await loginAs(page, baseUrl, 'centre');
    await page.goto(`${baseUrl}/engine-host.html`);
    const frame = await consoleFrame(page);
    await dismissPending(page.frames()[1] as Frame, { waitMs: 8_000, mayStayOpen: true });
    expect(await root(frame, 'data-ue')).toBe('0');

    // The first engine message loads the schema module on demand (the login page does not carry zod), so its
    // effect may come a few seconds later on a busy machine: poll longer than vitest's 1 s default.
    await page.getByTestId('send-ratio').click();
    await expect.poll(() => root(frame, 'class'), { timeout: 20_000 }).toContain('ratio-21-9');
    expect(await root(frame, 'data-ue')).toBe('1');
    await page.fill('#value', '169');
    await page.getByTestId('send-ratio').click();
    await expect.poll(() => root(frame, 'class'), { timeout: 10_000 }).toContain('ratio-16-9');

    await page.getByTestId('send-devMonitor').click();
    await expect.poll(() => root(frame, 'data-dev')).toBe('1001');
    await page.getByTestId('send-auxctrl').click();
    await expect.poll(() => root(frame, 'data-room')).toBe('R-01');
    await page.getByTestId('send-visitscene').click();
    await expect.poll(() => root(frame, 'data-scene')).toBe('1');
    await page.getByTestId('send-custom').click();
    await expect.poll(() => root(frame, 'data-engine-latest')).toBe('custom');

    await page.getByTestId('send-securityvideo').click();
    await frame.locator('[data-testid="video-dialog"] .ant-modal').waitFor();
    await frame.locator('[data-testid="video-dialog"] .ant-modal-close').click();

    await page.getByTestId('send-robvdo').click();
    await expect.poll(() => frame.url()).toContain('/ElectricalRoom/RobMonitor');
    await page.getByTestId('send-energy').click();
    await expect.poll(() => frame.url()).toContain('/ElectricalRoom/DevMonitor');

    // Selecting a site posts {type:'route', name:'SiteHome', proid} to the host.
    await frame.getByTestId('menu-back-centre').click();
    await frame.locator('[data-testid^="station-"]').first().click();
    await expect.poll(() => frame.url()).toContain('/SiteHome');
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { gridopsReceived: Array<Record<string, unknown>> }).gridopsReceived))
      .toEqual(expect.arrayContaining([expect.objectContaining({ key: 'ueMessage', type: 'route', name: 'SiteHome', proid: expect.any(Number) })]));

    // Logout posts {type:'logout'}.
    await dismissPending(frame, { waitMs: 4000, mayStayOpen: true });
    await frame.getByTestId('user-menu').click();
    await frame.getByTestId('logout').click();
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { gridopsReceived: Array<Record<string, unknown>> }).gridopsReceived))
      .toEqual(expect.arrayContaining([{ key: 'ueMessage', type: 'logout' }]));
    await expect.poll(() => frame.url()).toContain('/Login');
    expect(cspViolations(page)).toEqual([]);
    await page.context().close();
  });
});

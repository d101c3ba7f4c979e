/**
 * Screenshots of the inspection robot pages (RobMonitor with the robot live on its plan; RobotSet's list and its
 * form with the plan editor), zh and en, as the Suzhou site user: docs/screenshots/robot/*.png.
 * Usage: npx tsx e2e/screenshots/robot.ts [url]   (or GRIDOPS_URL; default http://localhost:8080)
 */
import type { Browser } from 'playwright-core';
import { loginAs, newPage } from '../support/browser.js';
import { captureAll, click, dismissPending, open, screenshotBaseUrl, shot } from '../support/console.js';

const baseUrl = screenshotBaseUrl;

async function capture(browser: Browser, lang: 'zh' | 'en') {
  const page = await newPage(browser, { lang });
  await loginAs(page, baseUrl, 'site');
  await dismissPending(page, { waitMs: 5000, mayStayOpen: true });
  await open(page, '/ElectricalRoom/RobMonitor', 'robot-page', { loading: 'state-loading' });
  await page.getByTestId('robot-marker').waitFor({ timeout: 30_000 });
  // Between its scheduled rounds the robot is at its dock: send it out, and shoot once it is on its way.
  const start = page.getByTestId('robot-start-round');
  if (await start.isEnabled().catch(() => false)) await click(page, start);
  await page.waitForFunction(() => document.querySelector('[data-testid="robot-marker"]')?.getAttribute('data-x') !== null && !['在桩待命', 'Docked'].includes(document.querySelector('[data-testid="robot-task-state"]')?.textContent ?? ''), undefined, { timeout: 120_000 });
  await page.locator('[data-testid="robot-inspections"] tbody tr.ant-table-row').first().waitFor();
  await shot(page, `robot/rob-monitor-${lang}`, { dismiss: true });
  await open(page, '/RunSetup/RobotSet', 'robot-set', { loading: 'state-loading' });
  await shot(page, `robot/robot-set-${lang}`, { dismiss: true });
  await dismissPending(page, { waitMs: 2000, mayStayOpen: true });
  await click(page, page.locator('[data-testid^="robot-set-edit-"]').first());
  await page.getByTestId('robot-plan-editor').waitFor();
  await shot(page, `robot/robot-set-form-${lang}`, { fullPage: false });
  await page.keyboard.press('Escape');
  await page.context().close();
}

await captureAll(capture);

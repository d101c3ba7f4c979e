/**
 * Screenshots of the run-configuration pages, zh and en: docs/screenshots/run-setup/<page>-<zh|en>.png —
 * the alarm-rule table, the rule form with its 7-day preview, and the alarm-performance tab.
 * Usage: npx tsx e2e/screenshots/run-setup.ts [url]   (or GRIDOPS_URL; default http://localhost:8080)
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { loginAs, newPage } from '../support/browser.js';
import { captureAll, click, dismissPending, open, screenshotBaseUrl, screenshotDir, shot } from '../support/console.js';

const baseUrl = screenshotBaseUrl;

async function capture(browser: Browser, lang: 'zh' | 'en') {
  fs.mkdirSync(path.join(screenshotDir, 'run-setup'), { recursive: true });
  const site = await newPage(browser, { lang, height: 1000 });
  await loginAs(site, baseUrl, 'site');
  await dismissPending(site, { waitMs: 5000, mayStayOpen: true });
  await open(site, '/RunSetup/AlarmRuleSet', 'alarm-rules', { loading: 'state-loading' });
  await site.getByTestId('alarm-rule-table').waitFor();
  await shot(site, `run-setup/alarm-rules-${lang}`, { fullPage: false, dismiss: true });

  // The form on the transformer's winding-temperature default (override), previewed at a tighter limit.
  const override = site.locator('[data-testid^="alarm-rule-override-"]').first();
  await click(site, override);
  await site.getByTestId('alarm-rule-form').waitFor();
  await site.locator('.ant-drawer #threshold').fill('0');
  await click(site, site.getByTestId('alarm-rule-preview-run'));
  await site.getByTestId('preview-draft-count').waitFor({ timeout: 60_000 });
  await shot(site, `run-setup/alarm-rule-preview-${lang}`, { fullPage: false, settleMs: 2500 });
  await site.keyboard.press('Escape');
  await site.getByTestId('alarm-rule-form').waitFor({ state: 'detached' });

  await click(site, site.getByRole('tab', { name: lang === 'en' ? 'Alarm performance' : '告警绩效' }));
  await site.getByTestId('alarm-performance').waitFor();
  await site
    .locator('[data-testid="state-loading"]')
    .waitFor({ state: 'detached' })
    .catch(() => undefined);
  await shot(site, `run-setup/alarm-performance-${lang}`, { settleMs: 2500 });
  await site.context().close();
}

await captureAll(capture);

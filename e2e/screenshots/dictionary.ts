/**
 * Screenshots of the data dictionary, zh and en: docs/screenshots/dictionary/{levels,defects,edit,site}-<zh|en>.png.
 * Sets level Ⅱ's name on the centre user's organisation (once) so the page shows an organisation's own entry.
 * Usage: npx tsx e2e/screenshots/dictionary.ts [url]   (or GRIDOPS_URL; default http://localhost:8080)
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { pageApi, pageApiData } from '../support/api.js';
import { loginAs, newPage } from '../support/browser.js';
import { captureAll, click, dismissPending, open, screenshotBaseUrl, screenshotDir, sessionValue, shot } from '../support/console.js';

const baseUrl = screenshotBaseUrl;

async function capture(browser: Browser, lang: 'zh' | 'en') {
  fs.mkdirSync(path.join(screenshotDir, 'dictionary'), { recursive: true });
  const page = await newPage(browser, { lang });
  await loginAs(page, baseUrl, 'centre');
  await dismissPending(page, { waitMs: 5000, mayStayOpen: true });
  const orgId = (await sessionValue<{ org_id: number }>(page, 'userInfo')).org_id;
  const view = await pageApiData<{ entries: { kind: string; key: string; source: string }[] }>(page, baseUrl, `/api/v6/dictionary?org_id=${orgId}`, { method: 'GET' });
  if (!view.entries.some((e) => e.kind === 'alarmLevel' && e.key === '2' && e.source === 'own'))
    await pageApi(page, baseUrl, '/api/v6/dictionary/entry', { method: 'PUT', body: { org_id: orgId, kind: 'alarmLevel', key: '2', zh: '重要告警', en: 'Major', enabled: true, version: 0 } });
  if (!view.entries.some((e) => e.kind === 'defectCategory' && e.key === 'water_leak'))
    await pageApi(page, baseUrl, '/api/v6/dictionary/entry', { body: { org_id: orgId, kind: 'defectCategory', key: 'water_leak', zh: '渗漏水', en: 'Water leak' } });

  // Set through the API after login: reload so this console reads the labels again.
  await page.reload();
  await dismissPending(page, { waitMs: 5000, mayStayOpen: true });
  await open(page, '/CentreUser/CentreDataDictionarySet', 'dictionary-page');
  await page.getByTestId('dict-edit-alarmLevel-2').waitFor();
  await shot(page, `dictionary/levels-${lang}`, { fullPage: false });
  await click(page, page.getByRole('tab', { name: lang === 'en' ? 'Defect categories' : '缺陷类别' }));
  await page.getByTestId('dict-table-defectCategory').waitFor();
  await shot(page, `dictionary/defects-${lang}`, { fullPage: false });
  await click(page, page.getByTestId('dict-edit-defectCategory-water_leak'));
  await page.getByTestId('dictionary-zh').waitFor();
  await shot(page, `dictionary/edit-${lang}`, { fullPage: false });
  await page.keyboard.press('Escape');
  // The events list with the organisation's name for level Ⅱ.
  await open(page, '/CentreEvents', 'events-page');
  await page.getByTestId('events-page').locator('td', { hasText: lang === 'en' ? /^Major$/ : /^重要告警$/ }).first().waitFor({ timeout: 20_000 });
  await shot(page, `dictionary/events-${lang}`, { fullPage: false });
  await page.context().close();

  // A site user: his organisation's dictionary, read-only; and his push settings.
  const site = await newPage(browser, { lang });
  await loginAs(site, baseUrl, 'site');
  await dismissPending(site, { waitMs: 5000, mayStayOpen: true });
  await open(site, '/UserCenter/DataDictionarySet', 'dictionary-page');
  await site.getByTestId('dict-table-alarmLevel').waitFor();
  await shot(site, `dictionary/site-${lang}`, { fullPage: false });
  // One rule of his site (once), made as he would on the page.
  const me = await sessionValue<{ id: number; org_id: number; project_ids: number[] }>(site, 'userInfo');
  const push = await pageApiData<{ rules: unknown[] }>(site, baseUrl, `/api/v6/push/settings?org_id=${me.org_id}`, { method: 'GET' });
  if (push.rules.length === 0)
    await pageApiData(site, baseUrl, '/api/v6/push/rule', {
      body: { org_id: me.org_id, project_id: me.project_ids[0], name: 'Night faults', event_types: [2, 3], min_level: 2, user_ids: [me.id], channel_ids: [], quiet_start: '23:00', quiet_end: '06:30', escalate_minutes: null, escalate_user_ids: [], enabled: true },
    });
  await open(site, '/UserCenter/SendmsgTools', 'push-settings');
  await site.getByTestId('push-settings').locator('.ant-alert, .ant-card').first().waitFor();
  await shot(site, `dictionary/site-push-${lang}`, { fullPage: false });
  await site.context().close();
}

void captureAll(capture);

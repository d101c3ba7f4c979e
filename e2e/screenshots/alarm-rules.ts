/**
 * Screenshots of the run-configuration pages, zh and en: docs/screenshots/run-setup/<page>-<zh|en>.png —
 * the alarm-rule table, the rule form with its 7-day preview, the alarm-performance tab and the remote-control
 * configuration (a blocked period, an interlock and a two-person breaker added through the API first).
 * Usage: npx tsx e2e/screenshots/alarm-rules.ts [url]   (or GRIDOPS_URL; default http://localhost:8080)
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import type { AlarmRuleList, ControlConfig } from '@gridops/contract';
import { pageApiData } from '../support/api.js';
import { loginAs, newPage } from '../support/browser.js';
import { captureAll, click, dismissPending, open, projectOf, screenshotBaseUrl, screenshotDir, shot } from '../support/console.js';

const baseUrl = screenshotBaseUrl;

async function capture(browser: Browser, lang: 'zh' | 'en') {
  fs.mkdirSync(path.join(screenshotDir, 'run-setup'), { recursive: true });
  const site = await newPage(browser, { lang, height: 1000 });
  await loginAs(site, baseUrl, 'site');
  await dismissPending(site, { waitMs: 5000, mayStayOpen: true });
  await open(site, '/RunSetup/AlarmRuleSet', 'alarm-rules', { loading: 'state-loading' });
  await site.getByTestId('alarm-rule-table').waitFor();
  await shot(site, `run-setup/alarm-rules-${lang}`, { fullPage: false, dismiss: true });

  // The form on the transformer load-rate default (override), previewed at tighter limits until one would fire.
  const projectId = await projectOf(site);
  const list = await pageApiData<AlarmRuleList>(site, baseUrl, `/api/v6/alarm-rules?project_id=${projectId}`, { method: 'GET' });
  const load = list.rules.find((r) => r.device_kind === 'transformer' && r.point_key === 'load_rate' && r.scope === 'default');
  await click(site, site.getByTestId(`alarm-rule-override-${load?.id ?? list.rules[0]!.id}`));
  await site.getByTestId('alarm-rule-form').waitFor();
  for (const limit of ['60', '45', '30', '15']) {
    await site.locator('.ant-drawer #threshold').fill(limit);
    await site.locator('.ant-drawer #on_delay_s').fill('0');
    await click(site, site.getByTestId('alarm-rule-preview-run'));
    const count = site.getByTestId('preview-draft-count');
    await count.waitFor({ timeout: 60_000 });
    if (Number(await count.getAttribute('data-count')) > 0) break;
  }
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

  // Remote control: a blocked period and an interlock (once), then the page and a refusal on DevControl.
  const cfg = await pageApiData<ControlConfig>(site, baseUrl, `/api/v6/control-config?project_id=${projectId}`, { method: 'GET' });
  const [a, b] = cfg.breakers;
  if (a && b && cfg.interlocks.length === 0) {
    await pageApiData(site, baseUrl, '/api/v6/control-config/block', { body: { project_id: projectId, name: '夜间检修', name_en: 'Night maintenance', start: '23:00', end: '05:00' } });
    await pageApiData(site, baseUrl, '/api/v6/control-config/interlock', {
      body: { project_id: projectId, device_id: a.device_id, action: 'close', other_device_id: b.device_id, other_closed: true, name: '母联闭锁', name_en: 'Tie interlock' },
    });
    await pageApiData(site, baseUrl, `/api/v6/control-config/breaker/${b.device_id}`, { method: 'PUT', body: { controllable: true, user_ids: [], two_person: true, version: b.version } });
  }
  await open(site, '/RunSetup/RemoteCtrlSet', 'remote-ctrl-set', { loading: 'state-loading' });
  await site.getByTestId('control-breakers').waitFor();
  await shot(site, `run-setup/remote-control-${lang}`, { dismiss: true });
  await site.context().close();
}

await captureAll(capture);

/**
 * Screenshots of routine inspection, zh and en: docs/screenshots/operations/inspect-<page>-<zh|en>.png — the
 * plans (ReleaseInspect, with the plan drawer), the site results (InspectTask, with a task record), the centre
 * results (CentreInspect), and the worker's list and form on a 390×844 phone (an out-of-range reading in red).
 * Usage: npx tsx e2e/screenshots/inspection.ts [url]   (or GRIDOPS_URL; default http://localhost:8080)
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { loginAs, newPage } from '../support/browser.js';
import { captureAll, dismissPending, open, screenshotBaseUrl, screenshotDir, shot } from '../support/console.js';

const baseUrl = screenshotBaseUrl;

async function capture(browser: Browser, lang: 'zh' | 'en') {
  fs.mkdirSync(path.join(screenshotDir, 'operations'), { recursive: true });
  const site = await newPage(browser, { lang, width: 1440, height: 900 });
  await loginAs(site, baseUrl, 'site');
  await dismissPending(site, { waitMs: 5000, mayStayOpen: true });
  await open(site, '/OperMainte/ReleaseInspect', 'release-inspect');
  await site.getByTestId('plan-table').locator('tr.ant-table-row').first().waitFor();
  await shot(site, `operations/inspect-release-${lang}`, { dismiss: true });
  await site.getByTestId('plan-table').locator('tr.ant-table-row').first().getByRole('button').first().click();
  await site.getByTestId('plan-form').waitFor();
  await shot(site, `operations/inspect-release-plan-${lang}`, { fullPage: false, settleMs: 1200 });
  await site.keyboard.press('Escape');

  await open(site, '/OperMainte', 'inspect-results');
  await site.getByTestId('task-table').locator('tr.ant-table-row').first().waitFor({ timeout: 20_000 });
  await shot(site, `operations/inspect-task-${lang}`, { dismiss: true, settleMs: 2500 });
  await site.getByTestId('finding-table').locator('tr.ant-table-row').first().getByRole('button').last().click();
  await site.getByTestId('task-record').waitFor();
  await site.getByTestId('record-photo').first().waitFor({ timeout: 10_000 }).catch(() => undefined);
  await shot(site, `operations/inspect-task-record-${lang}`, { fullPage: false, settleMs: 1200 });
  await site.context().close();

  const centre = await newPage(browser, { lang, width: 1440, height: 900 });
  await loginAs(centre, baseUrl, 'centre');
  await dismissPending(centre, { waitMs: 5000, mayStayOpen: true });
  await open(centre, '/CentreInspect', 'centre-inspect');
  await centre.getByTestId('rate-by-site').locator('tr.ant-table-row').first().waitFor({ timeout: 20_000 });
  await shot(centre, `operations/inspect-centre-${lang}`, { dismiss: true, settleMs: 2000 });
  await centre.context().close();

  const phone = await newPage(browser, { lang, width: 390, height: 844 });
  await loginAs(phone, baseUrl, 'worker');
  await dismissPending(phone, { waitMs: 5000, mayStayOpen: true });
  await open(phone, '/WorkerInspect', 'worker-inspect');
  await phone.locator('[data-testid^="task-card-"]').first().waitFor({ timeout: 20_000 });
  await shot(phone, `operations/inspect-worker-${lang}`, { fullPage: false, dismiss: true });
  const open1 = phone.locator('[data-testid^="task-open-"]').first();
  await open1.click();
  await phone.getByTestId('inspect-form').waitFor();
  if (await phone.getByTestId('checkin-code').isVisible()) {
    const taskId = Number(await phone.getByTestId('inspect-form').getAttribute('data-task'));
    const detail = await phone.evaluate(async (id) => {
      const token = JSON.parse(window.sessionStorage.getItem('token') ?? '""') as string;
      const res = await fetch(`/api/v6/inspection/task/${id}`, { headers: { version: '1.0', devicetype: 'worker', token } });
      return (await res.json()) as { data: { checkpoints: { code: string }[] } };
    }, taskId);
    await phone.getByTestId('checkin-code').fill(detail.data.checkpoints[0]!.code);
    await phone.getByTestId('checkin-submit').click();
    await phone.getByTestId('checked-in').waitFor();
    const reading = phone.locator('input[data-testid^="reading-"], [data-testid^="reading-"] input').nth(0);
    await reading.fill('41');
    await phone.getByTestId('item-clean').getByText(lang === 'en' ? 'OK' : '正常', { exact: true }).click();
  }
  await shot(phone, `operations/inspect-worker-form-${lang}`, { fullPage: false, dismiss: true });
  await phone.context().close();
}

await captureAll(capture);

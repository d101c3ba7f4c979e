/**
 * Screenshots of the face library (/FacerecManage): people with thumbnails and their sync status, the sync drawer,
 * the person form, the access groups, the door terminals, the recognition records and a snapshot, zh and en, as the Suzhou site user: docs/screenshots/face-library/*.png. The people and groups are added through
 * the API first (generated photos) when the site has none.
 * Usage: npx tsx e2e/screenshots/face-library.ts [url]   (or GRIDOPS_URL; default http://localhost:8080)
 */
import type { Browser, Page } from 'playwright-core';
import { makePng } from '../../apps/server/src/test-support/png.js';
import { pageApiData } from '../support/api.js';
import { loginAs, newPage } from '../support/browser.js';
import { captureAll, click, dismissPending, open, projectOf, screenshotBaseUrl, shot } from '../support/console.js';

const baseUrl = screenshotBaseUrl;

async function ensureData(page: Page) {
  const projectId = await projectOf(page);
  const people = await pageApiData<{ items: unknown[] }>(page, baseUrl, `/api/v6/face/people?project_id=${projectId}`, { method: 'GET' });
  if (people.items.length > 0) return;
  const groups = await pageApiData<{ doors: { id: number }[] }>(page, baseUrl, `/api/v6/face/groups?project_id=${projectId}`, { method: 'GET' });
  const crew = await pageApiData<{ id: number }>(page, baseUrl, '/api/v6/face/groups', {
    body: { project_id: projectId, name: '运维班组', name_en: 'Maintenance crew', door_ids: groups.doors.map((d) => d.id), days: [1, 2, 3, 4, 5, 6], time_from: '07:30', time_to: '19:00' },
  });
  await pageApiData(page, baseUrl, '/api/v6/face/groups', { body: { project_id: projectId, name: '访客', name_en: 'Visitors', door_ids: groups.doors.slice(0, 1).map((d) => d.id), days: [1, 2, 3, 4, 5], time_from: '09:00', time_to: '17:00' } });
  const add = (i: number, p: Record<string, unknown>) =>
    pageApiData(page, baseUrl, '/api/v6/face/people', { body: { project_id: projectId, company: '', phone: '', group_id: crew.id, valid_from: null, valid_until: null, enabled: true, photo: makePng(240, 240, i).toString('base64'), ...p } });
  await add(1, { name: '王芳', name_en: 'Wang Fang', kind: 'staff', company: 'SIP', phone: '13800000001' });
  await add(2, { name: '陈刚', name_en: 'Chen Gang', kind: 'contractor', company: 'ABB', valid_from: '2026-01-01', valid_until: '2026-12-31' });
  await add(3, { name: '赵敏', name_en: 'Zhao Min', kind: 'visitor', company: 'State Grid', group_id: null, valid_from: '2026-03-01', valid_until: '2026-03-02' });
  await add(4, { name: '刘洋', name_en: 'Liu Yang', kind: 'staff', enabled: false });
}

async function capture(browser: Browser, lang: 'zh' | 'en') {
  const page = await newPage(browser, { lang });
  await loginAs(page, baseUrl, 'site');
  await dismissPending(page, { waitMs: 5000, mayStayOpen: true });
  await ensureData(page);
  await open(page, '/FacerecManage', 'face-people', { loading: 'state-loading' });
  await page.locator('[data-testid^="face-thumb-"][data-loaded="yes"]').first().waitFor();
  await shot(page, `face-library/people-${lang}`, { dismiss: true });
  await click(page, page.locator('[data-testid^="face-people-edit-"]').first());
  await page.getByTestId('face-name').waitFor();
  await shot(page, `face-library/person-form-${lang}`, { fullPage: false });
  await page.keyboard.press('Escape');
  await click(page, page.getByTestId('face-tab-groups'));
  await page.getByTestId('face-groups').waitFor();
  await shot(page, `face-library/groups-${lang}`, { dismiss: true });
  await click(page, page.getByTestId('face-tab-people'));
  await click(page, page.locator('[data-testid^="face-sync-"]').first());
  await page.getByTestId('face-sync-drawer').locator('.ant-table-row').first().waitFor();
  await shot(page, `face-library/sync-drawer-${lang}`, { fullPage: false });
  await page.keyboard.press('Escape');
  await click(page, page.getByTestId('face-tab-terminals'));
  await page.locator('[data-testid^="face-terminal-enrolled-"]').first().waitFor();
  await shot(page, `face-library/terminals-${lang}`, { dismiss: true });
  await click(page, page.getByTestId('face-tab-records'));
  await page.locator('[data-testid^="face-record-view-"]').first().waitFor({ timeout: 120_000 });
  await shot(page, `face-library/records-${lang}`, { dismiss: true });
  await click(page, page.locator('[data-testid^="face-record-view-"]').first());
  await page.getByTestId('face-snapshot-img').waitFor();
  await shot(page, `face-library/snapshot-${lang}`, { fullPage: false });
  await page.context().close();
}

await captureAll(capture);

import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { makePng } from '../apps/server/src/test-support/png.js';
import { pageApi, pageApiData } from './support/api.js';
import { launchBrowser, loginAs, newPage } from './support/browser.js';
import { click, dismissPending, open, projectOf } from './support/console.js';

const baseUrl = inject('baseUrl');

interface Person {
  id: number;
  version: number;
  name_en: string;
  has_photo: boolean;
  photo_width: number | null;
}

describe('face library', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('site: add a person with a generated 240×260 PNG, see the thumbnail, delete person and photo', async () => {
    const page = await newPage(browser, { lang: 'en' });
    await loginAs(page, baseUrl, 'site');
    await dismissPending(page, { waitMs: 5000, mayStayOpen: true });
    const projectId = await projectOf(page);
    const people = () => pageApiData<{ items: Person[] }>(page, baseUrl, `/api/v6/face/people?project_id=${projectId}`, { method: 'GET' }).then((d) => d.items);
    const name = `E2E Face ${Date.now() % 100000}`;

    await open(page, '/FacerecManage', 'face-people');
    await click(page, page.getByTestId('face-people-add'));
    await page.getByTestId('face-name').fill('端到端人员');
    await page.getByTestId('face-name-en').fill(name);
    await page.getByTestId('face-photo-input').setInputFiles({ name: 'face.png', mimeType: 'image/png', buffer: makePng(240, 260) });
    await page.getByTestId('face-photo-preview').waitFor();
    await click(page, page.getByTestId('face-people-save'));
    await page.locator('.ant-message', { hasText: 'Saved' }).waitFor();

    const added = (await people()).find((p) => p.name_en === name)!;
    expect(added).toMatchObject({ has_photo: true, photo_width: 240 });
    await page.getByTestId(`face-person-${added.id}`).waitFor();
    const thumb = page.getByTestId(`face-thumb-${added.id}`);
    await page.locator(`[data-testid="face-thumb-${added.id}"][data-loaded="yes"]`).waitFor();
    const size = await thumb.locator('img').evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight]);
    expect(size).toEqual([240, 260]);

    await click(page, page.getByTestId(`face-people-delete-${added.id}`));
    await click(page, page.locator('.ant-popconfirm-buttons .ant-btn-primary').last());
    await page.getByTestId(`face-person-${added.id}`).waitFor({ state: 'detached' });
    expect((await people()).some((p) => p.id === added.id)).toBe(false);
    // The photo went with the person: asking for it is refused.
    expect((await pageApi(page, baseUrl, `/api/v6/face/people/${added.id}/photo`, { method: 'GET' })).code).not.toBe(1);
    await page.context().close();
  });
});

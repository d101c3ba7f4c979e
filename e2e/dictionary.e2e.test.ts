import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { pageApi, pageApiData } from './support/api.js';
import { launchBrowser, loginAs, newPage } from './support/browser.js';
import { click, dismissPending, open, sessionValue } from './support/console.js';

const baseUrl = inject('baseUrl');

interface Entry {
  kind: string;
  key: string;
  zh: string;
  en: string;
  source: string;
  version: number;
}

/**
 * The data dictionary end to end: the centre user renames alarm level Ⅱ on the dictionary page, and the events
 * list shows the new name at once (no reload) in Chinese, and in English for a fresh console. The label is put
 * back to the built-in one at the end so no other test sees it.
 */
describe('data dictionary', () => {
  let browser: Browser;
  let admin: Page | undefined;
  let orgId = 0;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    // Restore: drop the organisation's own entry (back to "Ⅱ级" / "Level II").
    if (admin) {
      const view = await pageApiData<{ entries: Entry[] }>(admin, baseUrl, `/api/v6/dictionary?org_id=${orgId}`, { method: 'GET' });
      const own = view.entries.find((e) => e.kind === 'alarmLevel' && e.key === '2' && e.source === 'own');
      if (own) await pageApi(admin, baseUrl, '/api/v6/dictionary/reset', { body: { org_id: orgId, kind: 'alarmLevel', key: '2', version: own.version } });
      await admin.context().close();
    }
    await browser?.close();
  });

  it('renames alarm level Ⅱ and the events page shows the new name in zh and en', async () => {
    admin = await newPage(browser, { lang: 'zh' });
    await loginAs(admin, baseUrl, 'centre');
    await dismissPending(admin, { waitMs: 5000, mayStayOpen: true });
    orgId = (await sessionValue<{ org_id: number }>(admin, 'userInfo')).org_id;

    // Before: the built-in name on the events page.
    await open(admin, '/CentreEvents', 'events-page');
    const levelCell = (page: Page, text: string) => page.getByTestId('events-page').locator('td', { hasText: new RegExp(`^${text}$`) }).first();
    await levelCell(admin, 'Ⅱ级').waitFor({ timeout: 20_000 });

    // The dictionary page: edit level Ⅱ.
    await open(admin, '/CentreUser/CentreDataDictionarySet', 'dictionary-page');
    await click(admin, admin.getByTestId('dict-edit-alarmLevel-2'));
    await admin.getByTestId('dictionary-zh').fill('重要告警');
    await admin.getByTestId('dictionary-en').fill('Major');
    await click(admin, admin.getByTestId('dictionary-save'));
    await admin.getByTestId('dict-zh-alarmLevel-2').getByText('重要告警').waitFor({ timeout: 20_000 });
    await admin.getByText('本组织').first().waitFor();

    // The events page shows it without a reload.
    await open(admin, '/CentreEvents', 'events-page');
    await levelCell(admin, '重要告警').waitFor({ timeout: 20_000 });
    expect(await admin.getByTestId('events-page').locator('td', { hasText: /^Ⅱ级$/ }).count()).toBe(0);

    // A console in English shows the English name.
    const en = await newPage(browser, { lang: 'en' });
    await loginAs(en, baseUrl, 'centre');
    await dismissPending(en, { waitMs: 5000, mayStayOpen: true });
    await open(en, '/CentreEvents', 'events-page');
    await levelCell(en, 'Major').waitFor({ timeout: 20_000 });
    await en.context().close();
  });
});

import type { Page } from 'playwright-core';

/** Closes the pending-events dialog if it shows up within `timeout` (it opens whenever events are pending). */
export async function dismissPending(page: Page, timeout = 8_000): Promise<boolean> {
  const button = page.locator('[data-testid="pending-acknowledged"], [data-testid="pending-later"]');
  try {
    await button.first().waitFor({ state: 'visible', timeout });
  } catch {
    return false;
  }
  await button.first().click();
  await page.locator('.pending-dialog').waitFor({ state: 'hidden' }).catch(() => undefined);
  return true;
}

export const readSession = (k: string) => JSON.parse(window.sessionStorage.getItem(k) ?? 'null') as unknown;

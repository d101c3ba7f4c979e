/**
 * Screenshots of the energy configuration, carbon, integrated-energy and micro-grid pages, zh and en:
 * docs/screenshots/{setup,carbon,microgrid}-<page>-<zh|en>.png.
 * Usage: npx tsx e2e/screenshots/energy-setup.ts [url]   (or GRIDOPS_URL; default http://localhost:8080)
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, loginAs, newPage } from '../support/browser.js';

const baseUrl = (process.argv[2] ?? process.env.GRIDOPS_URL ?? 'http://localhost:8080').replace(/\/+$/, '');
const outDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../docs/screenshots');

async function dismissPending(page: Page) {
  const button = page.locator('[data-testid="pending-acknowledged"], [data-testid="pending-later"]').first();
  try {
    await button.waitFor({ state: 'visible', timeout: 5000 });
    await button.click();
    await page.locator('.pending-dialog').waitFor({ state: 'hidden' });
  } catch {
    // no dialog this time
  }
}

/** In-app navigation, as the side menu does, so the dismissed dialog stays dismissed. */
async function go(page: Page, to: string, testId: string) {
  await page.evaluate((p) => {
    window.history.pushState(null, '', p);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, to);
  await page.getByTestId(testId).waitFor({ timeout: 20_000 });
}

async function shot(page: Page, name: string, fullPage = true) {
  // Let charts, fonts and antd motion settle.
  await page.waitForTimeout(1500);
  const file = path.join(outDir, `${name}.png`);
  await page.screenshot({ path: file, fullPage });
  console.log('wrote', path.relative(process.cwd(), file));
}

async function capture(browser: Browser, lang: 'zh' | 'en') {
  const site = await newPage(browser, { lang });
  await loginAs(site, baseUrl, 'site');
  await dismissPending(site);
  const setup = [
    ['BranchSet', 'setup-branch', 'branch'],
    ['NewEnergyStructSet', 'setup-new-energy', 'new-energy'],
    ['StorageStructSet', 'setup-storage', 'storage'],
    ['FlowSet', 'setup-flow', 'flow'],
    ['LoopSet', 'setup-loops', 'loops'],
  ] as const;
  for (const [key, testId, name] of setup) {
    await go(site, `/EnergyManage/${key}`, testId);
    await site
      .locator('[data-testid="state-loading"]')
      .waitFor({ state: 'detached' })
      .catch(() => undefined);
    if (key === 'BranchSet') await site.locator('[data-testid^="tree-node-"]').first().click();
    await shot(site, `setup-${name}-${lang}`);
  }
  // The dialog with a meter that is already bound, and the server's answer.
  await go(site, '/EnergyManage/BranchSet', 'setup-branch');
  await site.locator('[data-testid^="tree-node-"]').nth(3).click();
  await site.getByTestId('edit-node').click();
  await site.getByTestId('node-form').waitFor();
  await site.getByTestId('node-point').click();
  await site.locator('[data-testid^="point-option-"]').first().click();
  await site.getByTestId('node-save').click();
  await site.getByTestId('node-error').waitFor();
  await shot(site, `setup-branch-bound-twice-${lang}`, false);
  await site.keyboard.press('Escape');

  await go(site, '/Carbon', 'carbon-site');
  await shot(site, `carbon-site-${lang}`);
  await go(site, '/EnergyHome', 'microgrid');
  await shot(site, `microgrid-home-${lang}`);
  await site.context().close();

  const centre = await newPage(browser, { lang });
  await loginAs(centre, baseUrl, 'centre');
  await dismissPending(centre);
  await go(centre, '/CentreCarbon', 'centre-carbon');
  await shot(centre, `carbon-centre-${lang}`);
  await go(centre, '/Carbon', 'need-site');
  await shot(centre, `carbon-need-site-${lang}`, false);
  await centre.getByTestId('site-selector').click();
  await centre.keyboard.type(lang === 'en' ? 'Hangzhou' : '杭州');
  await centre
    .locator('.ant-select-tree-title', { hasText: lang === 'en' ? 'Hangzhou Binjiang' : '杭州滨江' })
    .first()
    .click();
  await centre.waitForURL((u) => u.pathname === '/SiteHome');
  await dismissPending(centre);
  await go(centre, '/IntergralEnergy', 'integrated');
  await centre.getByTestId('integrated-card-heat').click();
  await centre.mouse.move(0, 0);
  await shot(centre, `carbon-integrated-${lang}`);
  await centre.context().close();
}

async function main() {
  fs.mkdirSync(outDir, { recursive: true });
  const browser = await launchBrowser();
  try {
    for (const lang of ['zh', 'en'] as const) await capture(browser, lang);
  } finally {
    await browser.close();
  }
}

await main();

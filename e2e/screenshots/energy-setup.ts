/**
 * Screenshots of the energy configuration, carbon, integrated-energy and micro-grid pages, zh and en:
 * docs/screenshots/{setup,carbon,microgrid}-<page>-<zh|en>.png.
 * Usage: npx tsx e2e/screenshots/energy-setup.ts [url]   (or GRIDOPS_URL; default http://localhost:8080)
 */
import type { Browser } from 'playwright-core';
import { loginAs, newPage } from '../support/browser.js';
import { captureAll, dismissPending, open, screenshotBaseUrl, selectSite, shot } from '../support/console.js';

const baseUrl = screenshotBaseUrl;

async function capture(browser: Browser, lang: 'zh' | 'en') {
  const site = await newPage(browser, { lang });
  await loginAs(site, baseUrl, 'site');
  await dismissPending(site, { waitMs: 5000, mayStayOpen: true });
  const setup = [
    ['BranchSet', 'setup-branch', 'branch'],
    ['NewEnergyStructSet', 'setup-new-energy', 'new-energy'],
    ['StorageStructSet', 'setup-storage', 'storage'],
    ['FlowSet', 'setup-flow', 'flow'],
    ['LoopSet', 'setup-loops', 'loops'],
  ] as const;
  for (const [key, testId, name] of setup) {
    await open(site, `/EnergyManage/${key}`, testId);
    await site
      .locator('[data-testid="state-loading"]')
      .waitFor({ state: 'detached' })
      .catch(() => undefined);
    if (key === 'BranchSet') await site.locator('[data-testid^="tree-node-"]').first().click();
    await shot(site, `setup-${name}-${lang}`);
  }
  // The dialog with a meter that is already bound, and the server's answer.
  await open(site, '/EnergyManage/BranchSet', 'setup-branch');
  await site.locator('[data-testid^="tree-node-"]').nth(3).click();
  await site.getByTestId('edit-node').click();
  await site.getByTestId('node-form').waitFor();
  await site.getByTestId('node-point').click();
  await site.locator('[data-testid^="point-option-"]').first().click();
  await site.getByTestId('node-save').click();
  await site.getByTestId('node-error').waitFor();
  await shot(site, `setup-branch-bound-twice-${lang}`, { fullPage: false });
  await site.keyboard.press('Escape');

  await open(site, '/Carbon', 'carbon-site');
  await shot(site, `carbon-site-${lang}`);
  await open(site, '/EnergyHome', 'microgrid');
  await shot(site, `microgrid-home-${lang}`);
  await site.context().close();

  const centre = await newPage(browser, { lang });
  await loginAs(centre, baseUrl, 'centre');
  await dismissPending(centre, { waitMs: 5000, mayStayOpen: true });
  await open(centre, '/CentreCarbon', 'centre-carbon');
  await shot(centre, `carbon-centre-${lang}`);
  await open(centre, '/Carbon', 'need-site');
  await shot(centre, `carbon-need-site-${lang}`, { fullPage: false });
  await selectSite(
    centre,
    lang === 'en' ? 'Hangzhou' : '杭州',
    lang === 'en' ? 'Hangzhou Binjiang' : '杭州滨江',
    { waitMs: 5000, mayStayOpen: true },
  );
  await open(centre, '/IntergralEnergy', 'integrated');
  await centre.getByTestId('integrated-card-heat').click();
  await centre.mouse.move(0, 0);
  await shot(centre, `carbon-integrated-${lang}`);
  await centre.context().close();
}

await captureAll(capture);

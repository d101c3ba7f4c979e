/**
 * Screenshots of the pages built on the report-page skeleton (docs/adr/0005-report-page.md), zh and en:
 * docs/screenshots/report/<page>-<zh|en>.png.
 * Usage: npx tsx e2e/screenshots/report.ts [url]   (or GRIDOPS_URL; default http://localhost:8080)
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { loginAs, newPage } from '../support/browser.js';
import { captureAll, dismissPending, open, screenshotBaseUrl, screenshotDir, selectSite, shot } from '../support/console.js';

const baseUrl = screenshotBaseUrl;
fs.mkdirSync(path.join(screenshotDir, 'report'), { recursive: true });

async function capture(browser: Browser, lang: 'zh' | 'en') {
  const site = await newPage(browser, { lang, width: 1600, height: 1000 });
  await loginAs(site, baseUrl, 'site');
  await dismissPending(site, { waitMs: 5000, mayStayOpen: true });
  await open(site, '/Carbon', 'carbon-site');
  await shot(site, `report/carbon-site-${lang}`);
  await open(site, '/EnergyManage/PowerOverview', 'pw-live');
  await shot(site, `report/energy-power-overview-${lang}`);
  await site.context().close();

  const centre = await newPage(browser, { lang, width: 1600, height: 1000 });
  await loginAs(centre, baseUrl, 'centre');
  await dismissPending(centre, { waitMs: 5000, mayStayOpen: true });
  await open(centre, '/CentreCarbon', 'centre-carbon');
  await shot(centre, `report/carbon-centre-${lang}`);
  await selectSite(centre, lang === 'en' ? 'Hangzhou' : '杭州', lang === 'en' ? 'Hangzhou Binjiang' : '杭州滨江', {
    waitMs: 5000,
    mayStayOpen: true,
  });
  await open(centre, '/IntergralEnergy', 'integrated');
  await centre.mouse.move(0, 0);
  await shot(centre, `report/carbon-integrated-${lang}`);
  await centre.context().close();
}

await captureAll(capture);

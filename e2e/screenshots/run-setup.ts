/**
 * Screenshots of the run-configuration pages for docs/pages/single-line-editor.md, zh and en:
 * docs/screenshots/run-setup/diagram-<view>-<zh|en>.png.
 * Usage: npx tsx e2e/screenshots/run-setup.ts [url]   (or GRIDOPS_URL; default http://localhost:8080)
 * It draws a small diagram through the editor (palette drag, connect, bind, save), stores a fuller PV-storage-
 * charging diagram bound to the Suzhou site's devices through the API, and shows both in the editor and live.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { pageApiData } from '../support/api.js';
import { loginAs, newPage } from '../support/browser.js';
import { captureAll, click, dismissPending, open, screenshotBaseUrl, screenshotDir, sessionValue, shot } from '../support/console.js';
import { drawDiagram } from './diagramFlow.js';

const baseUrl = screenshotBaseUrl;
const snap = (page: Page, name: string, lang: string, fullPage = true) => shot(page, `run-setup/${name}-${lang}`, { fullPage, dismiss: true });

interface Rt {
  rooms: { id: number; kind: string; devices: { id: number; sn: string }[] }[];
}

/** A PV-storage-charging single-line diagram using every symbol kind, bound to the site's devices by serial number. */
function fullDiagram(dev: (sn: string) => number | null) {
  const el = (id: string, type: string, x: number, y: number, label: string, label_en: string, sn?: string, extra: object = {}) => ({ id, type, x, y, label, label_en, ...(type === 'label' || type === 'busbar' ? {} : { device_id: sn ? dev(sn) : null }), ...extra });
  const elements = [
    el('TXT1', 'label', 40, 30, '光储充一次系统图', 'PV-storage-charging single-line diagram'),
    el('SRC1', 'source', 320, 60, '10kV进线', '10 kV supply', 'AH1'),
    el('QS1', 'disconnector', 320, 130, '进线隔离', 'Incomer disconnector', 'AH1'),
    el('QF1', 'breaker', 320, 200, '进线断路器', 'Incomer breaker', 'AH1'),
    el('TA1', 'ct', 320, 260, '进线CT', 'Incomer CT', 'AH1', { ratio: '100/5' }),
    el('BUS1', 'busbar', 60, 320, '10kV母线', '10 kV busbar', undefined, { length: 760, orientation: 'h', voltage_kv: 10 }),
    el('TV1', 'pt', 640, 250, '母线PT', 'Busbar VT', 'AH1', { ratio: '10/0.1 kV' }),
    el('TR1', 'transformer', 320, 420, '1#变压器', 'Transformer T1', 'T1', { ratio: '10/0.4 kV' }),
    el('BUS2', 'busbar', 60, 520, '0.4kV母线', '0.4 kV busbar', undefined, { length: 900, orientation: 'h', voltage_kv: 0.4 }),
    el('QF2', 'breaker', 120, 590, '办公楼', 'Office', 'F01'),
    el('PJ1', 'meter', 120, 660, '计量表', 'Meter', 'F01'),
    el('FD1', 'feeder', 120, 740, '办公楼负荷', 'Office load', 'F01'),
    el('QL1', 'switch', 300, 590, '光伏开关', 'PV switch'),
    el('PV1', 'pv', 300, 700, '屋顶光伏', 'Rooftop PV', 'INV1'),
    el('QF3', 'breaker', 480, 590, '储能断路器', 'Storage breaker', 'F02'),
    el('ESS1', 'storage', 480, 700, '储能舱', 'Storage', 'PCS1'),
    el('QF4', 'breaker', 660, 590, '充电站断路器', 'Charging breaker', 'F03'),
    el('EV1', 'charger', 660, 700, '1#充电桩', 'Charger 1', 'EV1'),
    el('QF5', 'breaker', 840, 590, '备用电源', 'Standby', 'F04'),
    el('G1', 'generator', 840, 700, '柴油发电机', 'Diesel generator'),
  ];
  const chain = [['SRC1', 'QS1'], ['QS1', 'QF1'], ['QF1', 'TA1'], ['TA1', 'BUS1'], ['BUS1', 'TV1'], ['BUS1', 'TR1'], ['TR1', 'BUS2'], ['BUS2', 'QF2'], ['QF2', 'PJ1'], ['PJ1', 'FD1'], ['BUS2', 'QL1'], ['QL1', 'PV1'], ['BUS2', 'QF3'], ['QF3', 'ESS1'], ['BUS2', 'QF4'], ['QF4', 'EV1'], ['BUS2', 'QF5'], ['QF5', 'G1']];
  return { width: 1040, height: 820, elements, wires: chain.map(([from, to]) => ({ from, to })) };
}

async function storeFull(page: Page, lang: 'zh' | 'en') {
  const pid = await sessionValue<number>(page, 'proID', 0);
  const rt = await pageApiData<Rt>(page, baseUrl, `/api/v6/distribution/realtime?project_id=${pid}`, { method: 'GET' });
  const bySn = new Map(rt.rooms.flatMap((r) => r.devices.map((d) => [d.sn, d.id] as const)));
  const room = rt.rooms.find((r) => r.kind === 'distribution')!.id;
  const made = await pageApiData<{ id: number }>(page, baseUrl, `/api/v6/distribution/room/${room}/diagrams`, { body: { name: `光储充系统图 ${lang}`, name_en: `PV-storage-charging ${lang}` } });
  await pageApiData(page, baseUrl, `/api/v6/distribution/room/${room}/diagram`, { method: 'PUT', body: { diagram_id: made.id, version: 1, doc: fullDiagram((sn) => bySn.get(sn) ?? null) } });
  return lang === 'en' ? `PV-storage-charging ${lang}` : `光储充系统图 ${lang}`;
}

async function pick(page: Page, testId: string, text: string) {
  await click(page, page.getByTestId(testId));
  await page.locator('.ant-select-item-option').filter({ hasText: text }).first().click();
}

async function capture(browser: Browser, lang: 'zh' | 'en') {
  const page = await newPage(browser, { lang, width: 1600, height: 1000 });
  await loginAs(page, baseUrl, 'site');
  await dismissPending(page, { waitMs: 5000 });

  const full = await storeFull(page, lang);
  // Drawn through the editor: two symbols from the palette, connected, the breaker bound.
  await drawDiagram(page, lang === 'en' ? `Drawn ${Date.now() % 1000}` : `手绘 ${Date.now() % 1000}`, `Drawn ${lang}`, 'F01');
  await snap(page, 'diagram-editor-drawn', lang, false);

  await pick(page, 'sld-editor-diagram', full);
  await page.getByTestId('sld-node-G1').waitFor();
  await click(page, page.getByTestId('sld-node-QF3'));
  await page.getByTestId('sld-live').waitFor();
  await snap(page, 'diagram-editor', lang, false);

  await open(page, '/ElectricalRoom/DevMonitor', 'dev-monitor');
  await click(page, page.getByTestId('tab-diagram'));
  await page.getByTestId('sld').waitFor();
  await pick(page, 'sld-diagram', full);
  await page.getByTestId('sld-G1').waitFor();
  await page.locator('[data-testid="sld-QF2"][data-state="closed"], [data-testid="sld-QF2"][data-state="open"]').waitFor({ timeout: 20_000 });
  await snap(page, 'diagram-live', lang);
  await page.close();
}

fs.mkdirSync(path.join(screenshotDir, 'run-setup'), { recursive: true });
await captureAll(capture);

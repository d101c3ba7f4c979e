import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, loginAs, newPage } from './support/browser.js';
import { dismissPending, open } from './support/console.js';
import { allPageKeys, BUILT_PAGES, settle, trackRequests, type BuiltPage } from './support/pages.js';

/**
 * Issue 26 item 8, "No internal words" (docs/i18n.md "The internal-words scan"): no built page, in Chinese or
 * in English, shows
 * - a page key of pages.ts as text ("按 EssSet 配置计划" instead of the page's name);
 * - a raw value instead of its words: snake_case enum values (`no_tariff`), i18n keys (`alarm.high`),
 *   `undefined`, `null`, `NaN`, `Invalid Date`; in Chinese, a bare lowercase English word (`pending`);
 * - a doubled name: the same word of 4+ characters twice in a row ("电池管理系统BMS 电池管理系统BMS 单体过压");
 * - a table cell whose text starts with a space (a name left empty in front of a sentence).
 * The pages are the ones english-everywhere visits (support/pages.ts); each user logs in once per language and
 * reads its area's pages: the site user the site pages, the centre user the centre pages, the worker the
 * worker pages. Text is read per text node of the visible document, so words in neighbouring cells never join.
 */
const baseUrl = inject('baseUrl');

/**
 * The page keys a text could leak: the compound ones (EssSet, PvSet, HisdataCts, SiteHome…). Keys that are one
 * plain English word (Carbon, Ledger) cannot be told from English prose, so they are left out of the search.
 */
const LEAKABLE_KEYS = [...new Set(allPageKeys())].filter((k) => /[A-Z].*[A-Z]/.test(k));

/**
 * Findings that are not a leak, each with its reason. Keep this short: fix the page instead where possible.
 */
const ALLOWED: { page?: string; pattern: RegExp; why: string }[] = [
  // Log-in names are what a user types at the login, the same in both languages (member lists show them).
  // The demo's log-in names themselves (the user centre's profile, who entered a reading, who did what in the
  // usage log): a name the user typed at the login, not a word to translate.
  { pattern: /^raw word: "(centre|site|worker|xihu)"$/, why: 'the demo users\' log-in names' },
  { page: '/CentreUser/CentreUserManage', pattern: /^raw word: "[a-z0-9]+"$/, why: 'user names are typed, not translated' },
  { page: '/UserCenter/UserManage', pattern: /^raw word: "[a-z0-9]+"$/, why: 'user names are typed, not translated' },
  // A device template lists its point keys: the identifiers a gateway sends (docs/gateway-protocol.md), which an
  // integrator types into the gateway; they are meant to be shown as they are.
  { page: '/RunSetup/DevTemplateSet', pattern: /^(enum value \w+|raw word): /, why: 'point keys are protocol identifiers' },
];

interface ScanInput {
  keys: string[];
  lang: 'zh' | 'en';
}

/** Runs in the page: the findings of one screen (kind and the text it was found in). */
function scanDocument({ keys, lang }: ScanInput): string[] {
  const out: string[] = [];
  const keyRe = new RegExp(`(?<![\\w/.-])(${keys.join('|')})(?![\\w/.-])`);
  const snake = /(?<![\w./@-])[a-z][a-z0-9]*(?:_[a-z0-9]+)+(?![\w./@-])/;
  // An i18n key: dotted lowercase-led identifiers (alarm.high, experts.field.region), not a file or host name.
  const i18nKey = /(?<![\w@/.-])([a-z][a-zA-Z]{2,}(?:\.[a-z][a-zA-Z0-9]{1,}){1,4})(?![\w/-])/g;
  const fileOrHost = /\.(com|cn|net|org|local|example|test|png|jpe?g|webp|gif|pdf|csv|xlsx?|json|txt|svg|mp4|io|md)$/i;
  const rawValue = /(?<![\w-])(undefined|null|NaN|Invalid Date|\[object Object\])(?![\w-])/;
  const units = new Set(['kvarh', 'kvar', 'kwh', 'kva', 'mwh', 'kgco2']);
  const doubled = /(?:^|\s)(\S{4,})\s+\1(?=\s|$)/u;
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const seen = new Set<string>();
  const add = (f: string) => {
    if (!seen.has(f)) out.push(f);
    seen.add(f);
  };
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const el = n.parentElement;
    const text = n.textContent ?? '';
    if (!el || !text.trim() || el.closest('script, style, noscript, [data-endonym]')) continue;
    if (!el.checkVisibility()) continue;
    const t = text.trim();
    const key = keyRe.exec(t);
    if (key) add(`page key ${key[1]}: "${t}"`);
    const s = snake.exec(t);
    if (s) add(`enum value ${s[0]}: "${t}"`);
    for (const m of t.matchAll(i18nKey)) if (!fileOrHost.test(m[1]!)) add(`i18n key ${m[1]}: "${t}"`);
    const r = rawValue.exec(t);
    if (r) add(`raw ${r[1]}: "${t}"`);
    if (lang === 'zh' && /^[a-z]{4,}$/.test(t) && !units.has(t)) add(`raw word: "${t}"`);
    const d = doubled.exec(t);
    if (d && /[A-Za-z\u3400-\u9fff]/.test(d[1]!)) add(`doubled ${d[1]}: "${t}"`);
  }
  // Table cells whose text starts with a space: the first text in the cell, with no icon or image before it.
  for (const cell of document.querySelectorAll<HTMLElement>('td')) {
    if (!cell.checkVisibility()) continue;
    const w = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
    let first: Node | null = w.nextNode();
    while (first && !(first.textContent ?? '').trim()) first = w.nextNode();
    if (!first || !/^\s/.test(first.textContent ?? '')) continue;
    const text: Node = first;
    const before = [...cell.querySelectorAll('svg, img, canvas, input, .anticon, .ant-badge-status-dot, .ant-tag')].some(
      (x) => (x.compareDocumentPosition(text) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0 && !x.contains(text),
    );
    const parent = text.parentElement;
    const pre = parent ? getComputedStyle(parent).whiteSpace : 'normal';
    // Collapsed white space at the start of a block is not shown; in a pre/pre-wrap cell or mid-line it is.
    const shown = pre.startsWith('pre') || pre === 'break-spaces' || parent !== cell;
    if (!before && shown) add(`cell starts with a space: "${text.textContent ?? ''}"`);
  }
  return out;
}

async function findings(page: Page, lang: 'zh' | 'en', path?: string): Promise<string[]> {
  const found = await page.evaluate(scanDocument, { keys: LEAKABLE_KEYS, lang });
  return found.filter((f) => !ALLOWED.some((a) => (a.page === undefined || a.page === path) && a.pattern.test(f)));
}

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const areas: { user: string; home: string; pages: BuiltPage[] }[] = [
  { user: 'site', home: 'site-home', pages: BUILT_PAGES.site },
  { user: 'centre', home: 'centre-home', pages: BUILT_PAGES.centre },
  { user: 'worker', home: 'worker-home', pages: BUILT_PAGES.worker },
];

describe('the scan sees what it looks for', () => {
  it('finds a page key, an enum value, an i18n key, a doubled name and a cell starting with a space', async () => {
    const page = await newPage(browser, { lang: 'zh' });
    await page.goto(`${baseUrl}/Login`);
    await page.evaluate(() => {
      const box = document.createElement('div');
      box.innerHTML = [
        '<p>按 EssSet 配置计划</p>',
        '<p>no_tariff</p>',
        '<p>alarm.high</p>',
        '<p>pending</p>',
        '<p>NaN kWh</p>',
        '<p>电池管理系统BMS 电池管理系统BMS 单体过压</p>',
        '<p>0.00 0.00</p>',
        '<table><tbody><tr><td><span> 通信中断</span></td><td><span>licence.png</span></td></tr></tbody></table>',
      ].join('');
      document.body.append(box);
    });
    const found = await findings(page, 'zh');
    expect(found).toEqual([
      'page key EssSet: "按 EssSet 配置计划"',
      'enum value no_tariff: "no_tariff"',
      'i18n key alarm.high: "alarm.high"',
      'raw word: "pending"',
      'raw NaN: "NaN kWh"',
      'doubled 电池管理系统BMS: "电池管理系统BMS 电池管理系统BMS 单体过压"',
      'cell starts with a space: " 通信中断"',
    ]);
    await page.context().close();
  });
});

for (const area of areas) {
  for (const lang of ['zh', 'en'] as const) {
    describe(`no internal words: the ${area.user} user in ${lang}`, () => {
      let page: Page;
      let inflight: () => number;
      beforeAll(async () => {
        page = await newPage(browser, { lang });
        inflight = trackRequests(page);
        await loginAs(page, baseUrl, area.user);
        await page.getByTestId(area.home).waitFor();
        await dismissPending(page, { mayStayOpen: true });
      });
      afterAll(async () => {
        await page?.context().close();
      });

      for (const p of area.pages) {
        it(`${p.key} (${p.path})`, async () => {
          await open(page, p.path);
          await settle(page, inflight, lang === 'en' ? p.title : p.titleZh);
          await dismissPending(page, { mayStayOpen: true });
          expect(await findings(page, lang, p.path), `${p.path} (${area.user}, ${lang})`).toEqual([]);
        });
      }
    });
  }
}

it('scans every built page: the page list is the shared one, and the keys it looks for include EssSet', () => {
  expect(LEAKABLE_KEYS).toEqual(expect.arrayContaining(['EssSet', 'PvSet', 'HisdataCts', 'SiteHome']));
  expect(areas.flatMap((a) => a.pages).length).toBeGreaterThan(50);
});

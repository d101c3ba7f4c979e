import type { TariffPart } from './api/energyStats.js';

/**
 * How a period names the tariff that priced it (issue 26 item 3), the same words on the expense page, its
 * export, the monthly report page and its PDF/workbook: "峰谷电价 v3（有效期 2025-01-01 起）", with the dates
 * it covered appended when a period is priced by more than one tariff ("… · 11-01–11-14").
 */
export function tariffPartText(p: TariffPart, lang: 'zh' | 'en', withDates: boolean): string {
  const name = lang === 'en' ? p.name_en || p.name : p.name;
  const validity =
    lang === 'en'
      ? p.valid_to === null
        ? `valid from ${p.valid_from}`
        : `valid ${p.valid_from} – ${p.valid_to}`
      : p.valid_to === null
        ? `有效期 ${p.valid_from} 起`
        : `有效期 ${p.valid_from} – ${p.valid_to}`;
  const head = lang === 'en' ? `${name} v${p.version} (${validity})` : `${name} v${p.version}（${validity}）`;
  if (!withDates) return head;
  return `${head} · ${p.from === p.to ? p.from : `${p.from} – ${p.to}`}`;
}

/** All parts of a period, joined; a period priced by two tariffs lists both with their dates. */
export function tariffPartsText(parts: readonly TariffPart[], lang: 'zh' | 'en'): string {
  return parts.map((p) => tariffPartText(p, lang, parts.length > 1)).join(lang === 'en' ? '; ' : '；');
}

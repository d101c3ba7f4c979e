/**
 * The one rule for data that comes in both languages (names, addresses, cities, people): English shows the
 * English form, and falls back to the Chinese only when none was entered.
 */
export function localText(zh: string | null | undefined, en: string | null | undefined, lang: string): string {
  return lang.startsWith('en') && en ? en : (zh ?? '');
}

/** `localText` for the usual `{ name, name_en }` pair. */
export function localName(item: { name: string; name_en: string }, lang: string): string {
  return localText(item.name, item.name_en, lang);
}

/** Names come in both languages from the server; English falls back to the Chinese name when none was entered. */
export function localName(item: { name: string; name_en: string }, lang: string): string {
  return lang.startsWith('en') && item.name_en ? item.name_en : item.name;
}

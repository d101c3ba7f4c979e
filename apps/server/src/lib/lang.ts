import type { Lang } from '@gridops/contract';

/** The user's language from Accept-Language: English when it asks for English first, Chinese otherwise. */
export function langFromHeader(header: string | string[] | undefined): Lang {
  const value = Array.isArray(header) ? header[0] : header;
  if (!value) return 'zh';
  const first = value.split(',')[0]?.trim().toLowerCase() ?? '';
  return first.startsWith('en') ? 'en' : 'zh';
}

/** A name or text in the reader's language: the English one when asked for and present, else the Chinese. */
export const pickLang = (lang: Lang, zh: string | null | undefined, en: string | null | undefined): string => (lang === 'en' && en ? en : (zh ?? ''));

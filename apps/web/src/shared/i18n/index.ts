import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';

export type Lang = 'zh' | 'en';
export const LANG_KEY = 'gridops-lang';
export const DEFAULT_LANG: Lang = 'zh';

/** One feature's strings in both languages; every feature ships one of these beside its code. */
export interface Bundle {
  zh: Record<string, unknown>;
  en: Record<string, unknown>;
}

export function storedLang(): Lang {
  try {
    const v = window.localStorage.getItem(LANG_KEY);
    return v === 'en' || v === 'zh' ? v : DEFAULT_LANG;
  } catch {
    return DEFAULT_LANG;
  }
}

export function currentLang(): Lang {
  return i18next.language === 'en' ? 'en' : 'zh';
}

function applyDocumentLang(lang: Lang) {
  document.documentElement.lang = lang === 'en' ? 'en' : 'zh-CN';
  dayjs.locale(lang === 'en' ? 'en' : 'zh-cn');
}

/** Merges the feature bundles (each under its own top-level key) and starts i18next synchronously. */
export function initI18n(bundles: Record<string, Bundle>, lang: Lang = storedLang()) {
  const zh: Record<string, unknown> = {};
  const en: Record<string, unknown> = {};
  for (const [ns, b] of Object.entries(bundles)) {
    zh[ns] = b.zh;
    en[ns] = b.en;
  }
  if (!i18next.isInitialized) {
    void i18next.use(initReactI18next).init({
      lng: lang,
      fallbackLng: 'zh',
      initAsync: false,
      resources: { zh: { translation: zh }, en: { translation: en } },
      interpolation: { escapeValue: false },
      returnNull: false,
    });
  }
  applyDocumentLang(lang);
  return i18next;
}

/**
 * Adds bundles loaded after start (the areas' strings arrive with the console shell, not with the login page).
 * Callers await this before rendering what uses the strings, so no component shows a raw key.
 */
export function addBundles(bundles: Record<string, Bundle>) {
  for (const [ns, b] of Object.entries(bundles)) {
    i18next.addResourceBundle('zh', 'translation', { [ns]: b.zh }, true, true);
    i18next.addResourceBundle('en', 'translation', { [ns]: b.en }, true, true);
  }
}

export async function setLang(lang: Lang) {
  try {
    window.localStorage.setItem(LANG_KEY, lang);
  } catch {
    // storage may be unavailable (private mode); the switch still applies to this page
  }
  applyDocumentLang(lang);
  await i18next.changeLanguage(lang);
}

export const t = (key: string, opts?: Record<string, unknown>): string => i18next.t(key, opts ?? {}) as string;

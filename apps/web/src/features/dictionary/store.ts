import { dictionaryLabel, type DictionaryKind, type DictionaryLabel } from '@gridops/contract';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { create } from 'zustand';
import { currentLang, type Lang } from '../../shared/i18n';

/**
 * The logged-in user's organisation's dictionary labels (docs/dictionary.md), filled by `useDictionarySync` in
 * the shells. A store rather than a query so that every renderer can read it: antd notifications (rendered
 * outside the query provider), export formatters and plain functions alike. Empty: the built-in labels.
 */
interface DictionaryState {
  entries: readonly DictionaryLabel[] | undefined;
}
export const useDictionaryStore = create<DictionaryState>(() => ({ entries: undefined }));

export function setDictionaryEntries(entries: readonly DictionaryLabel[] | undefined): void {
  useDictionaryStore.setState({ entries });
}

/** The label outside React (export columns, speech): the organisation's entry, else the built-in one. */
export function dictLabel(kind: DictionaryKind, key: string | number, lang: Lang = currentLang()): string {
  return dictionaryLabel(useDictionaryStore.getState().entries, kind, key, lang);
}

/**
 * THE hook every page uses for dictionary labels: `label('alarmLevel', 2)` in the UI language. Re-renders when
 * the labels (after an edit) or the language change.
 */
export function useDictionary() {
  const entries = useDictionaryStore((s) => s.entries);
  const { i18n } = useTranslation();
  const lang: Lang = i18n.language === 'en' ? 'en' : 'zh';
  const label = useCallback((kind: DictionaryKind, key: string | number, in_: Lang = lang) => dictionaryLabel(entries, kind, key, in_), [entries, lang]);
  return { label, lang };
}

import { describe, expect, it } from 'vitest';
import { DICTIONARY_DEFAULTS, DICTIONARY_KINDS, dictionaryLabel, mergeDictionary, type DictionaryLayerRow } from './dictionary.js';

const row = (org_id: number, kind: DictionaryLayerRow['kind'], key: string, zh: string, en: string, extra: Partial<DictionaryLayerRow> = {}): DictionaryLayerRow => ({
  org_id,
  kind,
  key,
  zh,
  en,
  enabled: true,
  added: false,
  sort: 0,
  version: 1,
  ...extra,
});

describe('dictionaryLabel (the fallback rule)', () => {
  it('takes the organisation entry in the language', () => {
    const entries = [{ kind: 'alarmLevel' as const, key: '2', zh: '重要告警', en: 'Major' }];
    expect(dictionaryLabel(entries, 'alarmLevel', 2, 'zh')).toBe('重要告警');
    expect(dictionaryLabel(entries, 'alarmLevel', '2', 'en')).toBe('Major');
  });
  it('falls back to the built-in entry when the organisation has none or nothing is loaded', () => {
    expect(dictionaryLabel([], 'alarmLevel', 1, 'zh')).toBe('Ⅰ级');
    expect(dictionaryLabel(undefined, 'eventType', 3, 'en')).toBe('Fault');
    expect(dictionaryLabel(undefined, 'deviceKind', 'transformer', 'zh')).toBe('变压器');
    // A robot is a device of the site without catalogue telemetry; device lists name it too.
    expect(dictionaryLabel(undefined, 'deviceKind', 'robot', 'en')).toBe('Inspection robot');
  });
  it('falls back to the key for an unknown key, and to Chinese for an empty English label', () => {
    expect(dictionaryLabel(undefined, 'defectCategory', 'gone', 'en')).toBe('gone');
    expect(dictionaryLabel([{ kind: 'defectCategory', key: 'x', zh: '甲', en: '' }], 'defectCategory', 'x', 'en')).toBe('甲');
  });
  it('has zh and en for every built-in entry', () => {
    for (const kind of DICTIONARY_KINDS) for (const b of DICTIONARY_DEFAULTS[kind]) expect(b.zh && b.en).toBeTruthy();
  });
});

describe('mergeDictionary (the inheritance rule)', () => {
  const path = [1, 2, 3];
  it('a child inherits the parent label unless it overrides it', () => {
    const rows = [row(1, 'alarmLevel', '2', '重要', 'Major'), row(3, 'alarmLevel', '2', '二级', 'Second', { version: 4 })];
    const at2 = mergeDictionary(rows, [1, 2], 2).find((x) => x.kind === 'alarmLevel' && x.key === '2');
    expect(at2).toMatchObject({ zh: '重要', source: 'inherited', from_org_id: 1, version: 0, builtin: true });
    const at3 = mergeDictionary(rows, path, 3).find((x) => x.kind === 'alarmLevel' && x.key === '2');
    expect(at3).toMatchObject({ zh: '二级', en: 'Second', source: 'own', from_org_id: 3, version: 4 });
  });
  it('ignores rows of organisations off the path', () => {
    const rows = [row(9, 'alarmLevel', '1', '别的', 'Other')];
    expect(mergeDictionary(rows, path, 3).find((x) => x.kind === 'alarmLevel' && x.key === '1')?.zh).toBe('Ⅰ级');
  });
  it('adds entries to open kinds only, and keeps closed kinds enabled', () => {
    const rows = [
      row(1, 'defectCategory', 'leak', '漏水', 'Leak', { added: true }),
      row(1, 'alarmLevel', '9', '九级', 'Nine', { added: true }),
      row(2, 'eventType', '1', '消息', 'Message', { enabled: false }),
      row(2, 'defectCategory', 'other', '其他', 'Other', { enabled: false }),
    ];
    const m = mergeDictionary(rows, path, 3);
    expect(m.find((x) => x.key === 'leak')).toMatchObject({ builtin: false, added_by_org_id: 1, source: 'inherited' });
    expect(m.some((x) => x.kind === 'alarmLevel' && x.key === '9')).toBe(false);
    expect(m.find((x) => x.kind === 'eventType' && x.key === '1')?.enabled).toBe(true);
    expect(m.find((x) => x.kind === 'defectCategory' && x.key === 'other')?.enabled).toBe(false);
    // Built-in order first, added entries after.
    const defects = m.filter((x) => x.kind === 'defectCategory').map((x) => x.key);
    expect(defects.at(-1)).toBe('leak');
  });
});

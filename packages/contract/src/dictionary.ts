import { DEVICE_KINDS, deviceCatalog } from './devices.js';

/**
 * The data dictionary (/CentreUser/CentreDataDictionarySet, docs/dictionary.md): the names the console shows for
 * device kinds, event types, alarm levels, inspection item categories and defect categories, in Chinese and
 * English, editable per organisation. The built-in entries below are the defaults; an organisation's own entry
 * overrides its parent's, which overrides the built-in one. Closed kinds have a fixed key set (only the labels
 * change); open kinds take new entries and may disable any entry (a disabled entry is no longer offered for new
 * records, but old records keep showing its label).
 */
export const DICTIONARY_KINDS = ['alarmLevel', 'eventType', 'deviceKind', 'inspectionCategory', 'defectCategory'] as const;
export type DictionaryKind = (typeof DICTIONARY_KINDS)[number];

/** Whether a kind's key set is open (entries may be added and disabled) or closed (labels editable only). */
export const DICTIONARY_KIND_OPEN: Record<DictionaryKind, boolean> = {
  alarmLevel: false,
  eventType: false,
  deviceKind: false,
  inspectionCategory: true,
  defectCategory: true,
};

/** The shape of a key added to an open kind: lower-case letters, digits and `_`, starting with a letter. */
export const DICTIONARY_KEY_PATTERN = /^[a-z][a-z0-9_]{1,31}$/;

export interface DictionaryLabel {
  kind: DictionaryKind;
  key: string;
  zh: string;
  en: string;
}

export interface DictionaryBuiltin {
  key: string;
  zh: string;
  en: string;
}

const e = (key: string, zh: string, en: string): DictionaryBuiltin => ({ key, zh, en });

/** The built-in entries, in display order. Alarm levels and event types use the contract's numbers as keys. */
export const DICTIONARY_DEFAULTS: Record<DictionaryKind, readonly DictionaryBuiltin[]> = {
  alarmLevel: [e('1', 'Ⅰ级', 'Level I'), e('2', 'Ⅱ级', 'Level II'), e('3', 'Ⅲ级', 'Level III'), e('4', 'Ⅳ级', 'Level IV')],
  eventType: [e('1', '消息', 'Message'), e('2', '告警', 'Alarm'), e('3', '故障', 'Fault')],
  // Robots are devices of the site too (modules/robots) though they send no catalogue telemetry: they need a name.
  deviceKind: [...DEVICE_KINDS.map((k) => e(k, deviceCatalog[k].name, deviceCatalog[k].name_en)), e('robot', '巡检机器人', 'Inspection robot')],
  inspectionCategory: [
    e('electrical', '电气设备', 'Electrical equipment'),
    e('fire_safety', '消防安全', 'Fire safety'),
    e('environment', '环境与温湿度', 'Environment and humidity'),
    e('security', '安防设施', 'Security facilities'),
    e('structure', '建筑与通道', 'Building and access ways'),
  ],
  defectCategory: [
    e('electrical', '电气缺陷', 'Electrical defect'),
    e('mechanical', '机械缺陷', 'Mechanical defect'),
    e('communication', '通信故障', 'Communication fault'),
    e('fire_hazard', '消防隐患', 'Fire hazard'),
    e('other', '其他', 'Other'),
  ],
};

/** The built-in entry of a kind, if the key is one. */
export function builtinEntry(kind: DictionaryKind, key: string): DictionaryBuiltin | undefined {
  return DICTIONARY_DEFAULTS[kind].find((x) => x.key === key);
}

/**
 * THE label rule every page uses: the organisation's effective entry (from /api/v6/dictionary/labels) in the
 * language, else the built-in entry, else the key itself (a key someone removed from the contract). An empty
 * English label falls back to the Chinese one. Disabled entries still name old records.
 */
export function dictionaryLabel(
  entries: readonly DictionaryLabel[] | undefined,
  kind: DictionaryKind,
  key: string | number,
  lang: 'zh' | 'en',
): string {
  const k = String(key);
  const own = entries?.find((x) => x.kind === kind && x.key === k);
  const hit = own ?? builtinEntry(kind, k);
  if (!hit) return k;
  return lang === 'en' ? hit.en || hit.zh : hit.zh || hit.en;
}

/** One organisation's own row (an override of an inherited entry, or an entry it added to an open kind). */
export interface DictionaryLayerRow {
  org_id: number;
  kind: DictionaryKind;
  key: string;
  zh: string;
  en: string;
  enabled: boolean;
  added: boolean;
  sort: number;
  version: number;
}

export interface EffectiveDictionaryEntry {
  kind: DictionaryKind;
  key: string;
  zh: string;
  en: string;
  enabled: boolean;
  builtin: boolean;
  /** Where the label comes from: the contract, an organisation above, or this organisation's own row. */
  source: 'builtin' | 'inherited' | 'own';
  /** The organisation whose row decides the entry (null: built-in). */
  from_org_id: number | null;
  /** The organisation that added it (open kinds), null for built-in entries. */
  added_by_org_id: number | null;
  /** This organisation's own row's version (0: none), for the edit's version check. */
  version: number;
}

/**
 * The inheritance rule: start from the built-in entries, then apply each organisation's rows from the root down
 * to `orgId` (a row replaces the entry's labels and enabled flag; an `added` row introduces a new key of an open
 * kind). `rows` may hold rows of other organisations; only those on `pathRootFirst` count.
 */
export function mergeDictionary(rows: readonly DictionaryLayerRow[], pathRootFirst: readonly number[], orgId: number): EffectiveDictionaryEntry[] {
  const out = new Map<string, EffectiveDictionaryEntry & { sort: number }>();
  for (const kind of DICTIONARY_KINDS) {
    DICTIONARY_DEFAULTS[kind].forEach((b, i) =>
      out.set(`${kind}:${b.key}`, { kind, key: b.key, zh: b.zh, en: b.en, enabled: true, builtin: true, source: 'builtin', from_org_id: null, added_by_org_id: null, version: 0, sort: i }),
    );
  }
  for (const org of pathRootFirst) {
    for (const r of rows.filter((x) => x.org_id === org)) {
      const id = `${r.kind}:${r.key}`;
      const prev = out.get(id);
      if (!prev && !(r.added && DICTIONARY_KIND_OPEN[r.kind])) continue;
      out.set(id, {
        kind: r.kind,
        key: r.key,
        zh: r.zh,
        en: r.en,
        enabled: DICTIONARY_KIND_OPEN[r.kind] ? r.enabled : true,
        builtin: prev?.builtin ?? false,
        source: org === orgId ? 'own' : 'inherited',
        from_org_id: org,
        added_by_org_id: prev ? prev.added_by_org_id : org,
        version: org === orgId ? r.version : 0,
        sort: prev?.sort ?? 1000 + r.sort,
      });
    }
  }
  const order = (k: DictionaryKind) => DICTIONARY_KINDS.indexOf(k);
  return [...out.values()]
    .sort((a, b) => order(a.kind) - order(b.kind) || a.sort - b.sort || a.key.localeCompare(b.key))
    .map(({ sort: _sort, ...rest }) => rest);
}

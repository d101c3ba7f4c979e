import { z } from 'zod';
import { DICTIONARY_KEY_PATTERN, DICTIONARY_KINDS } from '../dictionary.js';
import { dbId, dbIdParam, int32, rowVersion } from '../ids.js';

/** Data dictionary API shapes (docs/dictionary.md). */
export const dictionaryKind = z.enum(DICTIONARY_KINDS);

export const dictionaryLabelEntry = z.object({ kind: dictionaryKind, key: z.string(), zh: z.string(), en: z.string(), enabled: z.boolean() });
export const dictionaryLabels = z.object({ org_id: dbId, entries: z.array(dictionaryLabelEntry) });
export type DictionaryLabels = z.infer<typeof dictionaryLabels>;

export const dictionaryEntry = dictionaryLabelEntry.extend({
  builtin: z.boolean(),
  source: z.enum(['builtin', 'inherited', 'own']),
  from_org_id: dbId.nullable(),
  added_by_org_id: dbId.nullable(),
  version: z.number().int().min(0),
});
export type DictionaryEntry = z.infer<typeof dictionaryEntry>;

export const dictionaryView = z.object({
  org_id: dbId,
  /** Whether the caller may change this organisation's dictionary (centre user with 'configure' in scope). */
  editable: z.boolean(),
  /** The organisations the caller may pick on the page (a centre user's subtree; otherwise his own). */
  orgs: z.array(z.object({ id: dbId, parent_id: dbId.nullable(), name: z.string(), name_en: z.string() })),
  /** The organisation and those above it, root first: the names of where inherited labels come from. */
  path: z.array(z.object({ id: dbId, name: z.string(), name_en: z.string() })),
  entries: z.array(dictionaryEntry),
});
export type DictionaryView = z.infer<typeof dictionaryView>;

export const dictionaryOrgQuery = z.object({ org_id: dbIdParam.optional() });

const label = z.string().trim().min(1).max(40);
const key = z.string().trim().min(1).max(32);

export const dictionaryUpdateRequest = z.object({
  org_id: dbId,
  kind: dictionaryKind,
  key,
  zh: label,
  en: label,
  enabled: z.boolean(),
  /** The organisation's own row's version as read (0: it had none yet). */
  version: int32.min(0),
});
export const dictionaryCreateRequest = z.object({
  org_id: dbId,
  kind: dictionaryKind,
  key: z.string().trim().regex(DICTIONARY_KEY_PATTERN, 'a-z, 0-9 and _, starting with a letter, 2–32 characters'),
  zh: label,
  en: label,
});
export const dictionaryResetRequest = z.object({ org_id: dbId, kind: dictionaryKind, key, version: rowVersion });

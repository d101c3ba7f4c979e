import type { Generated } from 'kysely';

/** Kysely table types of migration 0022_dictionary; they mirror it exactly. */
export interface DictionaryEntriesTable {
  org_id: number;
  kind: string;
  key: string;
  zh: string;
  en: string;
  enabled: Generated<boolean>;
  added: Generated<boolean>;
  sort: Generated<number>;
  version: Generated<number>;
  updated_at: Generated<Date>;
}

export interface DictionaryDB {
  dictionary_entries: DictionaryEntriesTable;
}

import type { Generated } from 'kysely';

/** Kysely table types of migration 0022_dictionary_push_retention; they mirror it exactly. */
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

/** The push delivery log's retention claim (same migration). */
export interface PushRetentionStateTable {
  id: number;
  last_run: Date;
}

export interface DictionaryDB {
  dictionary_entries: DictionaryEntriesTable;
  push_retention_state: PushRetentionStateTable;
}

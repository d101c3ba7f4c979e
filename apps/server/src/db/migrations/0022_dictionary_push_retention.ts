/**
 * Data dictionary (docs/dictionary.md): an organisation's own entries. No row means "as inherited": the parent
 * organisation's entry, up to the built-in defaults of the contract (`packages/contract/src/dictionary.ts`).
 * `added` marks the row that introduced a new key of an open kind (inspection/defect categories); every other
 * row overrides an inherited entry's labels (and, for open kinds, whether it is offered). `version` is the
 * optimistic lock of the edit page.
 *
 * Also the push delivery log's retention state (docs/push.md): one row whose `last_run` the daily clean-up claims
 * (FOR UPDATE SKIP LOCKED), so with several instances one of them deletes old `push_deliveries` rows per day.
 */
export const name = '0022_dictionary_push_retention';
export const up = `
CREATE TABLE dictionary_entries (
  org_id     integer NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  kind       text NOT NULL CHECK (kind IN ('alarmLevel', 'eventType', 'deviceKind', 'inspectionCategory', 'defectCategory')),
  key        text NOT NULL CHECK (length(key) BETWEEN 1 AND 32),
  zh         text NOT NULL CHECK (length(zh) BETWEEN 1 AND 40),
  en         text NOT NULL CHECK (length(en) BETWEEN 1 AND 40),
  enabled    boolean NOT NULL DEFAULT true,
  added      boolean NOT NULL DEFAULT false,
  sort       integer NOT NULL DEFAULT 0,
  version    integer NOT NULL DEFAULT 1,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (org_id, kind, key)
);

CREATE TABLE push_retention_state (
  id       integer PRIMARY KEY CHECK (id = 1),
  last_run timestamptz NOT NULL
);
INSERT INTO push_retention_state (id, last_run) VALUES (1, '-infinity');
CREATE INDEX push_deliveries_created_idx ON push_deliveries(created_at);
`;

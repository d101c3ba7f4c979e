/**
 * Equipment ledger (/Ledger, docs/operations.md "Equipment ledger"): one nameplate per device (maker, model,
 * serial, rating, location, install and warranty dates; version-checked edits) and the device's documents.
 * Documents live in the database, not DATA_DIR, so every instance sharing the database serves them.
 */
export const name = '0034_equipment_ledger';
export const up = `
CREATE TABLE device_nameplates (
  device_id       integer PRIMARY KEY REFERENCES devices(id) ON DELETE CASCADE,
  maker           text NOT NULL DEFAULT '',
  maker_en        text NOT NULL DEFAULT '',
  model           text NOT NULL DEFAULT '',
  serial_no       text NOT NULL DEFAULT '',
  rating          text NOT NULL DEFAULT '',
  location        text NOT NULL DEFAULT '',
  install_date    date,
  warranty_until  date,
  version         integer NOT NULL DEFAULT 1,
  updated_at      timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX device_nameplates_warranty_idx ON device_nameplates(warranty_until);
CREATE TABLE device_documents (
  id           serial PRIMARY KEY,
  device_id    integer NOT NULL REFERENCES devices(id) ON DELETE CASCADE,
  name         text NOT NULL,
  mime         text NOT NULL,
  size         integer NOT NULL,
  content      bytea NOT NULL,
  uploaded_by  integer REFERENCES users(id) ON DELETE SET NULL,
  created_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX device_documents_device_idx ON device_documents(device_id);
CREATE INDEX work_orders_device_idx ON work_orders(device_id);
CREATE INDEX control_log_device_idx ON control_log(device_id, at);
`;

/**
 * The storage strategy pushed to each PCS's controller (docs/energy-assets.md "The simulator follows the
 * strategy"): a row per PCS that has (or had) a configured strategy. `seq` moves with every change of what the
 * PCS should run; the sender (modules/energy-assets/strategySync.ts) sends the current strategy as the gateway
 * command `ess_strategy`, and the gateway's answer records which `seq` the PCS applied. All state is here, so
 * any server instance may send or settle.
 */
export const name = '0045_ess_strategy_sync';
export const up = `
CREATE TABLE ess_strategy_sync (
  device_id   integer PRIMARY KEY REFERENCES devices(id) ON DELETE CASCADE,
  seq         integer NOT NULL DEFAULT 1,
  sent_seq    integer NOT NULL DEFAULT 0,
  acked_seq   integer NOT NULL DEFAULT 0,
  state       text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'applied', 'refused')),
  error       text,
  attempts    integer NOT NULL DEFAULT 0,
  next_at     timestamptz NOT NULL DEFAULT now(),
  command_id  text UNIQUE,
  updated_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX ess_strategy_sync_due_idx ON ess_strategy_sync(next_at) WHERE state <> 'applied';
`;

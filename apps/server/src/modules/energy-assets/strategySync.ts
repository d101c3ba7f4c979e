import { essStrategy, gatewayTopics, type EssStrategyCommandParams, type EssSync } from '@gridops/contract';
import type { Db } from '../../db/database.js';
import { strategySyncRepository as repo } from './strategySyncRepository.js';

type Publish = (topic: string, payload: string) => Promise<void>;
export interface StrategySyncLog {
  warn(obj: object, msg: string): void;
}

/** Command ids of the strategy push start with this, so the command-result topic can tell them apart. */
export const ESS_COMMAND_PREFIX = 'ess-';
const BATCH = 20;

/**
 * The storage strategy reaches the PCS's controller as the gateway command `ess_strategy` (docs/energy-assets.md,
 * docs/gateway-protocol.md) — the way face enrolments reach door terminals: a change marks the PCS's row due in
 * the writing transaction (`changed`), a sender on every instance claims due rows and publishes the strategy
 * *as it is then* (so a burst of edits sends the last), and the gateway's answer settles the row. No answer:
 * sent again after 15 s, doubling to 10 min. The simulator starts from its manifest's strategy and takes every
 * later change from this command, without a restart.
 */
export function createStrategySync(db: Db) {
  let publish: Publish | null = null;
  let log: StrategySyncLog = { warn: () => undefined };
  let kick: () => void = () => undefined;

  async function send(row: { device_id: number; command_id: string }) {
    const t = await repo.target(db, row.device_id);
    if (!t) return;
    if (!t.gateway_sn) {
      await repo.unsendable(db, row.device_id, row.command_id, 'the PCS has no gateway');
      return;
    }
    const parsed = t.spec === null ? null : essStrategy.safeParse(t.spec);
    if (parsed && !parsed.success) {
      await repo.unsendable(db, row.device_id, row.command_id, 'the stored strategy is not valid');
      return;
    }
    const params: EssStrategyCommandParams = { device_sn: t.device_sn, strategy: parsed ? parsed.data : null };
    if (!publish) throw new Error('the bus is not connected');
    await publish(gatewayTopics(t.gateway_sn).command, JSON.stringify({ id: row.command_id, command: 'ess_strategy', params }));
  }

  return {
    /** In the writing transaction: these PCS must run what is configured now (their strategy, or none). */
    changed: (trx: Db, deviceIds: readonly number[]) => repo.changed(trx, [...new Set(deviceIds)]),

    /** After the write committed: send now rather than at the next pass. */
    kick: () => kick(),

    /** The bus (commands at QoS 1) and the log once the broker is up; null detaches. */
    attach(p: { publish: Publish; log: StrategySyncLog } | null) {
      publish = p?.publish ?? null;
      if (p) log = p.log;
      if (!p) kick = () => undefined;
    },

    /** The running sender's kick (startStrategySender). */
    setKick(k: () => void) {
      kick = k;
    },

    /** One pass of this instance's sender: claims due rows and sends them; answers how many. */
    async runOnce(): Promise<number> {
      if (!publish) return 0;
      const rows = await repo.claim(db, BATCH);
      for (const r of rows) await send(r).catch((err: unknown) => log.warn({ err, device: r.device_id }, 'storage strategy send failed'));
      return rows.length;
    },

    /** Rows for configured strategies that have none (seeded, or made before the push existed). */
    addMissing: () => repo.addMissing(db),

    /** A gateway's `…/command/result`: true when it answered a strategy command (settled here). */
    async onResult(gatewaySn: string, payload: Buffer): Promise<boolean> {
      let msg: { id?: unknown; ok?: unknown; error?: unknown };
      try {
        msg = JSON.parse(payload.toString('utf8')) as typeof msg;
      } catch {
        return false;
      }
      if (!msg || typeof msg.id !== 'string' || !msg.id.startsWith(ESS_COMMAND_PREFIX)) return false;
      if (typeof msg.ok !== 'boolean') return true;
      const error = typeof msg.error === 'string' ? msg.error.slice(0, 500) : null;
      if (!msg.ok) log.warn({ gateway: gatewaySn, error }, 'a PCS refused its storage strategy');
      await repo.answer(db, gatewaySn, msg.id, msg.ok, error);
      return true;
    },

    /** The push state of these PCS (EssSet shows it per system). */
    async states(deviceIds: readonly number[]): Promise<Map<number, EssSync>> {
      const rows = await repo.states(db, deviceIds);
      return new Map(rows.map((r) => [r.device_id, { state: r.state as EssSync['state'], error: r.error, at: r.updated_at.toISOString() }]));
    },
  };
}
export type StrategySync = ReturnType<typeof createStrategySync>;

/** The sender's loop on one instance: a pass every `everyMs` and at once after a change (kick). */
export function startStrategySender(sync: StrategySync, log: StrategySyncLog, everyMs = 5000) {
  let running = false;
  let again = false;
  const pass = async () => {
    if (running) {
      again = true;
      return;
    }
    running = true;
    try {
      do {
        again = false;
        while ((await sync.runOnce()) > 0) {
          /* drain what is due */
        }
      } while (again);
    } catch (err) {
      log.warn({ err }, 'storage strategy pass failed');
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void pass(), everyMs);
  timer.unref();
  void sync
    .addMissing()
    .then(pass)
    .catch((err: unknown) => log.warn({ err }, 'storage strategy repair failed'));
  return { kick: () => void pass(), stop: () => clearInterval(timer) };
}

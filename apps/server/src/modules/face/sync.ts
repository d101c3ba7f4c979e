import { randomBytes } from 'node:crypto';
import { gatewayTopics, type FaceDeleteCommandParams, type FaceSyncCommandParams, type FaceSyncRow, type FaceSyncStatus, type FaceTerminal, type Lang } from '@gridops/contract';
import type { Db } from '../../db/database.js';
import type { AuthUser } from '../../types.js';
import type { AccessService } from '../access/service.js';
import type { FacePhotoKeyring } from './photo.js';
import { faceRepository } from './repository.js';
import { faceSyncRepository as repo, type SyncPair } from './syncRepository.js';
import { pickLang } from '../../lib/lang.js';

type Publish = (topic: string, payload: string) => Promise<void>;
export interface SyncLog {
  warn(obj: object, msg: string): void;
}
export interface FaceSyncOptions {
  /** Largest command the broker carries (MQTT_MAX_PACKET_BYTES): a photo that does not fit fails with a reason. */
  maxCommandBytes: number;
  /** Sync attempts of a person on a terminal before it stays failed (until the person or group changes). */
  maxAttempts?: number;
}

/** Command ids of the face sync start with this, so the command-result topic can tell them from remote control. */
export const FACE_COMMAND_PREFIX = 'face-';
const LEASE_S = 30;
const BATCH = 20;
/** Seconds before resending without an answer, or retrying after a refusal: 15 s doubling, at most 10 min. */
export const retryDelayS = (attempt: number) => Math.min(600, 15 * 2 ** Math.max(0, attempt - 1));


/**
 * The push of the face library to the site's door terminals (docs/face-library.md "Sync to terminals"). Every
 * change re-queues the affected person × terminal rows in its own transaction (`reconcile`); a sender on every
 * instance claims due rows (SKIP LOCKED) and publishes `face_sync` / `face_delete` on the gateway command topic;
 * the gateway's answer settles the row. All state is in the database, so any instance may send or settle.
 */
export function createFaceSyncService(db: Db, access: AccessService, keys: FacePhotoKeyring, opts: FaceSyncOptions) {
  let publish: Publish | null = null;
  let log: SyncLog = { warn: () => undefined };
  const maxAttempts = opts.maxAttempts ?? 8;

  /**
   * Brings the rows of these people (null: the whole site) in line with who belongs on which terminal: missing
   * rows pending, rows no longer wanted deleting. `requeue`: the people changed, so wanted rows are sent again.
   */
  async function reconcile(trx: Db, projectId: number, personIds: readonly number[] | null, requeue: boolean) {
    const [wanted, have] = await Promise.all([repo.desired(trx, projectId, personIds), repo.existing(trx, projectId, personIds)]);
    const key = (p: SyncPair) => `${p.person_id}:${p.device_id}`;
    const haveBy = new Map(have.map((h) => [key(h), h]));
    const wantedKeys = new Set(wanted.map(key));
    await repo.insertPending(
      trx,
      wanted.filter((w) => !haveBy.has(key(w))),
    );
    await repo.requeue(
      trx,
      wanted.filter((w) => {
        const h = haveBy.get(key(w));
        return h && (requeue || h.status === 'deleting');
      }),
      'pending',
    );
    await repo.requeue(
      trx,
      have.filter((h) => !wantedKeys.has(key(h)) && h.status !== 'deleting'),
      'deleting',
    );
  }

  async function send(gatewaySn: string, command: 'face_sync' | 'face_delete', commandId: string, params: FaceSyncCommandParams | FaceDeleteCommandParams) {
    if (!publish) throw new Error('the bus is not connected');
    await publish(gatewayTopics(gatewaySn).command, JSON.stringify({ id: commandId, command, params }));
  }

  /** Sends one claimed row: the delete, or (only when the person still belongs there) the enrolment with the photo. */
  async function process(row: SyncPair & { status: string; attempts: number }) {
    const t = await repo.target(db, row.person_id, row.device_id);
    if (!t) return;
    const deleting = row.status === 'deleting';
    if (!t.gateway_sn) {
      const reason = 'the terminal has no gateway';
      await (deleting ? repo.deleteDelayed(db, row, reason, retryDelayS(8)) : repo.fail(db, row, reason, retryDelayS(row.attempts + 1)));
      return;
    }
    if (!deleting && row.status === 'pending' && row.attempts >= maxAttempts) {
      await repo.fail(db, row, `no answer from the terminal after ${row.attempts} attempts`, null);
      return;
    }
    const commandId = `${FACE_COMMAND_PREFIX}${randomBytes(9).toString('base64url')}`;
    if (deleting) {
      await repo.sent(db, row, 'deleting', commandId, retryDelayS(row.attempts + 1));
      await send(t.gateway_sn, 'face_delete', commandId, { device_sn: t.device_sn, person_id: t.id });
      return;
    }
    // Never trust the queue: a photo leaves the server only for a terminal the person's group opens now.
    if (!(await repo.allowed(db, t.project_id, t.id, row.device_id))) {
      await reconcile(db, t.project_id, [t.id], false);
      return;
    }
    const sealed = await faceRepository.photo(db, t.id);
    if (!sealed || !t.days || !t.time_from || !t.time_to) return;
    const params: FaceSyncCommandParams = {
      device_sn: t.device_sn,
      person_id: t.id,
      name: t.name,
      name_en: t.name_en,
      valid_from: t.valid_from,
      valid_until: t.valid_until,
      days: t.days,
      time_from: t.time_from,
      time_to: t.time_to,
      photo_type: sealed.mime === 'image/jpeg' ? 'image/jpeg' : 'image/png',
      photo: keys.open(sealed, t.id).toString('base64'),
    };
    const bytes = Buffer.byteLength(JSON.stringify({ id: commandId, command: 'face_sync', params })) + 256;
    if (bytes > opts.maxCommandBytes) {
      await repo.fail(db, row, `the photo is too large for the command channel (${Math.ceil(bytes / 1024)} KiB > MQTT_MAX_PACKET_BYTES)`, null);
      return;
    }
    await repo.sent(db, row, 'pending', commandId, retryDelayS(row.attempts + 1));
    await send(t.gateway_sn, 'face_sync', commandId, params);
  }

  return {
    reconcile,

    /** The bus (commands go out at QoS 1) and the log, once the broker is up; null detaches. */
    attach(p: { publish: Publish; log: SyncLog } | null) {
      publish = p?.publish ?? null;
      if (p) log = p.log;
    },

    /** One pass of this instance's sender: claims due rows and sends them; returns how many were handled. */
    async runOnce(): Promise<number> {
      if (!publish) return 0;
      const rows = await repo.claim(db, BATCH, maxAttempts, LEASE_S);
      for (const r of rows) {
        await process(r).catch((err: unknown) => log.warn({ err, person: r.person_id, terminal: r.device_id }, 'face sync send failed'));
      }
      await repo.finishDeletes(db);
      return rows.length;
    },

    /** Adds missing rows for every site with terminals (new terminals, people seeded or imported). */
    async repairAll() {
      for (const projectId of await repo.terminalProjects(db)) {
        await db.transaction().execute((trx) => reconcile(trx, projectId, null, false));
      }
    },

    /**
     * A gateway's `…/command/result`: true when it answered a face command (settled here), false when the answer
     * is for someone else (remote control).
     */
    async onResult(gatewaySn: string, payload: Buffer): Promise<boolean> {
      let msg: { id?: unknown; ok?: unknown; error?: unknown };
      try {
        msg = JSON.parse(payload.toString('utf8')) as typeof msg;
      } catch {
        return false;
      }
      if (!msg || typeof msg.id !== 'string' || !msg.id.startsWith(FACE_COMMAND_PREFIX)) return false;
      if (typeof msg.ok !== 'boolean') return true;
      const row = await repo.byCommand(db, gatewaySn, msg.id);
      // An answer to a command superseded since (re-queued, resent) or from another gateway changes nothing.
      if (!row) return true;
      const error = typeof msg.error === 'string' ? msg.error.slice(0, 500) : 'refused';
      if (row.status === 'deleting') {
        if (msg.ok) {
          await repo.removeRow(db, row, msg.id);
          await repo.finishDeletes(db);
        } else await repo.refused(db, row, msg.id, 'deleting', error);
      } else if (msg.ok) await repo.acked(db, row, msg.id);
      else await repo.refused(db, row, msg.id, 'failed', error);
      return true;
    },

    async rows(user: AuthUser, projectId: number, lang: Lang): Promise<{ items: FaceSyncRow[] }> {
      await access.assertProject(user, projectId);
      const rows = await repo.rows(db, projectId);
      return {
        items: rows.map((r) => ({
          person_id: r.person_id,
          terminal_id: r.terminal_id,
          terminal_name: pickLang(lang, r.terminal_name, r.terminal_name_en),
          status: r.status as FaceSyncStatus,
          reason: r.reason,
          attempts: Math.min(r.attempts, maxAttempts),
          updated_at: r.updated_at.toISOString(),
        })),
      };
    },

    async terminals(user: AuthUser, projectId: number, lang: Lang): Promise<{ items: FaceTerminal[] }> {
      await access.assertProject(user, projectId);
      const rows = await repo.terminals(db, projectId);
      const latest = (a: Date | null, b: Date | null) => (a && b ? (a > b ? a : b) : (a ?? b));
      return {
        items: rows.map((r) => ({
          id: r.id,
          sn: r.sn,
          name: pickLang(lang, r.name, r.name_en),
          room_name: pickLang(lang, r.room_name, r.room_name_en),
          enrolled: r.enrolled,
          pending: r.pending,
          failed: r.failed,
          deleting: r.deleting,
          last_seen: latest(r.heard_at ? new Date(r.heard_at) : null, r.last_seen_at ? new Date(r.last_seen_at) : null)?.toISOString() ?? null,
        })),
      };
    },
  };
}
export type FaceSyncService = ReturnType<typeof createFaceSyncService>;

/** The sender's loop on one instance: a pass every `everyMs`, at once after `kick()`, a repair every minute. */
export function startFaceSyncSender(sync: FaceSyncService, log: SyncLog, everyMs = 2000) {
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
      log.warn({ err }, 'face sync pass failed');
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void pass(), everyMs);
  timer.unref();
  const repair = setInterval(() => void sync.repairAll().then(pass).catch((err: unknown) => log.warn({ err }, 'face sync repair failed')), 60_000);
  repair.unref();
  void sync.repairAll().then(pass).catch((err: unknown) => log.warn({ err }, 'face sync repair failed'));
  return {
    kick: () => void pass(),
    stop: () => {
      clearInterval(timer);
      clearInterval(repair);
    },
  };
}

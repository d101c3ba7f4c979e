import { randomBytes } from 'node:crypto';
import { ErrorCode, gatewayTopics, readingOk, robotRoundPayload, type RobotStartRoundParams } from '@gridops/contract';
import type { Db } from '../../db/database.js';
import { AppError, forbidden } from '../../lib/errors.js';
import type { AuthUser } from '../../types.js';
import { requirePermission, type AccessService } from '../access/service.js';
import type { AuditService } from '../audit/service.js';
import { robotsRepository as repo } from './repository.js';
import { toConfig } from './service.js';
import { parseGatewayPayload } from '../../lib/gatewayPayload.js';

type Publish = (topic: string, payload: string) => Promise<void>;
export interface RoundsLog {
  warn(obj: object, msg: string): void;
}

/** Why a round report was not stored (logged; a gateway cannot be told over MQTT). */
export type RoundReject = 'garbage' | 'bad_shape' | 'unknown_robot';
export type RoundIngest = { ok: true; id: number | null } | { ok: false; reason: RoundReject; detail: string };

/** Command ids of "start a round now" (the gateway's command/result carries it back; docs/robot.md). */
export const ROBOT_COMMAND_PREFIX = 'robot-';

/**
 * Robot rounds (docs/robot.md "Rounds"): the rounds a robot reports (`…/robot_round`) go into the round history
 * once, each reading judged against the limits configured now; "start a round now" sends `robot_start_round` to
 * the robot's gateway.
 */
export function createRobotRoundsService(db: Db, access: AccessService, audit?: AuditService) {
  let publish: Publish | null = null;
  let log: RoundsLog = { warn: () => undefined };

  return {
    attach(p: { publish: Publish; log: RoundsLog } | null) {
      publish = p?.publish ?? null;
      if (p) log = p.log;
    },

    /** A gateway's `…/robot_round`: validated against the robot's configuration and stored once. */
    async onRobotRound(gatewaySn: string, payload: Buffer): Promise<RoundIngest> {
      const reject = (reason: RoundReject, detail: string): RoundIngest => {
        log.warn({ gateway: gatewaySn, reason, detail }, 'robot round refused');
        return { ok: false, reason, detail };
      };
      const parsed = parseGatewayPayload(payload, robotRoundPayload);
      if (!parsed.ok) return reject(parsed.reason, parsed.detail);
      const round = parsed.data;
      const row = await repo.byGatewaySerial(db, gatewaySn, round.device_sn);
      if (!row || row.plan === null) return reject('unknown_robot', round.device_sn);
      const config = toConfig(row);
      // A reading the configuration no longer has (the route changed during the round) is left out.
      const readings = round.readings.flatMap((r) => {
        const def = config.stops[r.stop - 1]?.readings.find((d) => d.key === r.key);
        if (!def) return [];
        const stop = config.stops[r.stop - 1]!;
        const limit = def.kind === 'switch' ? null : (def.high ?? def.low);
        return [{ item: `${stop.name}·${def.name}`, item_en: `${stop.name_en} · ${def.name_en}`, value: r.value, unit: def.kind === 'ir_temp' ? '°C' : def.kind === 'switch' ? '' : def.unit, limit, ok: readingOk(def, r.value) }];
      });
      const id = await repo.insertRound(db, {
        robot_id: row.id,
        project_id: row.project_id,
        started_at: new Date(round.started_at),
        finished_at: new Date(Math.max(round.finished_at, round.started_at)),
        status: round.status,
        trigger: round.trigger,
        readings,
        anomalies: readings.filter((r) => !r.ok).length,
      });
      return { ok: true, id };
    },

    /** Sends "start a round now" to the robot's gateway (control permission; audited). */
    async startRound(user: AuthUser, id: number): Promise<{ id: number; command_id: string }> {
      const row = await repo.get(db, id);
      if (!row || row.plan === null) throw forbidden();
      await access.assertProject(user, row.project_id);
      requirePermission(user, 'control');
      if (!user.canControl) throw forbidden();
      const gatewaySn = row.gateway_id === null ? null : await repo.gatewaySn(db, row.gateway_id);
      if (!gatewaySn || !row.serial) throw new AppError(ErrorCode.Validation, { zh: '该机器人未绑定网关', en: 'This robot has no gateway' }, 'gateway_id');
      if (!publish) throw new AppError(ErrorCode.Internal, { zh: '消息总线未连接，请稍后重试', en: 'The message bus is not connected yet; try again shortly' });
      const commandId = `${ROBOT_COMMAND_PREFIX}${randomBytes(9).toString('base64url')}`;
      const params: RobotStartRoundParams = { device_sn: row.serial };
      await publish(gatewayTopics(gatewaySn).command, JSON.stringify({ id: commandId, command: 'robot_start_round', params }));
      await audit?.recordChange(db, { action: 'robot.start_round', target: { type: 'robot', id }, before: null, after: { command_id: commandId }, projectId: row.project_id });
      return { id, command_id: commandId };
    },
  };
}

export type RobotRoundsService = ReturnType<typeof createRobotRoundsService>;

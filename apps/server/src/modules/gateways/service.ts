import {
  ErrorCode,
  UserType,
  type AdoptDeviceRequest,
  type GatewayCreate,
  type GatewayUpdate,
  type GatewayDeviceCreate,
  type GatewayDeviceMove,
  type GatewayDeviceUpdate,
} from '@gridops/contract';
import type { Db } from '../../db/database.js';
import { AppError, forbidden, notFound } from '../../lib/errors.js';
import { isUniqueViolation } from '../../lib/pgErrors.js';
import type { AuthUser } from '../../types.js';
import type { AccessService } from '../access/service.js';
import type { AuditService } from '../audit/service.js';
import { issueGatewaySecret } from '../mqtt-auth/gatewaySecrets.js';
import { checkParent } from './deviceParent.js';
import { registerDevice } from './registerDevice.js';
import { gatewaysRepository as repo } from './repository.js';
import { resolveDeviceTemplate } from './templates.js';
import { brokerEndpoints, buildGatewayKit, type BrokerPorts } from './kit.js';
import type { AppConfig } from '../../config.js';

/** What the runtime does when a gateway's secret changed (disconnect it) or devices were added (reload the registry). */
export interface GatewayHooks {
  onCredentialsChanged(sn: string): void;
  onDevicesChanged(): Promise<void> | void;
  /** The embedded broker's bound ports for the gateway kit; null with an external broker. */
  brokerPorts?: BrokerPorts | null;
}


const snTaken = (sn: string) =>
  new AppError(ErrorCode.Conflict, { zh: `序列号 sn “${sn}” 已被注册`, en: `Serial number (sn) "${sn}" is already registered` }, 'sn');
const deviceTaken = (sn: string, field: 'sn' | 'device_sn' = 'device_sn') =>
  new AppError(ErrorCode.Conflict, { zh: `设备序列号 ${field} “${sn}” 在该网关下已存在`, en: `Device serial number (${field}) "${sn}" already exists under this gateway` }, field);
const roomNotInProject = () =>
  new AppError(ErrorCode.NotFound, { zh: '房间 room_id 不存在或不属于该站点', en: 'Room (room_id) does not exist or belongs to another site' }, 'room_id');
const deviceNotInProject = () =>
  new AppError(ErrorCode.NotFound, { zh: '设备 device_ids 中有设备不存在或不属于该站点', en: 'A device in device_ids does not exist or belongs to another site' }, 'device_ids');
const notUnknown = (sn: string) =>
  new AppError(ErrorCode.NotFound, { zh: `该网关没有上报过未登记设备 device_sn “${sn}”`, en: `This gateway has not reported an unregistered device (device_sn) "${sn}"` }, 'device_sn');

/**
 * Gateways of a project (/RunSetup/DevMonitorSet): register, issue/rotate/revoke credentials, and adopt the
 * unregistered devices their telemetry names. Everything is scoped to the caller's projects, and writes need a
 * user who is not a worker.
 */
export function createGatewayService(db: Db, access: AccessService, audit: AuditService, config: Pick<AppConfig, 'mqtt'>) {
  const gatewayTarget = (id: number) => ({ type: 'gateway', id });
  const deviceTarget = (id: number) => ({ type: 'device', id });
  let hooks: GatewayHooks | null = null;

  /** A room id the client sent, checked against the device's project (null and undefined pass through). */
  async function placeIn<T extends number | null | undefined>(projectId: number, roomId: T): Promise<T> {
    if (roomId !== null && roomId !== undefined && !(await repo.roomInProject(db, roomId, projectId))) throw roomNotInProject();
    return roomId;
  }

  // Every gateway route declares the configure permission (route table), checked before the service runs; a
  // worker never holds it, but is refused here too so the rule does not depend on how permissions were granted.
  async function assertConfigure(user: AuthUser, projectId: number) {
    if (user.userType === UserType.Worker || !user.permissions.includes('configure')) throw forbidden();
    await access.assertProject(user, projectId);
  }

  async function gatewayInScope(user: AuthUser, id: number) {
    const g = await repo.byId(db, id);
    if (!g) throw notFound();
    await assertConfigure(user, g.project_id);
    return g;
  }

  return {
    /** The runtime attaches the broker and the ingest registry (null detaches them at shutdown). */
    attach(h: GatewayHooks | null) {
      hooks = h;
    },
    /** Reloads the ingest registry after devices were added elsewhere (the bulk import). */
    async devicesChanged() {
      await hooks?.onDevicesChanged();
    },

    async list(user: AuthUser, projectId: number) {
      await assertConfigure(user, projectId);
      const rows = await repo.list(db, projectId);
      return rows.map((r) => ({
        id: r.id,
        sn: r.sn,
        name: r.name,
        name_en: r.name_en,
        online: r.online,
        last_seen_at: r.last_seen_at ? new Date(r.last_seen_at).toISOString() : null,
        has_credentials: r.has_credentials,
        credentials_at: r.credentials_at ? new Date(r.credentials_at).toISOString() : null,
        devices: Number(r.devices),
        unknown_devices: Number(r.unknown_devices),
      }));
    },

    async create(user: AuthUser, body: GatewayCreate) {
      await assertConfigure(user, body.project_id);
      if (await repo.snTaken(db, body.sn)) throw snTaken(body.sn);
      let id: number;
      try {
        id = await repo.insert(db, { projectId: body.project_id, sn: body.sn, name: body.name, nameEn: body.name_en });
      } catch (e) {
        if (isUniqueViolation(e)) throw snTaken(body.sn);
        throw e;
      }
      return {
        id,
        sn: body.sn,
        name: body.name,
        name_en: body.name_en,
        online: false,
        last_seen_at: null,
        has_credentials: false,
        credentials_at: null,
        devices: 0,
        unknown_devices: 0,
      };
    },

    async update(user: AuthUser, id: number, body: GatewayUpdate) {
      const g = await gatewayInScope(user, id);
      await db.transaction().execute(async (trx) => {
        await repo.rename(trx, g.id, body.name, body.name_en);
        await audit.recordChange(trx, {
          action: 'gateway.update',
          target: gatewayTarget(g.id),
          before: { sn: g.sn, name: g.name, name_en: g.name_en },
          after: { sn: g.sn, name: body.name, name_en: body.name_en },
          projectId: g.project_id,
        });
      });
      return { id: g.id };
    },

    /** Deletes a gateway that has no devices left; a gateway with devices is refused, naming how many. */
    async remove(user: AuthUser, id: number) {
      const g = await gatewayInScope(user, id);
      const devices = await repo.deviceCount(db, g.id);
      if (devices > 0)
        throw new AppError(
          ErrorCode.Conflict,
          { zh: `网关 ${g.sn} 下还有 ${devices} 台设备，请先删除这些设备`, en: `Gateway ${g.sn} still has ${devices} device(s); delete them first` },
          'id',
        );
      await db.transaction().execute(async (trx) => {
        await repo.delete(trx, g.id);
        await audit.recordChange(trx, { action: 'gateway.remove', target: gatewayTarget(g.id), before: { sn: g.sn, name: g.name, name_en: g.name_en }, after: null, projectId: g.project_id });
      });
      hooks?.onCredentialsChanged(g.sn);
      return { id: g.id };
    },

    /** Issues a new secret (the only time it exists in plaintext); a client using the old one is disconnected. */
    async issueCredentials(user: AuthUser, id: number) {
      const g = await gatewayInScope(user, id);
      const password = await issueGatewaySecret(db, g.sn);
      await repo.markCredentialsIssued(db, g.id);
      hooks?.onCredentialsChanged(g.sn);
      return { sn: g.sn, username: g.sn, password };
    },

    async revokeCredentials(user: AuthUser, id: number) {
      const g = await gatewayInScope(user, id);
      await repo.revokeSecret(db, g.id);
      hooks?.onCredentialsChanged(g.sn);
      return { id: g.id };
    },

    /**
     * The gateway kit (docs/gateway-protocol.md "Gateway kit"): broker address from the real configuration,
     * sessions, topics with samples, command lines. Never the secret. `requestHost`: the host the console was
     * opened on, the broker's host when nothing else names one.
     */
    async kit(user: AuthUser, id: number, requestHost: string) {
      const g = await gatewayInScope(user, id);
      const row = await repo.kitRow(db, g.id);
      if (!row) throw notFound();
      const devices = await repo.kitDevices(db, g.id, 2);
      return buildGatewayKit({
        id: row.id,
        projectId: row.project_id,
        sn: row.sn,
        name: row.name,
        nameEn: row.name_en,
        online: row.online,
        lastSeenAt: row.last_seen_at ? new Date(row.last_seen_at) : null,
        hasCredentials: row.has_credentials,
        heartbeatS: row.heartbeat_s,
        broker: brokerEndpoints(config, hooks?.brokerPorts ?? null, requestHost),
        devices,
        now: Date.now(),
      });
    },

    async unknownDevices(user: AuthUser, projectId: number) {
      await assertConfigure(user, projectId);
      const rows = await repo.unknownDevices(db, projectId);
      return rows.map((r) => ({
        gateway_id: r.gateway_id,
        gateway_sn: r.gateway_sn,
        device_sn: r.device_sn,
        point_keys: r.point_keys,
        count: Number(r.count),
        first_seen_at: new Date(r.first_seen_at).toISOString(),
        last_seen_at: new Date(r.last_seen_at).toISOString(),
      }));
    },

    /** Registers a device the gateway reported, with its kind's catalogue points; its next telemetry is stored. */
    async adopt(user: AuthUser, body: AdoptDeviceRequest) {
      const g = await gatewayInScope(user, body.gateway_id);
      if (!(await repo.isUnknownDevice(db, g.id, body.device_sn))) {
        if (await repo.deviceExists(db, g.id, body.device_sn)) throw deviceTaken(body.device_sn);
        throw notUnknown(body.device_sn);
      }
      const { kind, points, templateId } = await resolveDeviceTemplate(db, access, user, g.project_id, body);
      const roomId = await placeIn(g.project_id, body.room_id);
      let deviceId: number;
      try {
        deviceId = await db.transaction().execute(async (trx) => {
          const parentId = (await checkParent(trx, g.project_id, body.parent_id)) ?? null;
          return registerDevice(trx, { projectId: g.project_id, gatewayId: g.id, sn: body.device_sn, kind, name: body.name, nameEn: body.name_en, points, templateId, roomId, parentId });
        });
      } catch (e) {
        if (isUniqueViolation(e)) throw deviceTaken(body.device_sn);
        throw e;
      }
      await hooks?.onDevicesChanged();
      return { device_id: deviceId, points: points.length };
    },

    async devices(user: AuthUser, projectId: number) {
      await assertConfigure(user, projectId);
      return (await repo.devices(db, projectId)).map((d) => ({ ...d, gateway_id: d.gateway_id ?? 0, points: Number(d.points) }));
    },

    /** Adds a device of a catalogue kind or a custom template under a gateway; its telemetry is stored from the next message. */
    async createDevice(user: AuthUser, body: GatewayDeviceCreate) {
      const g = await gatewayInScope(user, body.gateway_id);
      if (await repo.deviceExists(db, g.id, body.sn)) throw deviceTaken(body.sn, 'sn');
      const { kind, points, templateId } = await resolveDeviceTemplate(db, access, user, g.project_id, body);
      const roomId = (await placeIn(g.project_id, body.room_id)) ?? null;
      let id: number;
      let parentId: number | null = null;
      try {
        id = await db.transaction().execute(async (trx) => {
          parentId = (await checkParent(trx, g.project_id, body.parent_id)) ?? null;
          return registerDevice(trx, { projectId: g.project_id, gatewayId: g.id, sn: body.sn, kind, name: body.name, nameEn: body.name_en, points, templateId, roomId, parentId });
        });
      } catch (e) {
        if (isUniqueViolation(e)) throw deviceTaken(body.sn, 'sn');
        throw e;
      }
      await hooks?.onDevicesChanged();
      const room = roomId === null ? undefined : (await repo.rooms(db, g.project_id)).find((r) => r.id === roomId);
      return {
        id,
        gateway_id: g.id,
        gateway_sn: g.sn,
        sn: body.sn,
        kind,
        name: body.name,
        name_en: body.name_en,
        points: points.length,
        room_id: roomId,
        room_name: room?.name ?? null,
        room_name_en: room?.name_en ?? null,
        parent_id: parentId,
      };
    },

    async updateDevice(user: AuthUser, id: number, body: GatewayDeviceUpdate) {
      const d = await repo.deviceById(db, id);
      if (!d) throw notFound();
      await assertConfigure(user, d.project_id);
      const roomId = body.room_id === undefined ? d.room_id : await placeIn(d.project_id, body.room_id);
      await db.transaction().execute(async (trx) => {
        const parentId = body.parent_id === undefined ? d.parent_id : await checkParent(trx, d.project_id, body.parent_id, id);
        await repo.renameDevice(trx, id, body.name, body.name_en, roomId, parentId);
        await audit.recordChange(trx, {
          action: 'gateway.updateDevice',
          target: deviceTarget(id),
          before: { gateway_sn: d.gateway_sn, sn: d.sn, name: d.name, name_en: d.name_en, room_id: d.room_id, parent_id: d.parent_id },
          after: { gateway_sn: d.gateway_sn, sn: d.sn, name: body.name, name_en: body.name_en, room_id: roomId, parent_id: parentId },
          projectId: d.project_id,
        });
      });
      await hooks?.onDevicesChanged();
      return { id };
    },

    /** Places devices of one project in a room (or takes them out), all or nothing: one foreign id refuses the lot. */
    async moveDevices(user: AuthUser, body: GatewayDeviceMove) {
      await assertConfigure(user, body.project_id);
      await placeIn(body.project_id, body.room_id);
      const ids = [...new Set(body.device_ids)];
      const moved = await db.transaction().execute(async (trx) => {
        const found = await repo.devicesOfProject(trx, body.project_id, ids);
        if (found.length !== ids.length) throw deviceNotInProject();
        const changing = found.filter((d) => d.room_id !== body.room_id);
        if (changing.length === 0) return 0;
        const n = await repo.setRoom(trx, changing.map((d) => d.id), body.room_id);
        await audit.recordChange(trx, {
          action: 'gateway.moveDevices',
          target: { type: 'project', id: body.project_id },
          before: { devices: changing.map((d) => ({ id: d.id, room_id: d.room_id })) },
          after: { devices: changing.map((d) => ({ id: d.id, room_id: body.room_id })) },
          projectId: body.project_id,
        });
        return n;
      });
      if (moved > 0) await hooks?.onDevicesChanged();
      return { moved };
    },

    async rooms(user: AuthUser, projectId: number) {
      await assertConfigure(user, projectId);
      return (await repo.rooms(db, projectId)).map((r) => ({ ...r, devices: Number(r.devices) }));
    },

    /** Removes a device and its points (history rows stay, unreferenced); its data then counts as unknown. */
    async deleteDevice(user: AuthUser, id: number) {
      const d = await repo.deviceById(db, id);
      if (!d) throw notFound();
      await assertConfigure(user, d.project_id);
      await db.transaction().execute(async (trx) => {
        await repo.deleteDevice(trx, id);
        await audit.recordChange(trx, {
          action: 'gateway.deleteDevice',
          target: deviceTarget(id),
          before: { gateway_sn: d.gateway_sn, sn: d.sn, name: d.name, name_en: d.name_en },
          after: null,
          projectId: d.project_id,
        });
      });
      await hooks?.onDevicesChanged();
      return { id };
    },
  };
}

export type GatewayService = ReturnType<typeof createGatewayService>;

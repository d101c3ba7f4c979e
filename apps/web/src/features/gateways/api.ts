import { deviceTemplateApi, gatewayApi, type AdoptDeviceRequest, type DeviceTemplateCreate, type DeviceTemplateUpdate, type GatewayCreate, type GatewayDeviceCreate, type GatewayDeviceMove, type GatewayDeviceUpdate, type GatewayUpdate } from '@gridops/contract';
import { GATEWAY_STATUS_COMMAND, gatewayStatusLive } from '@gridops/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/api';
import { useLiveMessages } from '../../api/live';
import { ApiError } from '../../api/http';
import { useSession } from '../../session/store';

export const gatewayKeys = {
  list: (projectId: number) => ['gateways', 'list', projectId] as const,
  unknown: (projectId: number) => ['gateways', 'unknown', projectId] as const,
  devices: (projectId: number) => ['gateways', 'devices', projectId] as const,
  rooms: (projectId: number) => ['gateways', 'rooms', projectId] as const,
  kit: (gatewayId: number) => ['gateways', 'kit', gatewayId] as const,
};

/** The gateway kit (broker address, sessions, topics, command lines); refreshed with the gateway list. */
export function useGatewayKit(gatewayId: number | null) {
  return useQuery({
    queryKey: gatewayKeys.kit(gatewayId ?? 0),
    queryFn: () => api(gatewayApi.kit, { gateway_id: gatewayId! }, { silent: true }),
    enabled: gatewayId !== null,
    refetchInterval: LIVE_MS,
  });
}

/**
 * A gateway of this project came online or went silent (server push `gateway_status`): the list and the kit
 * dialog refresh at once, so the row and the dialog turn green when the gateway connects.
 */
export function useGatewayStatusLive(projectId: number) {
  const client = useQueryClient();
  useLiveMessages(
    (m) => m.command === GATEWAY_STATUS_COMMAND && gatewayStatusLive.safeParse(m.data).data?.project_id === projectId,
    () => void client.invalidateQueries({ queryKey: ['gateways'] }),
  );
}

/** Gateways and unknown devices refresh every 15 s: online state and counts move while the page is open. */
const LIVE_MS = 15_000;

export function useGateways(projectId: number) {
  return useQuery({
    queryKey: gatewayKeys.list(projectId),
    queryFn: () => api(gatewayApi.list, { project_id: projectId }, { silent: true }),
    refetchInterval: LIVE_MS,
  });
}

export function useUnknownDevices(projectId: number) {
  return useQuery({
    queryKey: gatewayKeys.unknown(projectId),
    queryFn: () => api(gatewayApi.unknownDevices, { project_id: projectId }, { silent: true }),
    refetchInterval: LIVE_MS,
  });
}

export function useGatewayDevices(projectId: number) {
  return useQuery({
    queryKey: gatewayKeys.devices(projectId),
    queryFn: () => api(gatewayApi.devices, { project_id: projectId }, { silent: true }),
  });
}

/** The site's rooms with their device counts, for the room pickers. */
export function useGatewayRooms(projectId: number) {
  return useQuery({
    queryKey: gatewayKeys.rooms(projectId),
    queryFn: () => api(gatewayApi.rooms, { project_id: projectId }, { silent: true }),
  });
}

/** Editors show server refusals in place (with the field), so the calls are silent. */
export const gatewayCalls = {
  create: (body: GatewayCreate) => api(gatewayApi.create, body, { silent: true }),
  update: (id: number, body: GatewayUpdate) => api(gatewayApi.update, { ...body, id }, { silent: true }),
  remove: (id: number) => api(gatewayApi.remove, { id }, { silent: true }),
  issue: (id: number) => api(gatewayApi.issueCredentials, { id }, { silent: true }),
  revoke: (id: number) => api(gatewayApi.revokeCredentials, { id }, { silent: true }),
  adopt: (body: AdoptDeviceRequest) => api(gatewayApi.adopt, body, { silent: true }),
  createDevice: (body: GatewayDeviceCreate) => api(gatewayApi.createDevice, body, { silent: true }),
  updateDevice: (id: number, body: GatewayDeviceUpdate) => api(gatewayApi.updateDevice, { ...body, id }, { silent: true }),
  deleteDevice: (id: number) => api(gatewayApi.deleteDevice, { id }, { silent: true }),
  moveDevices: (body: GatewayDeviceMove) => api(gatewayApi.moveDevices, body, { silent: true }),
};

export function useInvalidateGateways() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: ['gateways'] });
}

/** A server refusal: its localised message and the field it names. */
export function refusal(e: unknown): { message: string; field: string | null } {
  if (e instanceof ApiError) {
    const data = e.data as { field?: unknown } | null;
    return { message: e.message, field: typeof data?.field === 'string' ? data.field : null };
  }
  return { message: e instanceof Error ? e.message : String(e), field: null };
}

/** Users with the configure permission (never workers) manage gateways; the server checks the same rule. */
export function useCanAdminGateways(): boolean {
  return useSession((s) => s.userType !== 2 && s.userInfo?.permissions.includes('configure') === true);
}

export const templateKeys = { list: ['deviceTemplates'] as const };

/** Built-in (catalogue) and custom templates of the caller's organisations. */
export function useDeviceTemplates() {
  return useQuery({ queryKey: templateKeys.list, queryFn: () => api(deviceTemplateApi.list, {}, { silent: true }) });
}

export const templateCalls = {
  create: (body: DeviceTemplateCreate) => api(deviceTemplateApi.create, body, { silent: true }),
  update: (id: number, body: DeviceTemplateUpdate) => api(deviceTemplateApi.update, { ...body, id }, { silent: true }),
  remove: (id: number) => api(deviceTemplateApi.remove, { id }, { silent: true }),
  importDevices: (projectId: number, fileBase64: string) => api(deviceTemplateApi.importDevices, { project_id: projectId, file_base64: fileBase64 }, { silent: true }),
};

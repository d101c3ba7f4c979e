import {
  controlApi,
  distributionApi,
  energyStatsApi,
  eventApi,
  historyApi,
  type RouteInput,
  type SldDocument,
  type auxTargetsResponse,
  type controlLogResponse,
  type controlTargetsResponse,
  type diagramResponse,
  type storageOverview,
} from '@gridops/contract';
import { keepPreviousData, skipToken, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/api';

// Types from the contract's schemas without importing zod into the page bundle.
export type DiagramResponse = ReturnType<typeof diagramResponse.parse>;
export type ControlTarget = ReturnType<typeof controlTargetsResponse.parse>[number];
export type ControlLogPage = ReturnType<typeof controlLogResponse.parse>;
export type ControlLogItem = ControlLogPage['list'][number];
export type StorageOverview = ReturnType<typeof storageOverview.parse>;
export type { SldDocument };

/** The gateways report every 5 s by default (2 s in tests): polling faster would only repeat answers. */
export const LIVE_POLL_MS = 5_000;

/**
 * Names come back in the request's language (Accept-Language), so the language is part of every key: a
 * switch refetches instead of showing the other language's cached names.
 */
function useLangKey(): string {
  const { i18n } = useTranslation();
  return i18n.language === 'en' ? 'en' : 'zh';
}

/**
 * Live queries: polled, and TanStack pauses `refetchInterval` while the tab is hidden
 * (`refetchIntervalInBackground: false`), so a console left open in a background tab costs nothing.
 * Polls are `silent`: the page shows its own error state instead of a pop-up every few seconds.
 */
const live = { refetchInterval: LIVE_POLL_MS, refetchIntervalInBackground: false, staleTime: 0 } as const;

export function useOverview(projectId: number | null) {
  const lang = useLangKey();
  return useQuery({
    queryKey: ['distribution', 'overview', projectId, lang],
    ...live,
    queryFn:
      projectId === null
        ? skipToken
        : ({ signal }) => api(distributionApi.overview, { project_id: projectId }, { signal, silent: true }),
  });
}

export function useRealtime(projectId: number | null, opts: { roomId?: number | null; deviceIds?: number[]; enabled?: boolean } = {}) {
  const lang = useLangKey();
  const ids = opts.deviceIds?.length ? opts.deviceIds.join(',') : undefined;
  return useQuery({
    queryKey: ['distribution', 'realtime', projectId, opts.roomId ?? null, ids ?? null, lang],
    enabled: opts.enabled ?? true,
    placeholderData: keepPreviousData,
    ...live,
    queryFn:
      projectId === null
        ? skipToken
        : ({ signal }) =>
            api(
              distributionApi.realtime,
              { project_id: projectId, room_id: opts.roomId ?? undefined, device_ids: ids },
              { signal, silent: true },
            ),
  });
}

/** One of the room's diagrams (its first when `diagramId` is null), polled for live states. */
export function useDiagram(roomId: number | null, diagramId: number | null = null, opts: { poll?: boolean } = {}) {
  const lang = useLangKey();
  return useQuery({
    queryKey: ['distribution', 'diagram', roomId, diagramId, lang],
    ...live,
    ...(opts.poll === false ? { refetchInterval: false as const, refetchOnWindowFocus: false } : {}),
    queryFn:
      roomId === null
        ? skipToken
        : ({ signal }) => api(distributionApi.diagram, { room_id: roomId, diagram_id: diagramId ?? undefined }, { signal, silent: true }),
  });
}

/** The room's diagrams (names and versions). */
export function useDiagramList(roomId: number | null) {
  return useQuery({
    queryKey: ['distribution', 'diagrams', roomId],
    queryFn: roomId === null ? skipToken : ({ signal }) => api(distributionApi.diagrams, { room_id: roomId }, { signal, silent: true }),
  });
}

/** Editor writes; refusals (10008 version, 10006 field) are shown by the editor, so the calls are silent. */
export const diagramCalls = {
  save: (input: RouteInput<typeof distributionApi.saveDiagram>) => api(distributionApi.saveDiagram, input, { silent: true }),
  create: (input: RouteInput<typeof distributionApi.createDiagram>) => api(distributionApi.createDiagram, input, { silent: true }),
  rename: (input: RouteInput<typeof distributionApi.renameDiagram>) => api(distributionApi.renameDiagram, input, { silent: true }),
  remove: (input: RouteInput<typeof distributionApi.deleteDiagram>) => api(distributionApi.deleteDiagram, input, { silent: true }),
  /** A draft of the room's diagram from its devices (docs/diagram-draft.md); nothing is stored. */
  draft: (input: RouteInput<typeof distributionApi.diagramDraft>) => api(distributionApi.diagramDraft, input, { silent: true }),
};

/** 24 h of the given points, downsampled by the server to the chart's width. */
export function useHistory24h(pointIds: number[], width = 800) {
  const ids = pointIds.join(',');
  return useQuery({
    queryKey: ['distribution', 'history24h', ids, width],
    enabled: pointIds.length > 0,
    // A day-long curve gains little from refreshing more often than once a minute.
    refetchInterval: 60_000,
    refetchIntervalInBackground: false,
    queryFn: ({ signal }) => {
      const to = new Date();
      const from = new Date(to.getTime() - 24 * 3_600_000);
      return api(
        historyApi.series,
        { point_ids: ids, from: from.toISOString(), to: to.toISOString(), width },
        { signal, silent: true },
      );
    },
  });
}

export function useStorageOverview(projectId: number | null) {
  return useQuery({
    queryKey: ['distribution', 'storageOverview', projectId],
    refetchInterval: 60_000,
    refetchIntervalInBackground: false,
    queryFn:
      projectId === null
        ? skipToken
        : ({ signal }) =>
            api(energyStatsApi.storageOverview, { project_id: projectId }, { signal, silent: true }),
  });
}

/** Events of some devices (one request per device: the list API filters by one device), newest first. */
export function useDeviceEvents(projectId: number | null, deviceIds: number[], size = 50) {
  const lang = useLangKey();
  const key = deviceIds.join(',');
  return useQuery({
    queryKey: ['distribution', 'deviceEvents', projectId, key, size, lang],
    enabled: deviceIds.length > 0,
    refetchInterval: 15_000,
    refetchIntervalInBackground: false,
    queryFn:
      projectId === null
        ? skipToken
        : async ({ signal }) => {
            const pages = await Promise.all(
              deviceIds.map((id) =>
                api(
                  eventApi.list,
                  { project_id: projectId, device_id: id, page: 1, size },
                  { signal, silent: true },
                ),
              ),
            );
            return pages
              .flatMap((p) => p.list)
              .sort((a, b) => b.raised_at.localeCompare(a.raised_at))
              .slice(0, size);
          },
  });
}

export function useControlTargets(projectId: number | null, enabled: boolean) {
  const lang = useLangKey();
  return useQuery({
    queryKey: ['distribution', 'controlTargets', projectId, lang],
    enabled,
    // Faster than the other polls: after a command the operator waits for the new state.
    refetchInterval: 2_000,
    refetchIntervalInBackground: false,
    staleTime: 0,
    queryFn:
      projectId === null
        ? skipToken
        : ({ signal }) => api(controlApi.targets, { project_id: projectId }, { signal, silent: true }),
  });
}

export type AuxTarget = ReturnType<typeof auxTargetsResponse.parse>[number];

/** Auxiliary devices of a site with their state and set-point limits (/AuxControl). */
export function useAuxTargets(projectId: number | null) {
  const lang = useLangKey();
  return useQuery({
    queryKey: ['distribution', 'auxTargets', projectId, lang],
    refetchInterval: 2_000,
    refetchIntervalInBackground: false,
    staleTime: 0,
    queryFn: projectId === null ? skipToken : ({ signal }) => api(controlApi.auxTargets, { project_id: projectId }, { signal, silent: true }),
  });
}

export interface ControlLogFilter {
  projectId?: number | null;
  from?: string;
  to?: string;
  page: number;
  size: number;
}

export const controlLogQuery = (f: ControlLogFilter): RouteInput<typeof controlApi.log> => ({
  project_id: f.projectId ?? undefined,
  from: f.from,
  to: f.to,
  page: f.page,
  size: f.size,
});

export function useControlLog(filter: ControlLogFilter, opts: { refetchInterval?: number } = {}) {
  const lang = useLangKey();
  return useQuery({
    queryKey: ['distribution', 'controlLog', filter, lang],
    placeholderData: keepPreviousData,
    refetchInterval: opts.refetchInterval ?? 15_000,
    refetchIntervalInBackground: false,
    queryFn: ({ signal }) => api(controlApi.log, controlLogQuery(filter), { signal, silent: true }),
  });
}

/** Every row of a filtered log (for export), 500 a page, capped so a wide filter cannot hang the browser. */
export async function fetchAllControlLog(filter: Omit<ControlLogFilter, 'page' | 'size'>, cap = 10_000): Promise<ControlLogItem[]> {
  const out: ControlLogItem[] = [];
  for (let page = 1; out.length < cap; page++) {
    const res = await api(controlApi.log, controlLogQuery({ ...filter, page, size: 500 }));
    out.push(...res.list);
    if (res.list.length < 500 || out.length >= res.total) break;
  }
  return out.slice(0, cap);
}

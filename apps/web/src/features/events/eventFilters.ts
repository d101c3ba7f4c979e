import type { EventItem, EventStatus } from '@gridops/contract';
import { EVENT_STATUSES } from '@gridops/contract';
import type { ExportColumn } from '../../shared/export';
import { currentLang, type Lang } from '../../shared/i18n';
import { eventDeviceIn, eventMessageIn } from '../../shared/i18n/eventText';
import type { EventListQuery } from './api';
import { dictLabel } from '../dictionary/store';

/** What the events page filters on; empty arrays / null mean "any". */
export interface EventFilterState {
  /** ISO instants, inclusive from, exclusive to. */
  from: string | null;
  to: string | null;
  /** Centre view only: one site, or every site in scope. */
  projectId: number | null;
  deviceId: number | null;
  types: number[];
  levels: number[];
  statuses: EventStatus[];
  keyword: string;
}

export const emptyEventFilters: EventFilterState = {
  from: null,
  to: null,
  projectId: null,
  deviceId: null,
  types: [],
  levels: [],
  statuses: [],
  keyword: '',
};

export const EVENT_TYPES = [1, 2, 3] as const;
export const EVENT_LEVELS = [1, 2, 3, 4] as const;
export { EVENT_STATUSES };

export interface EventQueryContext {
  /** The site the page is scoped to (site area), or null (centre / worker: every site in scope). */
  scopeProjectId: number | null;
  /** Spec §2: with an active event from the pending dialog the type filter is hidden, so it must not apply. */
  typeFilterHidden: boolean;
  page: number;
  size: number;
}

/** The `/api/v6/event/list` query for a filter state: comma lists for the multi-selects, nothing for "any". */
export function toEventQuery(f: EventFilterState, ctx: EventQueryContext): EventListQuery {
  const list = (v: readonly (string | number)[]) => (v.length ? v.join(',') : undefined);
  const keyword = f.keyword.trim().slice(0, 64);
  return {
    project_id: ctx.scopeProjectId ?? f.projectId ?? undefined,
    device_id: f.deviceId ?? undefined,
    from: f.from ?? undefined,
    to: f.to ?? undefined,
    type: ctx.typeFilterHidden ? undefined : list(f.types),
    level: list(f.levels),
    status: list(f.statuses),
    keyword: keyword || undefined,
    page: ctx.page,
    size: ctx.size,
  };
}

/** Changing the site invalidates the device (devices belong to one site). */
export function withProject(f: EventFilterState, projectId: number | null): EventFilterState {
  return { ...f, projectId, deviceId: projectId === f.projectId ? f.deviceId : null };
}

/** Whether any filter is set (the "reset" button is only offered then). */
export const isFiltered = (f: EventFilterState): boolean =>
  f.from !== null || f.projectId !== null || f.deviceId !== null || f.types.length > 0 || f.levels.length > 0 || f.statuses.length > 0 || f.keyword.trim() !== '';

/** The server's lifecycle (event service `allowedFrom`): pending → acknowledged → handled → closed. */
export const canAcknowledge = (e: Pick<EventItem, 'status'>) => e.status === 'pending';
export const canHandle = (e: Pick<EventItem, 'status'>) => e.status === 'pending' || e.status === 'acknowledged';
export const canClose = (e: Pick<EventItem, 'status'>) => e.status !== 'closed';

/** Ids of the selected rows that can still be acknowledged (bulk acknowledge skips the others). */
export const acknowledgeable = (rows: readonly EventItem[], selected: readonly number[]): number[] =>
  rows.filter((r) => selected.includes(r.id) && canAcknowledge(r)).map((r) => r.id);

type Translate = (key: string) => string;

/** Columns of the .xlsx export: the table's columns, labels in the current language, times as real dates. */
/** Messages and device names follow `lang` (the UI language at export time), rendered from the events' message keys. */
export function eventExportColumns(
  t: Translate,
  showSite: boolean,
  lang: Lang = currentLang(),
  zoneOf: (projectId: number) => string | undefined = () => undefined,
): ExportColumn<EventItem>[] {
  const time = (v: unknown) => (typeof v === 'string' ? new Date(v) : null);
  return [
    // Several sites: each row's time on its site's clock, its zone in a column of its own.
    showSite
      ? { title: `${t('events.time')} (${t('events.siteClock')})`, key: 'raised_at', format: time, zoneOf: (r: EventItem) => zoneOf(r.project_id) }
      : { title: t('events.time'), key: 'raised_at', format: time },
    ...(showSite
      ? [
          { title: t('events.zone'), key: 'project_id', format: (v: unknown) => zoneOf(Number(v)) ?? '' },
          { title: t('events.site'), key: 'project_name' },
        ]
      : []),
    { title: t('events.device'), key: 'device_name', format: (_v, row) => eventDeviceIn(row, lang) },
    { title: t('events.type'), key: 'event_type', format: (v) => dictLabel('eventType', String(v), lang) },
    { title: t('events.level'), key: 'level', format: (v) => dictLabel('alarmLevel', String(v), lang) },
    { title: t('events.status'), key: 'status', format: (v) => t(`events.statuses.${String(v)}`) },
    { title: t('events.message'), key: 'message', format: (_v, row) => eventMessageIn(row, lang) },
    { title: t('events.note'), key: 'handle_note' },
  ];
}

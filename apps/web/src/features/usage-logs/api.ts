import { auditApi, type AuditEntry, type RouteInput } from '@gridops/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/api';

export type AuditFilter = RouteInput<typeof auditApi.list>;

/** The most entries one export holds (the route's page size limit). */
export const EXPORT_MAX = 5000;

export function useAuditLog(filter: AuditFilter) {
  return useQuery({ queryKey: ['auditLog', filter], queryFn: () => api(auditApi.list, filter) });
}

/** Every entry the filter matches, newest first, up to EXPORT_MAX (for the .xlsx export). */
export async function fetchForExport(filter: AuditFilter): Promise<AuditEntry[]> {
  return (await api(auditApi.list, { ...filter, page: 1, size: EXPORT_MAX })).list;
}

export interface DiffRow {
  field: string;
  before: unknown;
  after: unknown;
  changed: boolean;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/**
 * Before → after field by field (top-level keys of both sides, in order of first appearance); `changed` marks
 * the fields whose values differ. A side that is not an object (created: before null) shows as one row.
 */
export function diffRows(before: unknown, after: unknown): DiffRow[] {
  if (!isObject(before) && !isObject(after)) return [{ field: '', before, after, changed: !same(before, after) }];
  const b = isObject(before) ? before : {};
  const a = isObject(after) ? after : {};
  const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])];
  return keys.map((field) => ({ field, before: b[field], after: a[field], changed: !same(b[field], a[field]) }));
}

/** A JSON value as one short line (strings without quotes). */
export function showValue(v: unknown): string {
  if (v === undefined || v === null || v === '') return '—';
  if (typeof v === 'string') return v;
  return JSON.stringify(v);
}

export type { AuditEntry };

import type { ChangeReason } from '@gridops/contract';
import type { ExportColumn } from '../export';
import { changeReasonText } from './change';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/**
 * The change column of a sheet and the note beside it: the server's percentage as a number, or '-' with the
 * reason (base not covered by data since <date> / base is zero) in the next column, as the console shows it.
 */
export function changeExportColumns<Row>(
  t: Translate,
  title: string,
  pct: (row: Row) => number | null | undefined,
  reason: (row: Row) => ChangeReason | null | undefined,
  /** First stored reading as a site-local date, or per row (a centre's sites each have their own). */
  since?: string | null | ((row: Row) => string | null),
): ExportColumn<Row>[] {
  const sinceOf = (row: Row) => (typeof since === 'function' ? since(row) : (since ?? null));
  return [
    { title: `${title} (%)`, key: '__change', format: (_, row) => pct(row) ?? '-' },
    {
      title: `${title} · ${t('stats.note')}`,
      key: '__changeNote',
      format: (_, row) => (pct(row) == null ? (changeReasonText(t, reason(row), sinceOf(row)) ?? '') : ''),
    },
  ];
}

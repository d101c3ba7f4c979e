import { zoneOffsetMinutes } from '@gridops/format';
import type { CellObject, Row as SheetRow } from 'write-excel-file/browser';

/** A cell value the sheet can hold; anything else is written as its string. */
export type CellValue = string | number | boolean | Date | null | undefined;

export interface ExportColumn<Row = Record<string, unknown>> {
  title: string;
  /** Property of the row; a dotted path ('project.name') reaches into nested objects. */
  key: string;
  /** Column width in characters; default: fitted to the header and the longest value (CJK counts double). */
  width?: number;
  /**
   * A string is an Excel number/date format ('#,##0.00', 'yyyy-mm-dd hh:mm'); the value stays a real number or
   * date in the sheet. A function turns the raw value into what the cell holds (e.g. a localised label).
   */
  format?: string | ((value: unknown, row: Row) => CellValue);
  /**
   * A list that mixes sites: the zone of each row's site, whose wall clock its date cell holds (instead of the
   * sheet's one zone); the title then names no zone — the caller says "site time" and adds a zone column.
   */
  zoneOf?: (row: Row) => string | undefined;
}

export interface ExportOptions {
  /** Sheet name, default 'Sheet1'; cut to Excel's 31 characters with []:*?/\ removed. */
  sheet?: string;
  /**
   * The site's IANA zone: date cells hold its wall-clock time and their column titles name it. Excel dates
   * have no zone (the library writes the UTC fields), so without this they would read as UTC.
   */
  zone?: string | undefined;
}

const DEFAULT_DATE_FORMAT = 'yyyy-mm-dd hh:mm:ss';
const MAX_WIDTH = 60;

function valueAt(row: unknown, key: string): unknown {
  let v: unknown = row;
  for (const part of key.split('.'))
    v = v !== null && typeof v === 'object' ? (v as Record<string, unknown>)[part] : undefined;
  return v;
}

/** Display width of a value in characters: East Asian wide characters take two columns. */
function textWidth(text: string): number {
  let w = 0;
  for (const ch of text)
    w += /[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]/.test(
      ch,
    )
      ? 2
      : 1;
  return w;
}

/** The same wall-clock fields in UTC as `d` shows in `zone`: what an Excel date cell should hold. */
const onSiteClock = (d: Date, zone: string | undefined) =>
  zone ? new Date(d.getTime() + zoneOffsetMinutes(d, zone) * 60_000) : d;

function toCell(value: CellValue, format: string | undefined, zone?: string): CellObject | null {
  if (value === null || value === undefined || (typeof value === 'number' && !Number.isFinite(value)))
    return null;
  if (typeof value === 'number') return { value, type: Number, ...(format ? { format } : {}) };
  if (typeof value === 'boolean') return { value, type: Boolean };
  if (value instanceof Date)
    return Number.isNaN(value.getTime())
      ? null
      : { value: onSiteClock(value, zone), type: Date, format: format ?? DEFAULT_DATE_FORMAT };
  return { value: String(value), type: String };
}

const cellText = (c: CellObject | null): string =>
  c === null || c.value === undefined ? '' : c.value instanceof Date ? DEFAULT_DATE_FORMAT : String(c.value);

/** Excel refuses these in sheet names and caps them at 31 characters. */
export const sheetName = (name: string): string =>
  name
    .replace(/[[\]:*?/\\]/g, ' ')
    .trim()
    .slice(0, 31) || 'Sheet1';

/** Adds '.xlsx' unless present and replaces characters no file system accepts. */
export const xlsxFileName = (name: string): string => {
  const clean = name.replace(/[\\/:*?"<>|]/g, '_').trim() || 'export';
  return /\.xlsx$/i.test(clean) ? clean : `${clean}.xlsx`;
};

/** The sheet rows (bold header first) and column widths, without touching the spreadsheet library. */
export function sheetData<Row>(
  columns: readonly ExportColumn<Row>[],
  rows: readonly Row[],
  zone?: string,
): { data: SheetRow[]; widths: number[] } {
  const dated = new Set<number>();
  const body: SheetRow[] = rows.map((row) =>
    columns.map((c, i) => {
      const raw = valueAt(row, c.key);
      const value = typeof c.format === 'function' ? c.format(raw, row) : (raw as CellValue);
      if (value instanceof Date && !c.zoneOf) dated.add(i);
      return toCell(value, typeof c.format === 'string' ? c.format : undefined, c.zoneOf ? c.zoneOf(row) : zone);
    }),
  );
  const header: SheetRow = columns.map((c, i) => ({
    value: zone && dated.has(i) ? `${c.title} (${zone})` : c.title,
    type: String,
    fontWeight: 'bold',
    backgroundColor: '#dce6f2',
  }));
  const widths = columns.map(
    (c, i) =>
      c.width ??
      Math.min(
        MAX_WIDTH,
        Math.max(
          8,
          textWidth(String((header[i] as CellObject).value)) + 2,
          ...body.map((r) => textWidth(cellText((r[i] ?? null) as CellObject | null)) + 2),
        ),
      ),
  );
  return { data: [header, ...body], widths };
}

/** Builds the .xlsx file. The library (~20 kB gzip with its zip code) loads on first use, not with the page. */
export async function buildXlsx<Row>(
  columns: readonly ExportColumn<Row>[],
  rows: readonly Row[],
  options: ExportOptions = {},
): Promise<Blob> {
  const { default: writeXlsxFile } = await import('write-excel-file/browser');
  const { data, widths } = sheetData(columns, rows, options.zone);
  return writeXlsxFile(data, {
    sheet: sheetName(options.sheet ?? 'Sheet1'),
    columns: widths.map((width) => ({ width })),
    stickyRowsCount: 1,
  }).toBlob();
}

/** Hands a Blob to the browser as a download. */
export function downloadBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.style.display = 'none';
  document.body.appendChild(a);
  a.click();
  a.remove();
  // Revoked later: some browsers start reading the URL only after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Exports rows as an .xlsx download: one sheet, a bold frozen header row, one column per `columns` entry. */
export async function exportXlsx<Row>(
  fileName: string,
  columns: readonly ExportColumn<Row>[],
  rows: readonly Row[],
  options: ExportOptions = {},
): Promise<void> {
  downloadBlob(await buildXlsx(columns, rows, options), xlsxFileName(fileName));
}

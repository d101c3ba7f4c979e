import { z } from 'zod';
import { dbIdParam, int32, int32Param } from '../ids.js';

/**
 * Equipment ledger (设备台账, /Ledger; docs/operations.md "Equipment ledger"): every device of a site with its
 * nameplate (maker, model, serial, rating), install and warranty dates, where it stands, its documents (PDF or
 * images, kept in the database) and its history (events, work orders, inspections, control operations).
 */

/** Warranty within this many days from today counts as "expiring" (highlighted in the list). */
export const WARRANTY_EXPIRING_DAYS = 90;
export const WARRANTY_STATES = ['valid', 'expiring', 'expired', 'unknown'] as const;
export type WarrantyState = (typeof WARRANTY_STATES)[number];

/** A document: PDF, PNG or JPEG (checked by magic bytes on the server), at most this many bytes. */
export const LEDGER_DOC_MAX_BYTES = 5 * 1024 * 1024;
export const LEDGER_DOCS_PER_DEVICE = 30;
export const LEDGER_DOC_TYPES = ['application/pdf', 'image/png', 'image/jpeg'] as const;

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'YYYY-MM-DD');
const text = (max: number) => z.string().trim().max(max);

export const nameplateFields = z.object({
  maker: text(60),
  maker_en: text(80),
  model: text(60),
  serial_no: text(60),
  /** Free text as printed on the plate, e.g. "630 kVA 10/0.4 kV" or "100 kW". */
  rating: text(80),
  /** Finer place within the room, e.g. "AA3 柜 / cabinet AA3". */
  location: text(80),
  install_date: day.nullable(),
  warranty_until: day.nullable(),
});
export type NameplateFields = z.infer<typeof nameplateFields>;

/** The columns of the ledger workbook, in order (export writes them as the header row; import reads them). */
export const LEDGER_XLSX_COLUMNS = ['device_id', 'device_sn', 'name', 'maker', 'maker_en', 'model', 'serial_no', 'rating', 'location', 'install_date', 'warranty_until'] as const;
export type LedgerXlsxColumn = (typeof LEDGER_XLSX_COLUMNS)[number];

const isRealDay = (d: string) => {
  const t = Date.parse(`${d}T00:00:00Z`);
  return Number.isFinite(t) && new Date(t).toISOString().slice(0, 10) === d;
};

/** The rules zod cannot say alone: real calendar days, warranty not before installation. Null when fine. */
export function nameplateProblem(v: Pick<NameplateFields, 'install_date' | 'warranty_until'>): { field: string; zh: string; en: string } | null {
  if (v.install_date && !isRealDay(v.install_date)) return { field: 'install_date', zh: '安装日期不是有效日期', en: 'The install date is not a real date' };
  if (v.warranty_until && !isRealDay(v.warranty_until)) return { field: 'warranty_until', zh: '质保到期日不是有效日期', en: 'The warranty end is not a real date' };
  if (v.install_date && v.warranty_until && v.warranty_until < v.install_date) return { field: 'warranty_until', zh: '质保到期日不能早于安装日期', en: 'The warranty cannot end before the installation' };
  return null;
}

/** Where a warranty stands on `today` (YYYY-MM-DD): expired, expiring within WARRANTY_EXPIRING_DAYS, valid, or unknown. */
export function warrantyState(warrantyUntil: string | null, today: string): WarrantyState {
  if (!warrantyUntil) return 'unknown';
  if (warrantyUntil < today) return 'expired';
  const limit = new Date(Date.parse(`${today}T00:00:00Z`) + WARRANTY_EXPIRING_DAYS * 86_400_000).toISOString().slice(0, 10);
  return warrantyUntil <= limit ? 'expiring' : 'valid';
}

export const ledgerDevice = nameplateFields.extend({
  id: z.number().int(),
  project_id: z.number().int(),
  project_name: z.string(),
  project_name_en: z.string(),
  room_id: z.number().int().nullable(),
  room_name: z.string().nullable(),
  room_name_en: z.string().nullable(),
  kind: z.string(),
  sn: z.string(),
  name: z.string(),
  name_en: z.string(),
  doc_count: z.number().int(),
  warranty_state: z.enum(WARRANTY_STATES),
  /** 0 while the device has no nameplate yet (the first save creates it). */
  version: z.number().int(),
});
export type LedgerDevice = z.infer<typeof ledgerDevice>;

export const ledgerRoom = z.object({ id: z.number().int(), project_id: z.number().int(), name: z.string(), name_en: z.string() });
export type LedgerRoom = z.infer<typeof ledgerRoom>;
export const ledgerProject = z.object({ id: z.number().int(), name: z.string(), name_en: z.string() });

export const ledgerListRequest = z.object({
  project_id: dbIdParam.optional(),
  room_id: dbIdParam.optional(),
  kind: z.string().max(40).optional(),
  warranty: z.enum(WARRANTY_STATES).optional(),
});
/** Devices of the projects in scope (filtered), with the projects and rooms the filters offer. */
export const ledgerList = z.object({ items: z.array(ledgerDevice), projects: z.array(ledgerProject), rooms: z.array(ledgerRoom), today: day });
export type LedgerList = z.infer<typeof ledgerList>;

export const ledgerIdParams = z.object({ id: dbIdParam });
export const nameplateUpdate = nameplateFields.extend({ version: int32.min(0) });

export const ledgerDocument = z.object({
  id: z.number().int(),
  device_id: z.number().int(),
  name: z.string(),
  mime: z.string(),
  size: z.number().int(),
  uploaded_by: z.string().nullable(),
  created_at: z.string(),
});
export type LedgerDocument = z.infer<typeof ledgerDocument>;
export const ledgerDocumentList = z.object({ items: z.array(ledgerDocument) });
export const ledgerDocumentUpload = z.object({
  name: z.string().trim().min(1).max(120),
  /** The file, base64 without a data: prefix. */
  content_base64: z.string().min(1).max(Math.ceil((LEDGER_DOC_MAX_BYTES * 4) / 3) + 1024),
});
export const ledgerDocumentContent = z.object({ name: z.string(), mime: z.string(), content_base64: z.string() });

export const HISTORY_KINDS = ['event', 'workorder', 'inspection', 'control'] as const;
export type HistoryKind = (typeof HISTORY_KINDS)[number];
export const ledgerHistoryRequest = z.object({
  page: int32Param.min(1).max(10_000).default(1),
  size: int32Param.min(1).max(100).default(20),
});
/** One line of a device's history, newest first; `status` is the source's own state word (event status, work-order state, task status, control outcome). */
export const ledgerHistoryItem = z.object({
  kind: z.enum(HISTORY_KINDS),
  ref_id: z.number().int(),
  at: z.string(),
  title: z.string(),
  title_en: z.string(),
  status: z.string(),
});
export type LedgerHistoryItem = z.infer<typeof ledgerHistoryItem>;
export const ledgerHistory = z.object({ total: z.number().int(), page: z.number().int(), size: z.number().int(), items: z.array(ledgerHistoryItem) });

/** Import: the .xlsx as base64 (the request limit is 1 MB); rows name devices by `device_id` within the caller's scope. */
export const ledgerImportRequest = z.object({ file_base64: z.string().min(1).max(900_000) });
export const ledgerImportError = z.object({ row: z.number().int(), column: z.string(), message: z.object({ zh: z.string(), en: z.string() }) });
export type LedgerImportError = z.infer<typeof ledgerImportError>;
/** `ok` false: nothing was written and `errors` names every bad cell; `ok` true: `updated` nameplates were saved. */
export const ledgerImportResult = z.object({ ok: z.boolean(), updated: z.number().int(), errors: z.array(ledgerImportError) });
export type LedgerImportResult = z.infer<typeof ledgerImportResult>;

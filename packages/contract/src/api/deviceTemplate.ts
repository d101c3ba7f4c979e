import { z } from 'zod';
import { DEVICE_KINDS } from '../devices.js';
import { dbId, dbIdParam, int16, rowVersion } from '../ids.js';

/** A point key: what a gateway sends in `values`; a letter first, then letters, digits or `_`, at most 32. */
export const POINT_KEY_PATTERN = /^[A-Za-z][A-Za-z0-9_]{0,31}$/;
export const POINT_TYPES = ['analog', 'digital', 'counter'] as const;

/**
 * One point of a device template (/RunSetup/DevTemplateSet). `scale` multiplies the raw value a gateway sends;
 * `low`/`high` are the plausible limits (null: none). Duplicate keys and low > high are refused by the server,
 * naming the point (`points[2].key`).
 */
export const templatePoint = z.object({
  key: z.string().trim().regex(POINT_KEY_PATTERN, { message: 'point key: a letter, then letters, digits or "_" (at most 32)' }),
  name: z.string().trim().min(1).max(64),
  name_en: z.string().trim().max(64).default(''),
  unit: z.string().trim().max(16).default(''),
  type: z.enum(POINT_TYPES),
  scale: z.number().finite().refine((v) => v !== 0, 'scale must not be 0').default(1),
  precision: int16.min(0).max(6).default(2),
  low: z.number().finite().nullable().default(null),
  high: z.number().finite().nullable().default(null),
});
export type TemplatePoint = z.infer<typeof templatePoint>;

const templateFields = {
  name: z.string().trim().min(1).max(64),
  name_en: z.string().trim().max(64).default(''),
  /** The catalogue kind the devices made from it have (how the pages treat them). */
  kind: z.enum(DEVICE_KINDS),
  points: z.array(templatePoint).min(1).max(200),
};
/** `org_id`: the organisation the template belongs to (one being onboarded); absent: the creator's own. */
export const deviceTemplateCreate = z.object({ ...templateFields, org_id: dbId.optional() });
export type DeviceTemplateCreate = z.infer<typeof deviceTemplateCreate>;
/** An edit names the version it was based on; a newer stored version refuses it (10008, field `version`). */
export const deviceTemplateUpdate = z.object({ ...templateFields, version: rowVersion });
export type DeviceTemplateUpdate = z.infer<typeof deviceTemplateUpdate>;
export const deviceTemplateIdParams = z.object({ id: dbIdParam });

export const deviceTemplateRow = z.object({
  id: z.number().int(),
  org_id: z.number().int(),
  name: z.string(),
  name_en: z.string(),
  kind: z.string(),
  points: z.array(templatePoint),
  version: z.number().int(),
  updated_at: z.string(),
});
export type DeviceTemplateRow = z.infer<typeof deviceTemplateRow>;

/** A built-in template: one entry of the device catalogue (read-only; can be copied into a custom one). */
export const builtinTemplateRow = z.object({
  kind: z.string(),
  name: z.string(),
  name_en: z.string(),
  points: z.array(templatePoint),
});
export type BuiltinTemplateRow = z.infer<typeof builtinTemplateRow>;
export const deviceTemplateList = z.object({ builtin: z.array(builtinTemplateRow), custom: z.array(deviceTemplateRow) });
export type DeviceTemplateList = z.infer<typeof deviceTemplateList>;
export const deviceTemplateDone = z.object({ id: z.number().int() });

/** The columns of the bulk import workbook, in order (the downloadable template has them as its header row). */
export const IMPORT_COLUMNS = ['gateway_sn', 'device_sn', 'name', 'name_en', 'template', 'room', 'parent_sn'] as const;
export type ImportColumn = (typeof IMPORT_COLUMNS)[number];

/** Bulk import: the `.xlsx` file as base64 (at most ~650 kB: the request limit is 1 MB), for one project. */
export const deviceImportRequest = z.object({
  project_id: dbId,
  file_base64: z.string().min(1).max(900_000),
});
export type DeviceImportRequest = z.infer<typeof deviceImportRequest>;
export const importRowError = z.object({
  /** 1-based row number in the sheet (the header is row 1). */
  row: z.number().int(),
  column: z.string(),
  message: z.object({ zh: z.string(), en: z.string() }),
});
export type ImportRowError = z.infer<typeof importRowError>;
/** `ok` false: nothing was written and `errors` lists every bad cell; `ok` true: `created` devices were added. */
export const deviceImportResult = z.object({ ok: z.boolean(), created: z.number().int(), errors: z.array(importRowError) });
export type DeviceImportResult = z.infer<typeof deviceImportResult>;

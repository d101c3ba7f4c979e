import { z } from 'zod';
import { dbId, dbIdParam, int32, rowVersion, rowVersionParam } from '../ids.js';

/**
 * Data entry (/RunSetup/DataEntrySet; docs/data-entry.md): meters without communication (water, gas, heat,
 * diesel, electricity) and their readings entered by hand, with a photo of the dial. Readings of water, gas,
 * heat and electricity meters feed the energy statistics like telemetry counters (interpolated hour by hour
 * between two readings). Reading times are instants (ISO), shown and entered in the site's zone, kept to the
 * minute. A meter replacement records the old meter's final reading and the new meter's start value (`value`).
 */
export const MANUAL_ENERGY_TYPES = ['water', 'gas', 'heat', 'diesel', 'power'] as const;
export type ManualEnergyType = (typeof MANUAL_ENERGY_TYPES)[number];
/** The unit each kind of manual meter is read in (the energy statistics' unit; diesel in litres). */
export const MANUAL_UNITS: Record<ManualEnergyType, string> = { water: 'm³', gas: 'm³', heat: 'GJ', diesel: 'L', power: 'kWh' };
/** A reading's photo: PNG or JPEG, at most this many bytes. */
export const READING_PHOTO_MAX_BYTES = 2 * 1024 * 1024;
/** Largest reading accepted (a 12-digit register). */
export const READING_MAX = 1e12;

const name = z.string().trim().min(1).max(64);
const withVersion = { version: rowVersion };
const photo = z.string().min(1).max(Math.ceil((READING_PHOTO_MAX_BYTES * 4) / 3) + 1024);
const reading = z.number().finite().min(0).max(READING_MAX);

export const manualMeterFields = z.object({
  name,
  name_en: name,
  /** Reading × multiplier = the energy unit (a CT ratio, a pulse factor); 1 for a plain register. */
  multiplier: z.number().finite().min(0.0001).max(100_000),
  room_id: dbId.nullable(),
});
export const manualMeterCreate = manualMeterFields.extend({
  project_id: dbId,
  energy_type: z.enum(MANUAL_ENERGY_TYPES),
  /**
   * Where the meter enters the site's metering tree of its energy type: null = not in the tree (its readings
   * are kept but the energy pages do not count it), 0 = a new top-level meter, a node id = under that node.
   * Diesel has no tree.
   */
  tree_parent_id: int32.min(0).nullable(),
});
export const manualMeterUpdate = manualMeterFields.extend(withVersion);

export const manualMeter = manualMeterFields.extend({
  id: z.number().int(),
  project_id: z.number().int(),
  energy_type: z.enum(MANUAL_ENERGY_TYPES),
  unit: z.string(),
  version: z.number().int(),
  /** The counter point the statistics read (null for diesel). */
  point_id: z.number().int().nullable(),
  /** The metering-tree node bound to that point, if any. */
  node_id: z.number().int().nullable(),
  last_read_at: z.string().nullable(),
  last_value: z.number().nullable(),
  readings: z.number().int(),
});
export type ManualMeter = z.infer<typeof manualMeter>;

const option = z.object({ id: z.number().int(), name: z.string(), name_en: z.string() });
export const treeNodeOption = option.extend({ energy_type: z.string() });
export const manualMeterList = z.object({
  timezone: z.string(),
  items: z.array(manualMeter),
  rooms: z.array(option),
  /** Nodes of the site's water, gas, heat and power trees a new meter may go under. */
  nodes: z.array(treeNodeOption),
});
export type ManualMeterList = z.infer<typeof manualMeterList>;

export const readingFields = z.object({
  /** ISO instant; the server keeps it to the minute. */
  read_at: z.string().datetime({ offset: true }),
  /** The register as read (for a replacement: the new meter's start value). */
  value: reading,
  replacement: z.boolean(),
  /** The old meter's final reading (replacement only, else null). */
  old_final_value: reading.nullable(),
  note: z.string().trim().max(500),
});
export const readingCreate = readingFields.extend({ meter_id: dbId, photo: photo.nullable() });
/** Photo: absent = keep, null = remove, a string = replace. */
export const readingUpdate = readingFields.extend({ ...withVersion, photo: photo.nullable().optional() });

export const manualReading = readingFields.extend({
  id: z.number().int(),
  meter_id: z.number().int(),
  version: z.number().int(),
  has_photo: z.boolean(),
  /** Consumption since the previous reading in the energy unit (× multiplier); null for the first. */
  consumption: z.number().nullable(),
  entered_by: z.string().nullable(),
});
export type ManualReading = z.infer<typeof manualReading>;
export const manualReadingList = z.object({ meter: manualMeter, items: z.array(manualReading) });

export const readingPhoto = z.object({ photo_type: z.string(), photo: z.string() });

export const dataEntryListRequest = z.object({ project_id: dbIdParam });
export const dataEntryIdParams = z.object({ id: dbIdParam });
export const dataEntryDeleteRequest = z.object({ version: rowVersionParam });

/** The columns of a meter's readings .xlsx (export and import; row 1 is the header). */
export const READING_XLSX_COLUMNS = ['read_at', 'value', 'replacement', 'old_final_value', 'note'] as const;
export const readingImportRequest = z.object({ file_base64: z.string().min(1).max(900_000) });
export const readingImportResult = z.object({
  ok: z.boolean(),
  created: z.number().int(),
  errors: z.array(z.object({ row: z.number().int(), column: z.string(), message: z.object({ zh: z.string(), en: z.string() }) })),
});
export type ReadingImportResult = z.infer<typeof readingImportResult>;

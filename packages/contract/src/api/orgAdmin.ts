import { z } from 'zod';
import { ENERGY_TYPES } from '../constants.js';
import { dbId, dbIdParam, int32, int32Param, rowVersion, rowVersionParam } from '../ids.js';

/**
 * Organisation and project administration (spec §1–§2: /CentreUser/CentreOrganManage, CentreProjectManage,
 * /RunSetup/StationSet). Every write carries the `version` it was read at; a stale one is refused with 10008.
 */

/** The spec's tiers (OrgTier): regional large customer → group customer → station-level monitoring. */
export const ORG_TIERS = [1, 2, 3] as const;
const tier = z.union([z.literal(1), z.literal(2), z.literal(3)]);

const name = z.string().trim().min(1).max(64);
const nameEn = z.string().trim().max(128);
const version = rowVersion;

/** One organisation as the administration tree shows it (flat; the page builds the tree from parent_id). */
export const adminOrg = z.object({
  id: z.number().int(),
  parent_id: z.number().int().nullable(),
  name: z.string(),
  name_en: z.string(),
  tier: z.number().int(),
  enabled: z.boolean(),
  version: z.number().int(),
  project_count: z.number().int(),
  user_count: z.number().int(),
});
export type AdminOrg = z.infer<typeof adminOrg>;

export const orgCreate = z.object({ parent_id: dbId, name, name_en: nameEn.default(''), tier });
export type OrgCreate = z.input<typeof orgCreate>;
export const orgUpdate = z.object({ name, name_en: nameEn, tier, enabled: z.boolean(), version });
export type OrgUpdate = z.input<typeof orgUpdate>;
export const orgMove = z.object({ parent_id: dbId, version });
export const orgDelete = z.object({ version: rowVersionParam });

const coordinate = (max: number) => z.number().min(-max).max(max);
const amount = z.number().min(0).max(1e9);

export const roomView = z.object({
  id: z.number().int(),
  name: z.string(),
  name_en: z.string(),
  device_count: z.number().int(),
});
export type RoomView = z.infer<typeof roomView>;

/** What the project form edits (all of it; `version` on update). */
export const projectFields = z.object({
  org_id: dbId,
  name,
  name_en: nameEn,
  address: z.string().trim().max(200),
  address_en: z.string().trim().max(300),
  city: z.string().trim().max(64).default(''),
  city_en: z.string().trim().max(64).default(''),
  latitude: coordinate(90),
  longitude: coordinate(180),
  /** IANA zone; the server checks it with Intl. */
  timezone: z.string().trim().min(1).max(64),
  energy_types: z.array(z.enum(ENERGY_TYPES)).min(1).max(ENERGY_TYPES.length),
  capacity_kva: amount,
  pv_capacity_kw: amount,
  storage_capacity_kwh: amount,
  storage_power_kw: amount,
  charger_count: int32.min(0).max(100_000),
  charger_power_kw: amount,
  area_m2: amount.default(0),
});
export type ProjectFields = z.input<typeof projectFields>;
export const projectUpdate = projectFields.extend({ version });
export type ProjectUpdate = z.input<typeof projectUpdate>;

export const adminProject = z.object({
  id: z.number().int(),
  org_id: z.number().int(),
  org_name: z.string(),
  org_name_en: z.string(),
  name: z.string(),
  name_en: z.string(),
  address: z.string(),
  address_en: z.string(),
  city: z.string(),
  city_en: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  timezone: z.string(),
  energy_types: z.array(z.enum(ENERGY_TYPES)),
  capacity_kva: z.number(),
  pv_capacity_kw: z.number(),
  storage_capacity_kwh: z.number(),
  storage_power_kw: z.number(),
  charger_count: z.number().int(),
  charger_power_kw: z.number(),
  area_m2: z.number(),
  version: z.number().int(),
  rooms: z.array(roomView),
});
export type AdminProject = z.infer<typeof adminProject>;

export const adminProjectListRequest = z.object({
  org_id: dbIdParam.optional(),
  keyword: z.string().max(64).optional(),
  page: int32Param.min(1).default(1),
  size: int32Param.min(1).max(200).default(50),
});
export const adminProjectList = z.object({ total: z.number().int(), list: z.array(adminProject) });

export const roomCreate = z.object({ name, name_en: nameEn.default('') });
export const roomRename = z.object({ name, name_en: nameEn });

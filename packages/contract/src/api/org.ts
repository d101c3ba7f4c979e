import { z } from 'zod';
import { dbIdParam, int32Param } from '../ids.js';
import { ENERGY_TYPES } from '../constants.js';

export const project = z.object({
  id: z.number().int(),
  org_id: z.number().int(),
  name: z.string(),
  name_en: z.string(),
  address: z.string(),
  /** English forms of the address and city; '' when none was recorded (the console then shows the Chinese). */
  address_en: z.string(),
  city: z.string(),
  city_en: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  /** IANA time zone of the site: its days, months and years, and the zone its times are shown in. */
  timezone: z.string(),
  energy_types: z.array(z.enum(ENERGY_TYPES)),
  capacity_kva: z.number(),
  pv_capacity_kw: z.number(),
  storage_capacity_kwh: z.number(),
  area_m2: z.number(),
});
export type Project = z.infer<typeof project>;

export interface OrgNode {
  id: number;
  parent_id: number | null;
  name: string;
  name_en: string;
  tier: number;
  children: OrgNode[];
  projects: Project[];
}
export const orgNode: z.ZodType<OrgNode> = z.lazy(() =>
  z.object({
    id: z.number().int(),
    parent_id: z.number().int().nullable(),
    name: z.string(),
    name_en: z.string(),
    tier: z.number().int(),
    children: z.array(orgNode),
    projects: z.array(project),
  }),
);

export const projectListRequest = z.object({
  org_id: dbIdParam.optional(),
  keyword: z.string().max(64).optional(),
  page: int32Param.min(1).default(1),
  size: int32Param.min(1).max(200).default(50),
});
export const projectListResponse = z.object({ total: z.number().int(), list: z.array(project) });

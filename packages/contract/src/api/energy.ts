import { z } from 'zod';
import { dbIdParam } from '../ids.js';

export const daySunInfoRequest = z.object({ project_id: dbIdParam });
/** Computed by the server for the project's coordinates; merged into the weather widget (spec §7). */
export const daySunInfo = z.object({
  project_id: z.number().int(),
  date: z.string(),
  timezone: z.string(),
  sunrise: z.string().nullable(),
  sunset: z.string().nullable(),
  solar_noon: z.string(),
  day_length_minutes: z.number(),
  location: z.string(),
  latitude: z.number(),
  longitude: z.number(),
});
export type DaySunInfo = z.infer<typeof daySunInfo>;

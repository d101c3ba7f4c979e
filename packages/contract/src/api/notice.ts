import { z } from 'zod';
import { dbIdParam } from '../ids.js';
import { eventMessageFields } from './event.js';

export const orgNoticeRequest = z.object({ org_id: dbIdParam });
export const projectNoticeRequest = z.object({ project_id: dbIdParam });
export const projectNoticeListRequest = z.object({
  project_id: dbIdParam,
  org_id: dbIdParam.optional(),
});

export const noticeCount = z.object({ total: z.number().int() });

/** Spec §3 "Pending notice (site list)": id, title, total. */
export const siteNotice = z.object({ id: z.number().int(), title: z.string(), total: z.number().int() });
export type SiteNotice = z.infer<typeof siteNotice>;

/** Spec §3 "Pending notice (event list)": id, event_title, event_type (2 alarm, otherwise fault). */
export const eventNotice = z.object({
  id: z.number().int(),
  event_title: z.string(),
  /** Render `event_title` in the viewer's language from these (null for events stored before the catalogue). */
  ...eventMessageFields,
  event_type: z.number().int(),
  level: z.number().int(),
  device_name: z.string(),
  created_at: z.string(),
});
export type EventNotice = z.infer<typeof eventNotice>;

export const siteNoticeList = z.object({ total: z.number().int(), list: z.array(siteNotice) });
export const eventNoticeList = z.object({ total: z.number().int(), list: z.array(eventNotice) });

import { z } from 'zod';
import { dbIdParam } from '../ids.js';

/**
 * The site checklist (issue 25 item 1): what a station still needs before it can be trusted, computed by the
 * server from the site's own data. Each step links to the page that completes it (`route`, a console path).
 */
export const CHECKLIST_STEPS = ['rooms', 'gateways', 'devices', 'diagram', 'meteringRoot', 'tariff', 'alarmRules', 'members', 'control', 'push'] as const;
export type ChecklistStepKey = (typeof CHECKLIST_STEPS)[number];

/** done: complete; todo: still to do; na: does not apply to this site (e.g. control when it has no breaker). */
export const CHECKLIST_STATES = ['done', 'todo', 'na'] as const;
export type ChecklistState = (typeof CHECKLIST_STATES)[number];

export const checklistStep = z.object({
  key: z.enum(CHECKLIST_STEPS),
  state: z.enum(CHECKLIST_STATES),
  /** How much of the step is done, where it has a count (devices placed 3 of 5; gateways online 1 of 2). */
  done: z.number().int().nullable(),
  total: z.number().int().nullable(),
  /** The console route that completes the step. */
  route: z.string(),
});
export type ChecklistStep = z.infer<typeof checklistStep>;

export const siteChecklist = z.object({
  project_id: z.number().int(),
  name: z.string(),
  name_en: z.string(),
  steps: z.array(checklistStep),
  /** Steps done or not applicable, of all steps. */
  complete: z.number().int(),
  total: z.number().int(),
});
export type SiteChecklist = z.infer<typeof siteChecklist>;

export const checklistQuery = z.object({ project_id: dbIdParam });
/** Every site in the caller's scope (at most 200, incomplete first), and whether the scope has any site at all. */
export const checklistOverview = z.object({ sites: z.array(siteChecklist), site_count: z.number().int() });
export type ChecklistOverview = z.infer<typeof checklistOverview>;

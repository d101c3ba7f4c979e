import { checklistOverview, checklistQuery, siteChecklist } from '../api/checklist.js';
import { defineRoute } from './define.js';

const tags = ['checklist'];

/** The site checklist: what each station still needs (docs/onboarding.md). */
export const checklistApi = {
  site: defineRoute({
    method: 'GET',
    path: '/api/v6/checklist',
    tags,
    summary: "One station's checklist: rooms, gateways online, devices placed, diagram, metering root, tariff, alarm rules, members, control, push",
    query: checklistQuery,
    data: siteChecklist,
  }),
  overview: defineRoute({
    method: 'GET',
    path: '/api/v6/checklist/all',
    tags,
    summary: "The checklists of every station in the caller's scope, incomplete first",
    data: checklistOverview,
  }),
};

import { z } from 'zod';
import {
  controlApproval,
  controlApproveRequest,
  controlBlockCreate,
  controlBlockedPeriod,
  controlBreakerParams,
  controlBreakerSetting,
  controlBreakerUpdate,
  controlConfig,
  controlConfigIdParams,
  controlConfigQuery,
  controlInterlock,
  controlInterlockCreate,
  controlSiteUpdate,
} from '../api/controlConfig.js';
import { defineRoute } from './define.js';

const tags = ['control-config'];

/** Remote-control configuration (/RunSetup/RemoteCtrlSet) and the two-person approvals (/DevControl). */
export const controlConfigApi = {
  get: defineRoute({ method: 'GET', path: '/api/v6/control-config', tags, summary: "A site's breakers with their control settings, blocked periods and interlocks", permission: 'configure', query: controlConfigQuery, data: controlConfig }),
  saveBreaker: defineRoute({ method: 'PUT', path: '/api/v6/control-config/breaker/:device_id', tags, summary: 'Whether a breaker is remotely operable, by whom, with the two-person rule (version check)', permission: 'configure', params: controlBreakerParams, body: controlBreakerUpdate, data: controlBreakerSetting }),
  saveSite: defineRoute({ method: 'PUT', path: '/api/v6/control-config/site', tags, summary: 'The site-wide two-person rule for breakers above N kV (version check)', permission: 'configure', body: controlSiteUpdate, data: z.object({ two_person_above_kv: z.number().nullable(), version: z.number().int() }) }),
  createBlock: defineRoute({ method: 'POST', path: '/api/v6/control-config/block', tags, summary: 'Add a daily period (site time) in which no remote control is allowed', permission: 'configure', body: controlBlockCreate, data: controlBlockedPeriod }),
  deleteBlock: defineRoute({ method: 'DELETE', path: '/api/v6/control-config/block/:id', tags, summary: 'Remove a blocked period', permission: 'configure', params: controlConfigIdParams, data: z.null() }),
  createInterlock: defineRoute({ method: 'POST', path: '/api/v6/control-config/interlock', tags, summary: 'Add an interlock: a breaker may not open/close while another is closed/open', permission: 'configure', body: controlInterlockCreate, data: controlInterlock }),
  deleteInterlock: defineRoute({ method: 'DELETE', path: '/api/v6/control-config/interlock/:id', tags, summary: 'Remove an interlock', permission: 'configure', params: controlConfigIdParams, data: z.null() }),
  approvals: defineRoute({ method: 'GET', path: '/api/v6/control/approvals', tags, summary: 'Selections of a site waiting for a second person (two-person rule)', permission: 'control', query: controlConfigQuery, data: z.array(controlApproval) }),
  approve: defineRoute({ method: 'POST', path: '/api/v6/control/approve', tags, summary: "Approve another operator's selection as the second person; the operator may then execute", permission: 'control', body: controlApproveRequest, data: z.object({ approved: z.boolean() }) }),
};

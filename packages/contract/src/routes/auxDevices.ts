import { z } from 'zod';
import { auxDevice, auxDeviceCreate, auxDeviceList, auxDeviceQuery, auxDeviceUpdate, auxIdParams, auxImportRequest, auxImportResult, auxRule, auxRuleCreate, auxRuleUpdate, auxVersionQuery } from '../api/auxDevices.js';
import { defineRoute } from './define.js';

const tags = ['aux-devices'];

/** Auxiliary devices and their automation rules (/RunSetup/AuxDeviceSet; docs/control-config.md). All need 'configure'. */
export const auxDeviceApi = {
  list: defineRoute({ method: 'GET', path: '/api/v6/aux-devices', tags, summary: "A site's auxiliary devices with their set-point limits, and the rooms, gateways and room points to choose from", permission: 'configure', query: auxDeviceQuery, data: auxDeviceList }),
  create: defineRoute({ method: 'POST', path: '/api/v6/aux-devices', tags, summary: 'Add an auxiliary device under a gateway, in a room, with the points of its kind', permission: 'configure', body: auxDeviceCreate, data: auxDevice }),
  update: defineRoute({ method: 'PUT', path: '/api/v6/aux-devices/:id', tags, summary: 'Edit an auxiliary device: names, room, gateway binding, set-point limits, remote control (version check)', permission: 'configure', params: auxIdParams, body: auxDeviceUpdate, data: auxDevice }),
  remove: defineRoute({ method: 'DELETE', path: '/api/v6/aux-devices/:id', tags, summary: 'Remove an auxiliary device (and its automation rules)', permission: 'configure', params: auxIdParams, query: auxVersionQuery, data: z.object({ id: z.number().int() }) }),
  importXlsx: defineRoute({ method: 'POST', path: '/api/v6/aux-devices/import', tags, summary: 'The aux-device table back from .xlsx: rows with an id update, rows without add; only a clean file is written', permission: 'configure', body: auxImportRequest, data: auxImportResult }),
  rules: defineRoute({ method: 'GET', path: '/api/v6/aux-automation', tags, summary: "A site's automation rules with their last action", permission: 'configure', query: auxDeviceQuery, data: z.array(auxRule) }),
  createRule: defineRoute({ method: 'POST', path: '/api/v6/aux-automation', tags, summary: 'Add an automation rule (takes effect at the next evaluation, on every instance)', permission: 'configure', body: auxRuleCreate, data: auxRule }),
  updateRule: defineRoute({ method: 'PUT', path: '/api/v6/aux-automation/:id', tags, summary: 'Edit an automation rule (version check; live)', permission: 'configure', params: auxIdParams, body: auxRuleUpdate, data: auxRule }),
  removeRule: defineRoute({ method: 'DELETE', path: '/api/v6/aux-automation/:id', tags, summary: 'Remove an automation rule', permission: 'configure', params: auxIdParams, query: auxVersionQuery, data: z.object({ id: z.number().int() }) }),
};

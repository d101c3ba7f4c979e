import { z } from 'zod';
import {
  arcDetector,
  arcDetectorCreate,
  arcDetectorList,
  arcDetectorUpdate,
  fireDeleteRequest,
  fireIdParams,
  fireImportRequest,
  fireImportResult,
  fireLimitsView,
  fireListRequest,
  fireLoop,
  fireLoopCreate,
  fireLoopList,
  fireLoopUpdate,
} from '../api/fireSets.js';
import { defineRoute } from './define.js';

const tags = ['fire-sets'];

/** /RunSetup/FireLoopSet and ArcFaultSet, and the limits /ElectricalRoom/ElectricFire draws. */
export const fireSetsApi = {
  loops: defineRoute({ method: 'GET', path: '/api/v6/fire-loops', tags, summary: "A site's electrical fire monitoring loops and what the form may pick", query: fireListRequest, data: fireLoopList }),
  createLoop: defineRoute({ method: 'POST', path: '/api/v6/fire-loops', tags, summary: 'Add a fire monitoring loop (writes its alarm rules)', permission: 'configure', body: fireLoopCreate, data: fireLoop }),
  updateLoop: defineRoute({ method: 'PUT', path: '/api/v6/fire-loops/:id', tags, summary: 'Edit a loop (version check; its alarm rules follow at once)', permission: 'configure', params: fireIdParams, body: fireLoopUpdate, data: fireLoop }),
  removeLoop: defineRoute({ method: 'DELETE', path: '/api/v6/fire-loops/:id', tags, summary: 'Delete a loop and its alarm rules (version check)', permission: 'configure', params: fireIdParams, query: fireDeleteRequest, data: z.object({ id: z.number().int() }) }),
  importLoops: defineRoute({ method: 'POST', path: '/api/v6/fire-loops/import', tags, summary: 'Import loops from .xlsx (all rows or none)', permission: 'configure', bodyLimit: 8_000_000, body: fireImportRequest, data: fireImportResult }),
  arcs: defineRoute({ method: 'GET', path: '/api/v6/arc-detectors', tags, summary: "A site's arc-fault detector settings", query: fireListRequest, data: arcDetectorList }),
  createArc: defineRoute({ method: 'POST', path: '/api/v6/arc-detectors', tags, summary: 'Add arc-fault detector settings (writes its alarm rule)', permission: 'configure', body: arcDetectorCreate, data: arcDetector }),
  updateArc: defineRoute({ method: 'PUT', path: '/api/v6/arc-detectors/:id', tags, summary: 'Edit arc-fault detector settings (version check)', permission: 'configure', params: fireIdParams, body: arcDetectorUpdate, data: arcDetector }),
  removeArc: defineRoute({ method: 'DELETE', path: '/api/v6/arc-detectors/:id', tags, summary: 'Delete arc-fault detector settings (version check)', permission: 'configure', params: fireIdParams, query: fireDeleteRequest, data: z.object({ id: z.number().int() }) }),
  importArcs: defineRoute({ method: 'POST', path: '/api/v6/arc-detectors/import', tags, summary: 'Import arc-fault detector settings from .xlsx (all rows or none)', permission: 'configure', bodyLimit: 8_000_000, body: fireImportRequest, data: fireImportResult }),
  limits: defineRoute({ method: 'GET', path: '/api/v6/fire-limits', tags, summary: 'The alarm limits the engine applies to each fire and arc-fault detector', query: fireListRequest, data: fireLimitsView }),
};

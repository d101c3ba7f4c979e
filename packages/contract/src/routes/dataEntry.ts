import { z } from 'zod';
import {
  dataEntryDeleteRequest,
  dataEntryIdParams,
  dataEntryListRequest,
  manualMeter,
  manualMeterCreate,
  manualMeterList,
  manualMeterUpdate,
  manualReading,
  manualReadingList,
  readingCreate,
  readingImportRequest,
  readingImportResult,
  readingPhoto,
  readingUpdate,
} from '../api/dataEntry.js';
import { defineRoute } from './define.js';

const tags = ['data-entry'];
const deleted = z.object({ id: z.number().int() });

/** /RunSetup/DataEntrySet: manual meters and their readings (docs/data-entry.md). */
export const dataEntryApi = {
  meters: defineRoute({ method: 'GET', path: '/api/v6/data-entry/meters', tags, summary: "A site's manual meters, rooms and metering-tree nodes", query: dataEntryListRequest, data: manualMeterList }),
  createMeter: defineRoute({ method: 'POST', path: '/api/v6/data-entry/meters', tags, summary: 'Add a manual meter', permission: 'configure', body: manualMeterCreate, data: manualMeter }),
  updateMeter: defineRoute({ method: 'PUT', path: '/api/v6/data-entry/meters/:id', tags, summary: 'Edit a manual meter (version check)', permission: 'configure', params: dataEntryIdParams, body: manualMeterUpdate, data: manualMeter }),
  removeMeter: defineRoute({ method: 'DELETE', path: '/api/v6/data-entry/meters/:id', tags, summary: 'Delete a manual meter and its readings (version check)', permission: 'configure', params: dataEntryIdParams, query: dataEntryDeleteRequest, data: deleted }),
  readings: defineRoute({ method: 'GET', path: '/api/v6/data-entry/meters/:id/readings', tags, summary: "A manual meter's readings with the consumption between them", params: dataEntryIdParams, data: manualReadingList }),
  importReadings: defineRoute({
    method: 'POST',
    path: '/api/v6/data-entry/meters/:id/import',
    tags,
    summary: "Import a meter's readings from .xlsx; all or nothing, errors by row and column",
    permission: 'configure',
    bodyLimit: 2 * 1024 * 1024,
    params: dataEntryIdParams,
    body: readingImportRequest,
    data: readingImportResult,
  }),
  createReading: defineRoute({ method: 'POST', path: '/api/v6/data-entry/readings', tags, summary: 'Enter a reading (photo PNG/JPEG ≤ 2 MB)', permission: 'configure', bodyLimit: 4 * 1024 * 1024, body: readingCreate, data: manualReading }),
  updateReading: defineRoute({ method: 'PUT', path: '/api/v6/data-entry/readings/:id', tags, summary: 'Edit a reading (version check)', permission: 'configure', bodyLimit: 4 * 1024 * 1024, params: dataEntryIdParams, body: readingUpdate, data: manualReading }),
  removeReading: defineRoute({ method: 'DELETE', path: '/api/v6/data-entry/readings/:id', tags, summary: 'Delete a reading (version check)', permission: 'configure', params: dataEntryIdParams, query: dataEntryDeleteRequest, data: deleted }),
  photo: defineRoute({ method: 'GET', path: '/api/v6/data-entry/readings/:id/photo', tags, summary: "A reading's photo (base64)", params: dataEntryIdParams, data: readingPhoto }),
};

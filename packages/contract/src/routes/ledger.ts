import { z } from 'zod';
import {
  LEDGER_DOC_MAX_BYTES,
  ledgerDevice,
  ledgerDocument,
  ledgerDocumentContent,
  ledgerDocumentList,
  ledgerDocumentUpload,
  ledgerHistory,
  ledgerHistoryRequest,
  ledgerIdParams,
  ledgerImportRequest,
  ledgerImportResult,
  ledgerList,
  ledgerListRequest,
  nameplateUpdate,
} from '../api/ledger.js';
import { defineRoute } from './define.js';

const tags = ['ledger'];

/** /Ledger: the equipment ledger — nameplates, documents, history and the .xlsx round trip. */
export const ledgerApi = {
  list: defineRoute({ method: 'GET', path: '/api/v6/ledger/devices', tags, summary: 'Devices in scope with nameplate and warranty state (filters: project, room, kind, warranty)', query: ledgerListRequest, data: ledgerList }),
  saveNameplate: defineRoute({
    method: 'PUT',
    path: '/api/v6/ledger/devices/:id',
    tags,
    summary: "Save a device's nameplate, dates and location (version check; version 0 creates it)",
    permission: 'configure',
    params: ledgerIdParams,
    body: nameplateUpdate,
    data: ledgerDevice,
  }),
  documents: defineRoute({ method: 'GET', path: '/api/v6/ledger/devices/:id/documents', tags, summary: "A device's documents (without their content)", params: ledgerIdParams, data: ledgerDocumentList }),
  upload: defineRoute({
    method: 'POST',
    path: '/api/v6/ledger/devices/:id/documents',
    tags,
    summary: 'Attach a document: PDF, PNG or JPEG (by magic bytes), at most 5 MB',
    permission: 'configure',
    bodyLimit: Math.ceil((LEDGER_DOC_MAX_BYTES * 4) / 3) + 64 * 1024,
    params: ledgerIdParams,
    body: ledgerDocumentUpload,
    data: ledgerDocument,
  }),
  download: defineRoute({ method: 'GET', path: '/api/v6/ledger/documents/:id', tags, summary: 'One document with its content (base64)', params: ledgerIdParams, data: ledgerDocumentContent }),
  removeDocument: defineRoute({ method: 'DELETE', path: '/api/v6/ledger/documents/:id', tags, summary: 'Delete a document', permission: 'configure', params: ledgerIdParams, data: z.object({ id: z.number().int() }) }),
  history: defineRoute({
    method: 'GET',
    path: '/api/v6/ledger/devices/:id/history',
    tags,
    summary: "A device's events, work orders, inspections and control operations, newest first (paginated)",
    params: ledgerIdParams,
    query: ledgerHistoryRequest,
    data: ledgerHistory,
  }),
  importXlsx: defineRoute({
    method: 'POST',
    path: '/api/v6/ledger/import',
    tags,
    summary: 'Nameplates from an .xlsx workbook (the export\'s columns): every row checked, nothing written if any is wrong',
    permission: 'configure',
    body: ledgerImportRequest,
    data: ledgerImportResult,
  }),
};

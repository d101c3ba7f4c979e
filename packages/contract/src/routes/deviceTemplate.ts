import {
  deviceImportRequest,
  deviceImportResult,
  deviceTemplateCreate,
  deviceTemplateDone,
  deviceTemplateIdParams,
  deviceTemplateList,
  deviceTemplateRow,
  deviceTemplateUpdate,
} from '../api/deviceTemplate.js';
import { defineRoute } from './define.js';

const tags = ['deviceTemplate'];

/** /RunSetup/DevTemplateSet: device templates of the caller's organisation, and the bulk device import. */
export const deviceTemplateApi = {
  list: defineRoute({
    method: 'GET',
    permission: 'configure',
    path: '/api/v6/deviceTemplate/list',
    tags,
    summary: "The built-in templates (the device catalogue) and the custom templates of the caller's organisations",
    data: deviceTemplateList,
  }),
  create: defineRoute({
    method: 'POST',
    permission: 'configure',
    path: '/api/v6/deviceTemplate',
    tags,
    summary: "Create a custom template in the caller's organisation (point keys unique, low ≤ high)",
    body: deviceTemplateCreate,
    data: deviceTemplateRow,
  }),
  update: defineRoute({
    method: 'PUT',
    permission: 'configure',
    path: '/api/v6/deviceTemplate/:id',
    tags,
    summary: 'Edit a template; refused (10008, version) if someone saved it meanwhile. Existing devices keep their points',
    params: deviceTemplateIdParams,
    body: deviceTemplateUpdate,
    data: deviceTemplateRow,
  }),
  remove: defineRoute({
    method: 'DELETE',
    permission: 'configure',
    path: '/api/v6/deviceTemplate/:id',
    tags,
    summary: 'Delete a template (devices made from it keep their points)',
    params: deviceTemplateIdParams,
    data: deviceTemplateDone,
  }),
  importDevices: defineRoute({
    method: 'POST',
    permission: 'configure',
    path: '/api/v6/deviceTemplate/import',
    tags,
    summary: 'Bulk device import from an .xlsx file: every row is checked; nothing is written if any row is wrong',
    body: deviceImportRequest,
    data: deviceImportResult,
  }),
};

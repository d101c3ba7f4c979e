import { dictionaryCreateRequest, dictionaryEntry, dictionaryLabels, dictionaryOrgQuery, dictionaryResetRequest, dictionaryUpdateRequest, dictionaryView } from '../api/dictionary.js';
import { defineRoute } from './define.js';

const tags = ['dictionary'];

/**
 * Data dictionary (/CentreUser/CentreDataDictionarySet, /UserCenter/DataDictionarySet; docs/dictionary.md).
 * Everyone reads the labels of his organisation; centre users with 'configure' change them for organisations
 * of their subtree.
 */
export const dictionaryApi = {
  labels: defineRoute({
    method: 'GET',
    path: '/api/v6/dictionary/labels',
    tags,
    summary: "The effective dictionary of the caller's organisation (its own entries over its parents' over the built-in ones)",
    data: dictionaryLabels,
  }),
  view: defineRoute({
    method: 'GET',
    path: '/api/v6/dictionary',
    tags,
    summary: "An organisation's dictionary with each entry's source and version (default: the caller's organisation)",
    query: dictionaryOrgQuery,
    data: dictionaryView,
  }),
  update: defineRoute({
    method: 'PUT',
    path: '/api/v6/dictionary/entry',
    tags,
    summary: "Set an entry's zh/en labels (and enabled, open kinds only) for an organisation; version-checked",
    permission: 'configure',
    body: dictionaryUpdateRequest,
    data: dictionaryEntry,
  }),
  create: defineRoute({
    method: 'POST',
    path: '/api/v6/dictionary/entry',
    tags,
    summary: 'Add an entry to an open kind (inspection or defect categories) for an organisation and the ones below it',
    permission: 'configure',
    body: dictionaryCreateRequest,
    data: dictionaryEntry,
  }),
  reset: defineRoute({
    method: 'POST',
    path: '/api/v6/dictionary/reset',
    tags,
    summary: "Drop an organisation's own override of an entry: it shows its parent's (or the built-in) label again",
    permission: 'configure',
    body: dictionaryResetRequest,
    data: dictionaryEntry,
  }),
};

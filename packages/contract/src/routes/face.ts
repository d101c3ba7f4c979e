import { z } from 'zod';
import {
  faceDeleteRequest,
  faceGroup,
  faceGroupCreate,
  faceGroupList,
  faceGroupUpdate,
  faceIdParams,
  faceListRequest,
  facePeopleList,
  facePerson,
  facePersonCreate,
  facePersonUpdate,
  facePhoto,
} from '../api/face.js';
import { faceRecordList, faceRecordQuery, faceSettings, faceSettingsUpdate, faceSnapshot, faceSyncList, faceTerminalList } from '../api/faceSync.js';
import { defineRoute } from './define.js';

const tags = ['face-library'];
const removed = z.object({ id: z.number().int() });

/** /FacerecManage: people (with an encrypted face photo each) and access groups of a site. */
export const faceApi = {
  people: defineRoute({ method: 'GET', path: '/api/v6/face/people', tags, summary: "A site's people in the face library", query: faceListRequest, data: facePeopleList }),
  createPerson: defineRoute({
    method: 'POST',
    path: '/api/v6/face/people',
    tags,
    summary: 'Add a person with a face photo (PNG/JPEG ≤ 2 MB, ≥ 200×200 px)',
    permission: 'configure',
    bodyLimit: 4 * 1024 * 1024,
    body: facePersonCreate,
    data: facePerson,
  }),
  updatePerson: defineRoute({
    method: 'PUT',
    path: '/api/v6/face/people/:id',
    tags,
    summary: 'Edit a person, optionally replacing the photo (version check)',
    permission: 'configure',
    bodyLimit: 4 * 1024 * 1024,
    params: faceIdParams,
    body: facePersonUpdate,
    data: facePerson,
  }),
  removePerson: defineRoute({
    method: 'DELETE',
    path: '/api/v6/face/people/:id',
    tags,
    summary: 'Delete a person and their photo (version check)',
    permission: 'configure',
    params: faceIdParams,
    query: faceDeleteRequest,
    data: removed,
  }),
  photo: defineRoute({ method: 'GET', path: '/api/v6/face/people/:id/photo', tags, summary: "A person's face photo (base64; every view audited)", params: faceIdParams, data: facePhoto }),
  groups: defineRoute({ method: 'GET', path: '/api/v6/face/groups', tags, summary: "A site's access groups and the doors they may name", query: faceListRequest, data: faceGroupList }),
  createGroup: defineRoute({ method: 'POST', path: '/api/v6/face/groups', tags, summary: 'Add an access group', permission: 'configure', body: faceGroupCreate, data: faceGroup }),
  updateGroup: defineRoute({
    method: 'PUT',
    path: '/api/v6/face/groups/:id',
    tags,
    summary: 'Edit an access group (version check)',
    permission: 'configure',
    params: faceIdParams,
    body: faceGroupUpdate,
    data: faceGroup,
  }),
  removeGroup: defineRoute({
    method: 'DELETE',
    path: '/api/v6/face/groups/:id',
    tags,
    summary: 'Delete an access group; its people keep no group (version check)',
    permission: 'configure',
    params: faceIdParams,
    query: faceDeleteRequest,
    data: removed,
  }),
  sync: defineRoute({ method: 'GET', path: '/api/v6/face/sync', tags, summary: 'Sync status of every person on every door terminal of a site', query: faceListRequest, data: faceSyncList }),
  terminals: defineRoute({ method: 'GET', path: '/api/v6/face/terminals', tags, summary: "A site's door terminals: enrolled, pending, failed, last seen", query: faceListRequest, data: faceTerminalList }),
  records: defineRoute({ method: 'GET', path: '/api/v6/face/records', tags, summary: 'Recognition records of a site (person, door, time range, result)', query: faceRecordQuery, data: faceRecordList }),
  snapshot: defineRoute({ method: 'GET', path: '/api/v6/face/records/:id/snapshot', tags, summary: "A recognition record's snapshot (base64; every view audited)", params: faceIdParams, data: faceSnapshot }),
  settings: defineRoute({ method: 'GET', path: '/api/v6/face/settings', tags, summary: "A site's night window for stranger alerts", query: faceListRequest, data: faceSettings }),
  updateSettings: defineRoute({ method: 'PUT', path: '/api/v6/face/settings', tags, summary: "Set a site's night window for stranger alerts", permission: 'configure', body: faceSettingsUpdate, data: faceSettings }),
};

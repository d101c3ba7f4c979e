import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { faceApi } from '@gridops/contract';
import { requireUser } from '../../plugins/auth.js';
import { addRoute } from '../../lib/route.js';
import type { AppServices } from '../../services.js';

/** /FacerecManage: people with encrypted face photos, and access groups. */
export const faceRoutes: FastifyPluginAsyncZod<{ services: Pick<AppServices, 'face' | 'faceSync' | 'faceRecords'> }> = async (app, { services }) => {
  const svc = services.face;
  const { faceSync, faceRecords } = services;
  addRoute(app, faceApi.people, (req) => svc.people(requireUser(req.user), req.query.project_id));
  addRoute(app, faceApi.createPerson, (req) => svc.createPerson(requireUser(req.user), req.body));
  addRoute(app, faceApi.updatePerson, (req) => svc.updatePerson(requireUser(req.user), req.params.id, req.body));
  addRoute(app, faceApi.removePerson, (req) => svc.removePerson(requireUser(req.user), req.params.id, req.query.version));
  addRoute(app, faceApi.photo, (req) => svc.photo(requireUser(req.user), req.params.id));
  addRoute(app, faceApi.groups, (req) => svc.groups(requireUser(req.user), req.query.project_id));
  addRoute(app, faceApi.createGroup, (req) => svc.createGroup(requireUser(req.user), req.body));
  addRoute(app, faceApi.updateGroup, (req) => svc.updateGroup(requireUser(req.user), req.params.id, req.body));
  addRoute(app, faceApi.removeGroup, (req) => svc.removeGroup(requireUser(req.user), req.params.id, req.query.version));
  addRoute(app, faceApi.sync, (req) => faceSync.rows(requireUser(req.user), req.query.project_id, req.lang));
  addRoute(app, faceApi.terminals, (req) => faceSync.terminals(requireUser(req.user), req.query.project_id, req.lang));
  addRoute(app, faceApi.records, (req) => faceRecords.list(requireUser(req.user), req.query, req.lang));
  addRoute(app, faceApi.snapshot, (req) => faceRecords.snapshot(requireUser(req.user), req.params.id));
  addRoute(app, faceApi.settings, (req) => faceRecords.settings(requireUser(req.user), req.query.project_id));
  addRoute(app, faceApi.updateSettings, (req) => faceRecords.updateSettings(requireUser(req.user), req.body));
};

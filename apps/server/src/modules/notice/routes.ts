import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  envelope,
  eventNoticeList,
  noticeCount,
  orgNoticeRequest,
  projectNoticeListRequest,
  projectNoticeRequest,
  siteNoticeList,
} from '@gridops/contract';
import { requireUser } from '../../plugins/auth.js';
import { ok } from '../../lib/reply.js';
import type { AppServices } from '../../services.js';

/** The four notice calls of spec §7: pending-event counts and lists, by organisation or by project. */
export const noticeRoutes: FastifyPluginAsyncZod<{ services: AppServices }> = async (app, { services }) => {
  const { notices } = services;
  const tags = ['notice'];

  app.post(
    '/api/v6/index/eventNotice',
    { schema: { tags, summary: 'Pending events under an organisation', body: orgNoticeRequest, response: { 200: envelope(noticeCount) } } },
    async (req) => ok(await notices.orgCount(requireUser(req.user), req.body.org_id)),
  );
  app.post(
    '/api/v6/index/eventNoticeList',
    { schema: { tags, summary: 'Sites with pending events under an organisation', body: orgNoticeRequest, response: { 200: envelope(siteNoticeList) } } },
    async (req) => ok(await notices.orgList(requireUser(req.user), req.body.org_id, req.lang)),
  );
  app.post(
    '/api/v6/event/notice',
    { schema: { tags, summary: 'Pending events of a project', body: projectNoticeRequest, response: { 200: envelope(noticeCount) } } },
    async (req) => ok(await notices.projectCount(requireUser(req.user), req.body.project_id)),
  );
  app.post(
    '/api/v6/event/noticeList',
    { schema: { tags, summary: 'Pending events of a project, newest first', body: projectNoticeListRequest, response: { 200: envelope(eventNoticeList) } } },
    async (req) => ok(await notices.projectList(requireUser(req.user), req.body.project_id, req.lang)),
  );
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  controlCancelRequest,
  controlCancelResponse,
  controlExecuteRequest,
  controlExecuteResponse,
  controlLogQuery,
  controlLogResponse,
  controlSelectRequest,
  controlSelectResponse,
  controlTargetsQuery,
  controlTargetsResponse,
  envelope,
} from '@gridops/contract';
import { requireUser } from '../../plugins/auth.js';
import { ok } from '../../lib/reply.js';
import type { AppServices } from '../../services.js';

/** Remote control (/DevControl) with select-before-operate, and the control log (/CtrlLogs). */
export const controlRoutes: FastifyPluginAsyncZod<{ services: AppServices }> = async (app, { services }) => {
  const { control } = services;
  const tags = ['control'];

  app.get(
    '/api/v6/control/targets',
    { schema: { tags, summary: 'Operable breakers of a site with their state (control permission)', querystring: controlTargetsQuery, response: { 200: envelope(controlTargetsResponse) } } },
    async (req) => ok(await control.targets(requireUser(req.user), req.query.project_id, req.lang)),
  );
  app.post(
    '/api/v6/control/select',
    { schema: { tags, summary: 'Select a device and action; returns a short-lived selection id', body: controlSelectRequest, response: { 200: envelope(controlSelectResponse) } } },
    async (req) => ok(await control.select(requireUser(req.user), req.body, req.ip, req.lang)),
  );
  app.post(
    '/api/v6/control/execute',
    {
      schema: {
        tags,
        summary: "Confirm with the operator's password; sends the command and waits for the gateway (success / refused / timed-out)",
        body: controlExecuteRequest,
        response: { 200: envelope(controlExecuteResponse) },
      },
    },
    async (req) => ok(await control.execute(requireUser(req.user), req.body, req.ip)),
  );
  app.post(
    '/api/v6/control/cancel',
    { schema: { tags, summary: 'Cancel an open selection', body: controlCancelRequest, response: { 200: envelope(controlCancelResponse) } } },
    async (req) => ok(await control.cancel(requireUser(req.user), req.body.selection_id, req.ip)),
  );
  app.get(
    '/api/v6/control/log',
    { schema: { tags, summary: 'Every control attempt step (select, execute, result) in scope, newest first', querystring: controlLogQuery, response: { 200: envelope(controlLogResponse) } } },
    async (req) => ok(await control.logList(requireUser(req.user), req.query, req.lang)),
  );
};

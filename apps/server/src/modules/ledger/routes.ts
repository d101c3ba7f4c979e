import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ledgerApi } from '@gridops/contract';
import { requireUser } from '../../plugins/auth.js';
import { addRoute } from '../../lib/route.js';
import type { AppServices } from '../../services.js';

/** /Ledger: nameplates, documents, device history and the .xlsx import. */
export const ledgerRoutes: FastifyPluginAsyncZod<{ services: Pick<AppServices, 'ledger' | 'ledgerImport'> }> = async (app, { services }) => {
  const svc = services.ledger;
  addRoute(app, ledgerApi.list, (req) => svc.list(requireUser(req.user), req.query));
  addRoute(app, ledgerApi.saveNameplate, (req) => svc.saveNameplate(requireUser(req.user), req.params.id, req.body));
  addRoute(app, ledgerApi.documents, (req) => svc.documents(requireUser(req.user), req.params.id));
  addRoute(app, ledgerApi.upload, (req) => svc.upload(requireUser(req.user), req.params.id, req.body));
  addRoute(app, ledgerApi.download, (req) => svc.download(requireUser(req.user), req.params.id));
  addRoute(app, ledgerApi.removeDocument, (req) => svc.removeDocument(requireUser(req.user), req.params.id));
  addRoute(app, ledgerApi.history, (req) => svc.history(requireUser(req.user), req.params.id, req.query.page, req.query.size));
  addRoute(app, ledgerApi.importXlsx, (req) => services.ledgerImport(requireUser(req.user), req.body));
};

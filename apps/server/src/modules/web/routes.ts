import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import fastifyStatic from '@fastify/static';
import fs from 'node:fs';
import path from 'node:path';
import { ErrorCode, errorMessage, webConfig } from '@gridops/contract';
import type { AppServices } from '../../services.js';

/**
 * Serves `./config.json` for the console and the built web app itself. Unknown non-API GETs get index.html
 * so the console's history-mode routes survive a reload; unknown API paths get the 10005 envelope.
 */
export const webRoutes: FastifyPluginAsyncZod<{ services: Pick<AppServices, 'config'> }> = async (app, { services }) => {
  const { config } = services;

  app.get(
    '/config.json',
    { schema: { tags: ['web'], summary: 'Console start-up configuration (spec §7)', response: { 200: webConfig } } },
    async (_req, reply) => {
      reply.header('cache-control', 'no-cache');
      return {
        ...config.web,
        mqttWsPort: config.mqtt.publicWsPort,
        mqttWsPath: '/mqtt',
        demoSeed: config.seedDemo,
      };
    },
  );

  const indexHtml = path.join(config.webDir, 'index.html');
  const hasWeb = fs.existsSync(indexHtml);
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: config.webDir,
      wildcard: true,
      index: ['index.html'],
      setHeaders: (res, filePath) => {
        // Hashed assets never change; index.html must always be revalidated to pick up a new build.
        res.header('cache-control', filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  } else {
    app.log.warn({ webDir: config.webDir }, 'web app not built: only the API is served (run `npm run build`)');
  }

  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url.startsWith('/api/');
    if (!isApi && hasWeb && request.method === 'GET') {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.status(404).send({ code: ErrorCode.NotFound, msg: errorMessage(ErrorCode.NotFound, request.lang), data: null });
  });
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dbIdParam, videoApi } from '@gridops/contract';
import { z } from 'zod';
import { requireUser } from '../../plugins/auth.js';
import { addRoute } from '../../lib/route.js';
import type { AppServices } from '../../services.js';

const BOUNDARY = 'gridopsframe';

/**
 * Live video (docs/video.md): camera configuration and the viewers' list (route table), and the demo cameras'
 * MJPEG streams at `/video/mjpeg/:id/:token` — outside /api because an <img> sends no session header; the
 * signed token names the camera and the viewer's session instead.
 */
export const videoRoutes: FastifyPluginAsyncZod<{ services: Pick<AppServices, 'video'> }> = async (app, { services }) => {
  const { video } = services;

  addRoute(app, videoApi.cameras, (req) => video.list(requireUser(req.user), req.query.project_id, req.lang));
  addRoute(app, videoApi.createCamera, (req) => video.create(requireUser(req.user), req.body, req.lang));
  addRoute(app, videoApi.updateCamera, (req) => video.update(requireUser(req.user), req.params.id, req.body, req.lang));
  addRoute(app, videoApi.deleteCamera, (req) => video.remove(requireUser(req.user), req.params.id));
  addRoute(app, videoApi.live, (req) => video.live(requireUser(req.user), req.query.project_id, req.lang));
  addRoute(app, videoApi.snapshot, (req) => video.snapshot(requireUser(req.user), req.params.id, req.lang));
  addRoute(app, videoApi.eventMedia, (req) => video.eventMedia(requireUser(req.user), req.query.event_id, req.lang));

  app.get(
    '/video/mjpeg/:id/:token',
    { schema: { hide: true, params: z.object({ id: dbIdParam, token: z.string().max(200) }) } },
    async (req, reply) => {
      const res = reply.raw;
      let headersSent = false;
      const viewer = {
        frame(jpeg: Buffer) {
          if (!headersSent) {
            headersSent = true;
            res.writeHead(200, {
              ...(reply.getHeaders() as Record<string, string>),
              'content-type': `multipart/x-mixed-replace; boundary=${BOUNDARY}`,
              'cache-control': 'no-store',
              connection: 'close',
            });
          }
          // A slow viewer skips frames instead of growing a buffer.
          if (res.writableLength > 512 * 1024) return;
          res.write(`--${BOUNDARY}\r\nContent-Type: image/jpeg\r\nContent-Length: ${jpeg.length}\r\n\r\n`);
          res.write(jpeg);
          res.write('\r\n');
        },
      };
      const unwatch = await video.openStream(req.params.id, req.params.token, viewer);
      if (!unwatch) return reply.code(404).send({ code: 10005, msg: 'Not found', data: null });
      reply.hijack();
      res.on('close', unwatch);
      return reply;
    },
  );
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { timingSafeEqualStrings } from '../../lib/tokens.js';
import type { AppServices } from '../../services.js';
import { canPublish, canSubscribe, clientIdAllowed } from './acl.js';
import { createMqttAuthService } from './service.js';

const allowDeny = z.object({ result: z.enum(['allow', 'deny']), is_superuser: z.boolean().optional() });

/**
 * HTTP authentication and authorisation for EMQX (and any broker with HTTP auth hooks), so a multi-node
 * cluster applies exactly the rules of the embedded broker. The broker authenticates itself with the header
 * `x-gridops-broker-secret: <MQTT_SERVICE_PASSWORD>`; without that secret configured the endpoints are off.
 */
export const mqttAuthRoutes: FastifyPluginAsyncZod<{ services: Pick<AppServices, 'config' | 'db'> }> = async (app, { services }) => {
  const { config, db } = services;
  const secret = config.mqtt.servicePassword;
  const username = config.mqtt.serviceUsername;
  if (!secret || !username) return;
  const auth = createMqttAuthService(db, { username, password: secret });
  const brokerOk = (h: string | string[] | undefined) => typeof h === 'string' && timingSafeEqualStrings(h, secret);

  app.post(
    '/api/mqtt/auth',
    {
      schema: {
        tags: ['mqtt'],
        summary: 'EMQX HTTP authentication',
        // clientid is required: a client id belongs to one identity (acl.ts clientIdAllowed).
        body: z.object({ username: z.string(), password: z.string(), clientid: z.string() }),
        response: { 200: allowDeny },
      },
    },
    async (req) => {
      if (!brokerOk(req.headers['x-gridops-broker-secret'])) return { result: 'deny' as const };
      const id = await auth.authenticate(req.body.username, req.body.password);
      if (!id || !clientIdAllowed(id, req.body.clientid)) return { result: 'deny' as const };
      return { result: 'allow' as const, is_superuser: id.kind === 'service' };
    },
  );

  app.post(
    '/api/mqtt/acl',
    {
      schema: {
        tags: ['mqtt'],
        summary: 'EMQX HTTP authorisation (publish/subscribe per topic)',
        body: z.object({ username: z.string(), password: z.string().optional(), topic: z.string(), action: z.enum(['publish', 'subscribe']) }),
        response: { 200: allowDeny },
      },
    },
    async (req) => {
      if (!brokerOk(req.headers['x-gridops-broker-secret'])) return { result: 'deny' as const };
      const id = await auth.identify(req.body.username);
      if (!id) return { result: 'deny' as const };
      const allowed = req.body.action === 'publish' ? canPublish(id, req.body.topic) : canSubscribe(id, req.body.topic);
      return { result: allowed ? ('allow' as const) : ('deny' as const) };
    },
  );
};

import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { timingSafeEqualStrings } from '../../lib/tokens.js';
import type { AppServices } from '../../services.js';
import { canPublish, canSubscribe, clientIdAllowed } from './acl.js';
import { createMqttAuthService } from './service.js';

const allowDeny = z.object({ result: z.enum(['allow', 'deny']), is_superuser: z.boolean().optional() });

/**
 * EMQX 5 posts JSON and reads `result` from a 200 answer. EMQX 4 (emqx_auth_http) posts a form by default and
 * reads only the status code: 200 allows, 4xx denies. `?emqx=4` on the hook's URL selects the status codes
 * (docs/external-broker.md, deploy/emqx/); either version may send JSON or a form.
 */
const emqx4 = z.object({ emqx: z.enum(['4', '5']).optional() });
/** EMQX 4's ACL request names the action as `access`: 1 subscribe, 2 publish. */
const actionOf = (b: { action?: string | undefined; access?: string | undefined }) =>
  b.action ?? (b.access === '1' ? 'subscribe' : b.access === '2' ? 'publish' : undefined);

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
  // EMQX 4's default body: application/x-www-form-urlencoded (only in this plugin's scope: the broker hooks).
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 16 * 1024 }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });
  /** EMQX 4 reads the status code only: a denial is 403 there (the body still says deny). */
  const answer = (reply: FastifyReply, v4: boolean, result: { result: 'allow' | 'deny'; is_superuser?: boolean }) => {
    if (v4 && result.result === 'deny') reply.status(403);
    return result;
  };

  app.post(
    '/api/mqtt/auth',
    {
      schema: {
        tags: ['mqtt'],
        summary: 'EMQX HTTP authentication (EMQX 5 JSON; EMQX 4 form with ?emqx=4)',
        querystring: emqx4,
        // clientid is required: a client id belongs to one identity (acl.ts clientIdAllowed).
        body: z.object({ username: z.string(), password: z.string(), clientid: z.string() }),
        response: { 200: allowDeny, 403: allowDeny },
      },
    },
    async (req, reply) => {
      const v4 = req.query.emqx === '4';
      if (!brokerOk(req.headers['x-gridops-broker-secret'])) return answer(reply, v4, { result: 'deny' });
      const id = await auth.authenticate(req.body.username, req.body.password);
      if (!id || !clientIdAllowed(id, req.body.clientid)) return answer(reply, v4, { result: 'deny' });
      return { result: 'allow' as const, is_superuser: id.kind === 'service' };
    },
  );

  app.post(
    '/api/mqtt/acl',
    {
      schema: {
        tags: ['mqtt'],
        summary: 'EMQX HTTP authorisation (publish/subscribe per topic; EMQX 4 with ?emqx=4)',
        querystring: emqx4,
        body: z.object({
          username: z.string(),
          password: z.string().optional(),
          topic: z.string(),
          action: z.enum(['publish', 'subscribe']).optional(),
          access: z.enum(['1', '2']).optional(),
          clientid: z.string().optional(),
        }),
        response: { 200: allowDeny, 403: allowDeny },
      },
    },
    async (req, reply) => {
      const v4 = req.query.emqx === '4';
      if (!brokerOk(req.headers['x-gridops-broker-secret'])) return answer(reply, v4, { result: 'deny' });
      const action = actionOf(req.body);
      const id = await auth.identify(req.body.username);
      if (!id || !action) return answer(reply, v4, { result: 'deny' });
      const allowed = action === 'publish' ? canPublish(id, req.body.topic) : canSubscribe(id, req.body.topic);
      return answer(reply, v4, { result: allowed ? 'allow' : 'deny' });
    },
  );
};

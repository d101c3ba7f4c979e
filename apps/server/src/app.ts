import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppConfig } from './config.js';
import type { Db } from './db/database.js';
import { authPlugin } from './plugins/auth.js';
import { errorsPlugin } from './plugins/errors.js';
import { swaggerPlugin } from './plugins/swagger.js';
import { mqttAuthRoutes } from './modules/mqtt-auth/routes.js';
import { eventRoutes } from './modules/event/routes.js';
import { energyRoutes } from './modules/energy/routes.js';
import { noticeRoutes } from './modules/notice/routes.js';
import { orgRoutes } from './modules/org/routes.js';
import { userRoutes } from './modules/user/routes.js';
import { webRoutes } from './modules/web/routes.js';
import { controlRoutes } from './modules/control/routes.js';
import { distributionRoutes } from './modules/distribution/routes.js';
import { historyRoutes } from './modules/history/routes.js';
import { securityRoutes } from './modules/security/routes.js';
import { energyConfigRoutes } from './modules/energy-stats/configRoutes.js';
import { energyStatsRoutes } from './modules/energy-stats/statsRoutes.js';
import { createServices, type AppServices } from './services.js';
import './types.js';

export interface BuildAppOptions {
  config: AppConfig;
  db: Db;
  /** false for quiet tests; otherwise pino at config.logLevel. */
  logger?: boolean;
  /** Sees every route as it is registered (a test checks them against the contract's route table). */
  onRoute?: (route: RouteOptions) => void;
}

export async function buildApp({ config, db, logger = true, onRoute }: BuildAppOptions): Promise<{ app: FastifyInstance; services: AppServices }> {
  const app = Fastify({
    logger: logger ? { level: config.logLevel } : false,
    // Behind a reverse proxy the client address comes from X-Forwarded-For (login rate limit is per IP).
    trustProxy: true,
    bodyLimit: 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  if (onRoute) app.addHook('onRoute', onRoute);

  const services = createServices(db, config);

  // Plugins first (errors, docs, auth), then the domain modules.
  await app.register(errorsPlugin);
  await app.register(swaggerPlugin);
  await app.register(authPlugin, { users: services.users });

  await app.register(userRoutes, { services });
  await app.register(orgRoutes, { services });
  await app.register(noticeRoutes, { services });
  await app.register(eventRoutes, { services });
  await app.register(energyRoutes, { services });
  await app.register(energyConfigRoutes, { services });
  await app.register(energyStatsRoutes, { services });
  await app.register(distributionRoutes, { services });
  await app.register(historyRoutes, { services });
  await app.register(controlRoutes, { services });
  await app.register(securityRoutes, { services });
  await app.register(mqttAuthRoutes, { services });
  await app.register(webRoutes, { services });
  return { app, services };
}

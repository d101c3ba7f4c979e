import Fastify, { LogController, type FastifyInstance, type FastifyRequest, type RouteOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppConfig } from './config.js';
import type { Db } from './db/database.js';
import { authPlugin } from './plugins/auth.js';
import { errorsPlugin, frameworkErrorReply } from './plugins/errors.js';
import { swaggerPlugin } from './plugins/swagger.js';
import { inputPlugin } from './plugins/input.js';
import { auditPlugin } from './plugins/audit.js';
import { auditRoutes } from './modules/audit/routes.js';
import { securityHeadersPlugin } from './plugins/securityHeaders.js';
import { redactLogArgs, redactUrl } from './lib/redact.js';
import { registerRequestLog } from './plugins/requestLog.js';
import { mqttAuthRoutes } from './modules/mqtt-auth/routes.js';
import { eventRoutes } from './modules/event/routes.js';
import { energyRoutes } from './modules/energy/routes.js';
import { noticeRoutes } from './modules/notice/routes.js';
import { orgRoutes } from './modules/org/routes.js';
import { orgAdminRoutes } from './modules/org/adminRoutes.js';
import { userRoutes } from './modules/user/routes.js';
import { accountRoutes } from './modules/account/routes.js';
import { webRoutes } from './modules/web/routes.js';
import { weatherRoutes } from './modules/weather/routes.js';
import { forecastRoutes } from './modules/forecast/routes.js';
import { checklistRoutes } from './modules/checklist/routes.js';
import { memberRoutes } from './modules/members/routes.js';
import { controlRoutes } from './modules/control/routes.js';
import { distributionRoutes } from './modules/distribution/routes.js';
import { historyRoutes } from './modules/history/routes.js';
import { securityRoutes } from './modules/security/routes.js';
import { meteringRoutes } from './modules/metering/routes.js';
import { overviewRoutes } from './modules/overview/routes.js';
import { kpiRoutes } from './modules/kpi/routes.js';
import { wallRoutes } from './modules/wall/routes.js';
import { statisticsRoutes } from './modules/statistics/routes.js';
import { deviceTemplateRoutes, gatewayRoutes } from './modules/gateways/routes.js';
import { expertRoutes } from './modules/experts/routes.js';
import { pushRoutes } from './modules/push/routes.js';
import { ieSetsRoutes } from './modules/metering/ieRoutes.js';
import { energyAssetsRoutes } from './modules/energy-assets/routes.js';
import { dataEntryRoutes } from './modules/data-entry/routes.js';
import { fireSetsRoutes } from './modules/fire-sets/routes.js';
import { robotsRoutes } from './modules/robots/routes.js';
import { buildingRoutes } from './modules/building/routes.js';
import { startPushRetention } from './modules/push/retention.js';
import { dictionaryRoutes } from './modules/dictionary/routes.js';
import { alarmRuleRoutes } from './modules/alarm/routes.js';
import { controlConfigRoutes } from './modules/control/configRoutes.js';
import { auxDeviceRoutes } from './modules/aux-devices/routes.js';
import { videoRoutes } from './modules/video/routes.js';
import { aiSecurityRoutes } from './modules/ai-security/routes.js';
import { inspectionRoutes } from './modules/inspection/routes.js';
import { workOrderRoutes } from './modules/workorders/routes.js';
import { faceRoutes } from './modules/face/routes.js';
import { ledgerRoutes } from './modules/ledger/routes.js';
import { monthReportRoutes } from './modules/month-report/routes.js';
import { createServices, type AppServices } from './services.js';
import { opsPlugin, type Ops } from './modules/ops/routes.js';
import { createMetrics } from './modules/ops/metrics.js';
import { Readiness } from './modules/ops/readiness.js';
import './types.js';

export interface BuildAppOptions {
  config: AppConfig;
  db: Db;
  /** false for quiet tests; otherwise pino at config.logLevel. */
  logger?: boolean;
  /** Where log lines go (default stdout); tests read them. */
  logStream?: { write(line: string): void };
  /** Sees every route as it is registered (a test checks them against the contract's route table). */
  onRoute?: (route: RouteOptions) => void;
  /** Metrics and readiness probes the runtime feeds (broker, ingest); a fresh set when absent. */
  ops?: Ops;
}

/** Fastify's request log fields, with secret query values (a `?token=` entry link) redacted. */
const requestSerializer = (req: FastifyRequest) => ({
  method: req.method,
  url: redactUrl(req.url),
  host: req.host,
  remoteAddress: req.ip,
  remotePort: req.socket?.remotePort,
});

/** A hop count as Fastify's typed form: believe the nearest `hops` forwarders (proxy-addr's numeric rule). */
const trustHops = (hops: number) => (_address: string, hop: number) => hop < hops;

export async function buildApp({ config, db, logger = true, logStream, onRoute, ops = { metrics: createMetrics(), readiness: new Readiness() } }: BuildAppOptions): Promise<{ app: FastifyInstance; services: AppServices; ops: Ops }> {
  // Human-readable lines on a terminal (pino-pretty), JSON lines otherwise (files, journald, collectors).
  const pretty = !logStream && (config.logFormat === 'pretty' || (config.logFormat === 'auto' && process.stdout.isTTY === true));
  const app = Fastify({
    logger: logger
      ? {
          level: config.logLevel,
          serializers: { req: requestSerializer },
          // The catch-all: every string a module logs (message, fields, error text) passes the redaction list.
          hooks: {
            logMethod(args, method) {
              method.apply(this, redactLogArgs(args) as Parameters<typeof method>);
            },
          },
          // process.stdout writes synchronously to a pipe or file on Linux, unlike pino's default asynchronous
          // destination: a line logged between two long PGlite statements (the start's progress) is out at once,
          // not held until the event loop is free again.
          ...(logStream ? { stream: logStream } : pretty ? {} : { stream: process.stdout }),
          ...(pretty ? { transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname' } } } : {}),
        }
      : false,
    // Our own request lines (plugins/requestLog.ts), not Fastify's "incoming" + "completed" pair.
    logController: new LogController({ disableRequestLogging: true }),
    // X-Forwarded-For is believed only from the configured proxies (TRUST_PROXY): the login limit is per address.
    trustProxy: typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
    bodyLimit: 1024 * 1024,
    frameworkErrors: frameworkErrorReply,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  if (onRoute) app.addHook('onRoute', onRoute);
  // Errors, slow requests and a periodic summary; one line per request only with LOG_REQUESTS=all.
  registerRequestLog(app, config.requestLog);

  const services = createServices(db, config);
  services.videoHub.setLog(app.log);
  // Looked up once here for the start's log line (which ffmpeg, or none); again whenever a viewer asks.
  const videoAvailable = await services.videoHub.available();
  services.video.setLog(app.log);
  // Every demo camera's ffmpeg dies with the server.
  app.addHook('onClose', async () => services.videoHub.close());
  if (!videoAvailable && config.video.ffmpeg !== null) {
    app.log.warn(`Live video is off (no ffmpeg): cameras show snapshots only. For video: npm install (it brings @ffmpeg-installer/ffmpeg) or apt-get install ffmpeg (docs/video.md)`);
  }

  // Plugins first (errors, docs, auth), then the domain modules.
  await app.register(errorsPlugin);
  await app.register(securityHeadersPlugin, { config });
  // Before every route: its onResponse hook times them all; /health, /ready, /metrics never fall to index.html.
  await app.register(opsPlugin, { ops, db });
  await app.register(swaggerPlugin);
  await app.register(authPlugin, { users: services.users });
  await app.register(inputPlugin);
  await app.register(auditPlugin, { audit: services.audit, db, retentionDays: config.audit.retentionDays, retentionJob: true });

  await app.register(userRoutes, { services: { users: services.users, config: services.config } });
  await app.register(accountRoutes, { services: { account: services.account } });
  await app.register(orgRoutes, { services: { orgs: services.orgs } });
  await app.register(orgAdminRoutes, { services: { orgAdmin: services.orgAdmin, projectAdmin: services.projectAdmin } });
  await app.register(noticeRoutes, { services: { notices: services.notices } });
  await app.register(eventRoutes, { services: { events: services.events } });
  await app.register(energyRoutes, { services: { energy: services.energy } });
  await app.register(meteringRoutes, { services: { metering: services.metering } });
  await app.register(statisticsRoutes, { services: { statistics: services.statistics } });
  await app.register(overviewRoutes, { services: { overview: services.overview, carbon: services.carbon } });
  await app.register(kpiRoutes, { services: { kpi: services.kpi } });
  await app.register(wallRoutes, { services: { wall: services.wall } });
  await app.register(distributionRoutes, { services: { distribution: services.distribution } });
  await app.register(historyRoutes, { services: { history: services.history, analysis: services.analysis } });
  await app.register(controlRoutes, { services: { control: services.control } });
  await app.register(securityRoutes, { services: { security: services.security } });
  await app.register(weatherRoutes, { services: { weather: services.weather } });
  await app.register(forecastRoutes, { services: { forecast: services.forecast } });
  await app.register(checklistRoutes, { services: { checklist: services.checklist } });
  await app.register(memberRoutes, { services: { members: services.members } });
  await app.register(gatewayRoutes, { services: { gateways: services.gateways } });
  await app.register(deviceTemplateRoutes, { services: { templates: services.templates } });
  await app.register(auditRoutes, { services: { audit: services.audit } });
  await app.register(expertRoutes, { services: { experts: services.experts } });
  await app.register(pushRoutes, { services: { push: services.push } });
  await app.register(ieSetsRoutes, { services: { ieSets: services.ieSets } });
  await app.register(energyAssetsRoutes, { services: { energyAssets: services.energyAssets } });
  await app.register(robotsRoutes, { services: { robots: services.robots, robotRounds: services.robotRounds } });
  await app.register(buildingRoutes, { services: { building: services.building } });
  const pushRetention = startPushRetention(db, config.push.retentionDays, app.log);
  app.addHook('onClose', async () => pushRetention.stop());
  await app.register(dictionaryRoutes, { services: { dictionary: services.dictionary } });
  await app.register(alarmRuleRoutes, { services: { alarmRules: services.alarmRules, alarmInsights: services.alarmInsights, alarmRuleImport: services.alarmRuleImport } });
  await app.register(controlConfigRoutes, { services: { controlConfig: services.controlConfig } });
  await app.register(videoRoutes, { services: { video: services.video } });
  await app.register(aiSecurityRoutes, { services: { aiSecurity: services.aiSecurity } });
  await app.register(inspectionRoutes, { services: { inspectionPlans: services.inspectionPlans, inspectionTasks: services.inspectionTasks } });
  await app.register(workOrderRoutes, { services: { workOrders: services.workOrders } });
  await app.register(ledgerRoutes, { services: { ledger: services.ledger, ledgerImport: services.ledgerImport } });
  await app.register(dataEntryRoutes, { services: { dataEntry: services.dataEntry, dataEntryImport: services.dataEntryImport } });
  await app.register(monthReportRoutes, { services: { monthReport: services.monthReport } });
  await app.register(auxDeviceRoutes, { services: { auxDevices: services.auxDevices, auxRules: services.auxRules, auxImport: services.auxImport } });
  await app.register(fireSetsRoutes, { services: { fireSets: services.fireSets, fireLoopImport: services.fireLoopImport, arcDetectorImport: services.arcDetectorImport } });
  await app.register(faceRoutes, { services: { face: services.face, faceSync: services.faceSync, faceRecords: services.faceRecords } });
  await app.register(mqttAuthRoutes, { services: { config: services.config, db: services.db } });
  await app.register(webRoutes, { services: { config: services.config } });
  return { app, services, ops };
}

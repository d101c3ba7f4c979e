import type { AppConfig } from './config.js';
import type { Db } from './db/database.js';
import { createAccessService } from './modules/access/service.js';
import { createEventService } from './modules/event/service.js';
import { createEnergyService } from './modules/energy/service.js';
import { createNoticeService } from './modules/notice/service.js';
import { createOrgService } from './modules/org/service.js';
import { createOrgAdminService } from './modules/org/orgAdminService.js';
import { createProjectAdminService } from './modules/org/projectAdminService.js';
import { createUserService } from './modules/user/service.js';
import { createAccountService } from './modules/account/service.js';
import { createLoginLimits } from './modules/user/loginLimits.js';
import { createControlService } from './modules/control/service.js';
import { createDistributionService } from './modules/distribution/service.js';
import { createAnalysisService } from './modules/history/analysis.js';
import { createHistoryService } from './modules/history/service.js';
import { createSecurityService } from './modules/security/service.js';
import { createMeteringService } from './modules/metering/service.js';
import { createCarbonService } from './modules/overview/carbonService.js';
import { createOverviewService } from './modules/overview/service.js';
import { createStatisticsService } from './modules/statistics/service.js';
import { createWeatherService } from './modules/weather/service.js';
import { createMembersService } from './modules/members/service.js';
import { createGatewayService } from './modules/gateways/service.js';
import { createTemplateService } from './modules/gateways/templates.js';
import { createAuditService } from './modules/audit/service.js';
import { createExpertService } from './modules/experts/service.js';
import { createPushService } from './modules/push/service.js';
import { createVideoService } from './modules/video/service.js';
import { createStreamHub } from './modules/video/streams.js';
import { createStreamSigner } from './modules/video/urls.js';
import { randomBytes } from 'node:crypto';

/** Wires the domain services once; routes receive them, tests may build them without HTTP. */
export function createServices(db: Db, config: AppConfig, opts: { videoAvailable?: boolean } = {}) {
  const access = createAccessService(db);
  const loginLimits = createLoginLimits(db, config.login);
  const audit = createAuditService(db, access);
  const users = createUserService(db, loginLimits, audit);
  const account = createAccountService(db, users);
  const orgs = createOrgService(db, access);
  const orgAdmin = createOrgAdminService(db, access, audit);
  const projectAdmin = createProjectAdminService(db, access, audit);
  const notices = createNoticeService(db, access);
  const energy = createEnergyService(access, orgs);
  const events = createEventService(db, access);
  const distribution = createDistributionService(db, access, config);
  const history = createHistoryService(db, access);
  const analysis = createAnalysisService(db, access);
  const control = createControlService(db, access, loginLimits, config.control, audit);
  const security = createSecurityService(db, access);
  const metering = createMeteringService(db, access, undefined, undefined, audit);
  const statistics = createStatisticsService(db, access);
  const overview = createOverviewService(db, access);
  const carbon = createCarbonService(db, access);
  const weather = createWeatherService(db, access, config.weather);
  const gateways = createGatewayService(db, access, audit);
  const templates = createTemplateService(db, access, gateways);
  const members = createMembersService(db, access, users, loginLimits, audit);
  const experts = createExpertService(db, access, config.expertRegister);
  const push = createPushService(db, access);
  // Without ffmpeg (or VIDEO_FFMPEG=off) the demo cameras show snapshots only; the runtime probes and says so once.
  const videoHub = createStreamHub({ ffmpeg: config.video.ffmpeg, available: opts.videoAvailable ?? false });
  const video = createVideoService(db, access, audit, { hub: videoHub, signer: createStreamSigner(randomBytes(32)), origins: config.video.origins });
  return { config, db, push, video, videoHub, audit, weather, gateways, templates, access, users, account, orgs, orgAdmin, projectAdmin, notices, energy, events, distribution, history, analysis, control, security, metering, statistics, overview, carbon, members, experts };
}

export type AppServices = ReturnType<typeof createServices>;

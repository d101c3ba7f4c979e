import type { AppConfig } from './config.js';
import type { Db } from './db/database.js';
import { createAccessService } from './modules/access/service.js';
import { createEventService } from './modules/event/service.js';
import { createEnergyService } from './modules/energy/service.js';
import { createNoticeService } from './modules/notice/service.js';
import { createOrgService } from './modules/org/service.js';
import { createUserService } from './modules/user/service.js';
import { createAccountService } from './modules/account/service.js';
import { createLoginLimits } from './modules/user/loginLimits.js';
import { createControlService } from './modules/control/service.js';
import { createDistributionService } from './modules/distribution/service.js';
import { createAnalysisService } from './modules/history/analysis.js';
import { createHistoryService } from './modules/history/service.js';
import { createSecurityService } from './modules/security/service.js';
import { createEnergyCarbonService } from './modules/energy-stats/carbonService.js';
import { createEnergyConfigService } from './modules/energy-stats/configService.js';
import { createEnergyOverviewService } from './modules/energy-stats/overviewService.js';
import { createEnergyStatsService } from './modules/energy-stats/statsService.js';
import { createWeatherService } from './modules/weather/service.js';

/** Wires the domain services once; routes receive them, tests may build them without HTTP. */
export function createServices(db: Db, config: AppConfig) {
  const access = createAccessService(db);
  const loginLimits = createLoginLimits(db, config.login);
  const users = createUserService(db, loginLimits);
  const account = createAccountService(db, users);
  const orgs = createOrgService(db, access);
  const notices = createNoticeService(db, access);
  const energy = createEnergyService(access, orgs);
  const events = createEventService(db, access);
  const distribution = createDistributionService(db, access, config);
  const history = createHistoryService(db, access);
  const analysis = createAnalysisService(db, access);
  const control = createControlService(db, access, loginLimits, config.control);
  const security = createSecurityService(db, access);
  const energyConfig = createEnergyConfigService(db, access);
  const energyStats = createEnergyStatsService(db, access);
  const energyOverview = createEnergyOverviewService(db, access);
  const energyCarbon = createEnergyCarbonService(db, access);
  const weather = createWeatherService(db, access, config.weather);
  return { config, db, weather, access, users, account, orgs, notices, energy, events, distribution, history, analysis, control, security, energyConfig, energyStats, energyOverview, energyCarbon };
}

export type AppServices = ReturnType<typeof createServices>;

import { createBuildingService } from './modules/building/service.js';
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
import { createControlConfigService } from './modules/control/configService.js';
import { createAuxDeviceService } from './modules/aux-devices/service.js';
import { createAuxRuleService } from './modules/aux-devices/ruleService.js';
import { createAuxDeviceImport } from './modules/aux-devices/importXlsx.js';
import { createDistributionService } from './modules/distribution/service.js';
import { createAnalysisService } from './modules/history/analysis.js';
import { createHistoryService } from './modules/history/service.js';
import { createSecurityService } from './modules/security/service.js';
import { createMeteringService } from './modules/metering/service.js';
import { createCarbonService } from './modules/overview/carbonService.js';
import { createOverviewService } from './modules/overview/service.js';
import { createKpiService } from './modules/kpi/service.js';
import { createWallService } from './modules/wall/service.js';
import { createStatisticsService } from './modules/statistics/service.js';
import { createWeatherService } from './modules/weather/service.js';
import { createForecastService } from './modules/forecast/service.js';
import { createChecklistService } from './modules/checklist/service.js';
import { createMembersService } from './modules/members/service.js';
import { createGatewayService } from './modules/gateways/service.js';
import { createTemplateService } from './modules/gateways/templates.js';
import { createAuditService } from './modules/audit/service.js';
import { createExpertService } from './modules/experts/service.js';
import { createPushService } from './modules/push/service.js';
import { createIeSetsService } from './modules/metering/ieService.js';
import { createEnergyAssetsService } from './modules/energy-assets/service.js';
import { createStrategySync } from './modules/energy-assets/strategySync.js';
import { createDataEntryService } from './modules/data-entry/service.js';
import { createReadingImport } from './modules/data-entry/readingImport.js';
import { createFireSetsService } from './modules/fire-sets/service.js';
import { createFireLoopImport } from './modules/fire-sets/loopImport.js';
import { createArcDetectorImport } from './modules/fire-sets/arcImport.js';
import { createRobotsService } from './modules/robots/service.js';
import { createRobotRoundsService } from './modules/robots/rounds.js';
import { createDictionaryService } from './modules/dictionary/service.js';
import { createAlarmRuleService } from './modules/alarm/ruleService.js';
import { createAlarmInsightService } from './modules/alarm/insights.js';
import { createAlarmRuleImport } from './modules/alarm/ruleImport.js';
import { createVideoService } from './modules/video/service.js';
import { createAiSecurityService } from './modules/ai-security/service.js';
import { createFfmpegResolver } from './modules/video/ffmpeg.js';
import { createStreamHub } from './modules/video/streams.js';
import { createSharedStreamSigner } from './modules/video/urls.js';
import { sharedSecret } from './lib/serverSecrets.js';
import { createInspectionPlanService } from './modules/inspection/planService.js';
import { createInspectionTaskService } from './modules/inspection/taskService.js';
import { createWorkOrderService } from './modules/workorders/service.js';
import { createFaceService } from './modules/face/service.js';
import { facePhotoKeyring } from './modules/face/photo.js';
import { createLedgerService } from './modules/ledger/service.js';
import { createLedgerImport } from './modules/ledger/import.js';
import { createMonthReportService } from './modules/month-report/service.js';
import { createOutbound } from './lib/outbound/index.js';
import { createSecretBox } from './lib/storedSecrets.js';
import { createPushTransport } from './modules/push/transport.js';
import { observationFetcher, weatherOutbound } from './modules/weather/providers.js';
import { createFaceSyncService } from './modules/face/sync.js';
import { createFaceRecordsService } from './modules/face/records.js';

/** Wires the domain services once; routes receive them, tests may build them without HTTP. */
export function createServices(db: Db, config: AppConfig) {
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
  const distribution = createDistributionService(db, access, config, audit);
  const history = createHistoryService(db, access);
  const analysis = createAnalysisService(db, access);
  const controlConfig = createControlConfigService(db, access, audit);
  const control = createControlService(db, access, loginLimits, config.control, audit, controlConfig);
  const security = createSecurityService(db, access);
  const metering = createMeteringService(db, access, undefined, undefined, audit);
  const statistics = createStatisticsService(db, access);
  const overview = createOverviewService(db, access);
  const carbon = createCarbonService(db, access);
  const kpi = createKpiService(db, { access, overview, statistics, distribution });
  // Every outbound request a user's settings point somewhere goes through one guard (docs/security.md "Outbound requests").
  const outbound = createOutbound(config.outboundAllow);
  // Stored secrets (SMTP passwords, webhook URLs and secrets, camera credentials) are sealed with SECRETS_KEY.
  const secrets = createSecretBox(config.secretsKey, config.dataDir);
  const pushTransport = createPushTransport(secrets, outbound);
  const checklist = createChecklistService(db, access);
  const weather = createWeatherService(db, access, config.weather, observationFetcher(weatherOutbound(outbound, config.weather)));
  const forecast = createForecastService(db, access);
  const gateways = createGatewayService(db, access, audit, config);
  const templates = createTemplateService(db, access, gateways);
  const members = createMembersService(db, access, users, loginLimits, audit);
  const experts = createExpertService(db, access, config.expertRegister);
  const push = createPushService(db, access, pushTransport);
  const ieSets = createIeSetsService(db, access, audit);
  const essStrategySync = createStrategySync(db);
  const energyAssets = createEnergyAssetsService(db, access, audit, undefined, essStrategySync);
  const robots = createRobotsService(db, access, audit);
  const robotRounds = createRobotRoundsService(db, access, audit);
  const building = createBuildingService(db, access, audit);
  const dictionary = createDictionaryService(db, access, audit);
  const alarmRules = createAlarmRuleService(db, access, audit);
  const alarmInsights = createAlarmInsightService(db, access, alarmRules);
  const alarmRuleImport = createAlarmRuleImport(db, access, audit, alarmRules);
  const fireSets = createFireSetsService(db, access, audit);
  const fireLoopImport = createFireLoopImport(db, access, audit, fireSets);
  const arcDetectorImport = createArcDetectorImport(db, access, audit, fireSets);
  // The system's ffmpeg, else the npm-shipped one, looked up whenever a viewer asks; without either (or with
  // VIDEO_FFMPEG=off) the demo cameras show snapshots only (docs/video.md).
  const videoHub = createStreamHub({ ffmpeg: createFfmpegResolver(config.video.ffmpeg), fontDirs: config.fontDirs });
  const video = createVideoService(db, access, audit, { hub: videoHub, signer: createSharedStreamSigner(() => sharedSecret(db, 'video.stream_signing_key')), origins: config.video.origins, outbound, secrets });
  const aiSecurity = createAiSecurityService(db, access, audit);
  const inspectionPlans = createInspectionPlanService(db, access, audit);
  const workOrders = createWorkOrderService(db, access, audit);
  const wall = createWallService(db, { access, kpi, statistics, events, workOrders });
  // "Create defect" on an abnormal inspection finding opens a work order waiting to be dispatched.
  const inspectionTasks = createInspectionTaskService(db, access, {
    report: (user, f) =>
      workOrders.reportFromInspection(user, {
        project_id: f.project_id,
        findingRef: `F${f.id}`,
        title: `${f.checkpoint_name}：${f.item_name}异常`,
        title_en: `${f.checkpoint_name_en || f.checkpoint_name}: ${f.item_name_en || f.item_name} abnormal`,
        description: [f.value !== null ? `${f.value} ${f.unit}`.trim() : '', f.note].filter(Boolean).join(' · '),
        priority: 'normal',
        device_id: null,
      }),
  });
  const ledger = createLedgerService(db, access, audit);
  const ledgerImport = createLedgerImport(db, access, audit);
  const dataEntry = createDataEntryService(db, access, audit);
  const dataEntryImport = createReadingImport(db, dataEntry, audit);
  const monthReport = createMonthReportService(db, access, { statistics, overview, carbon, inspectionTasks }, { audit, cjkFont: config.reportCjkFont, fontDirs: config.fontDirs, push: pushTransport });
  const auxDevices = createAuxDeviceService(db, access, audit, () => gateways.devicesChanged());
  const auxRules = createAuxRuleService(db, access, audit);
  const auxImport = createAuxDeviceImport(db, access, auxDevices, () => gateways.devicesChanged());
  const faceKeys = facePhotoKeyring(config.facePhotoKey, config.dataDir);
  const faceSync = createFaceSyncService(db, access, faceKeys, { maxCommandBytes: config.mqtt.maxPacketBytes });
  const faceRecords = createFaceRecordsService(db, access, faceKeys, audit);
  const face = createFaceService(db, access, faceKeys, audit, faceSync);
  return { config, db, checklist, push, pushTransport, outbound, secrets, audit, weather, forecast, gateways, templates, access, users, account, orgs, orgAdmin, projectAdmin, notices, energy, events, distribution, history, analysis, control, security, metering, statistics, overview, carbon, kpi, wall, members, experts, ieSets, energyAssets, essStrategySync, dictionary, alarmRules, alarmInsights, alarmRuleImport, controlConfig, video, videoHub, aiSecurity, inspectionPlans, inspectionTasks, workOrders, face, ledger, ledgerImport, dataEntry, dataEntryImport, monthReport, auxDevices, auxRules, auxImport, fireSets, fireLoopImport, arcDetectorImport, faceSync, faceRecords, faceKeys, robots, robotRounds, building };
}

export type AppServices = ReturnType<typeof createServices>;

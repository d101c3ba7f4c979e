import type { ApiRoute } from './define.js';
import { accountApi } from './account.js';
import { alarmRuleApi } from './alarmRules.js';
import { controlConfigApi } from './controlConfig.js';
import { auditApi } from './audit.js';
import { auxDeviceApi } from './auxDevices.js';
import { checklistApi } from './checklist.js';
import { billingApi } from './billing.js';
import { controlApi } from './control.js';
import { deviceTemplateApi } from './deviceTemplate.js';
import { distributionApi } from './distribution.js';
import { energyApi } from './energy.js';
import { energyStatsApi } from './energyStats.js';
import { eventApi } from './event.js';
import { expertApi } from './experts.js';
import { gatewayApi } from './gateway.js';
import { inspectionApi } from './inspection.js';
import { analysisApi, historyApi } from './history.js';
import { ieSetsApi } from './ieSets.js';
import { energyAssetsApi } from './energyAssets.js';
import { faceApi } from './face.js';
import { dataEntryApi } from './dataEntry.js';
import { monthReportApi } from './monthReport.js';
import { fireSetsApi } from './fireSets.js';
import { buildingApi } from './building.js';
import { meteringApi } from './metering.js';
import { memberApi } from './members.js';
import { noticeApi } from './notice.js';
import { orgApi } from './org.js';
import { orgAdminApi } from './orgAdmin.js';
import { pushApi } from './push.js';
import { dictionaryApi } from './dictionary.js';
import { securityApi } from './security.js';
import { robotApi } from './robots.js';
import { userApi } from './user.js';
import { videoApi } from './video.js';
import { aiSecurityApi } from './aiSecurity.js';
import { weatherApi } from './weather.js';
import { forecastApi } from './forecast.js';
import { workOrderApi } from './workorders.js';
import { ledgerApi } from './ledger.js';
import { kpiApi } from './kpi.js';
import { wallApi } from './wall.js';

export * from './define.js';
export {
  accountApi,
  alarmRuleApi,
  controlConfigApi,
  aiSecurityApi,
  analysisApi,
  auditApi,
  auxDeviceApi,
  checklistApi,
  billingApi,
  controlApi,
  deviceTemplateApi,
  dictionaryApi,
  distributionApi,
  energyApi,
  energyStatsApi,
  eventApi,
  expertApi,
  gatewayApi,
  historyApi,
  ieSetsApi,
  energyAssetsApi,
  buildingApi,
  inspectionApi,
  faceApi,
  monthReportApi,
  fireSetsApi,
  memberApi,
  meteringApi,
  noticeApi,
  orgApi,
  orgAdminApi,
  pushApi,
  securityApi,
  robotApi,
  userApi,
  videoApi,
  weatherApi,
  forecastApi,
  workOrderApi,
  ledgerApi,
  dataEntryApi,
  kpiApi,
  wallApi,
};

/**
 * THE route table: every JSON API route under /api/v6, once. The server registers each of them from here, the
 * web calls them through `api(route, input)`, and OpenAPI is generated from the same schemas.
 */
export const apiRoutes = {
  user: userApi,
  account: accountApi,
  org: orgApi,
  orgAdmin: orgAdminApi,
  notice: noticeApi,
  event: eventApi,
  energy: energyApi,
  metering: meteringApi,
  energyStats: energyStatsApi,
  distribution: distributionApi,
  history: historyApi,
  analysis: analysisApi,
  control: controlApi,
  security: securityApi,
  weather: weatherApi,
  forecast: forecastApi,
  member: memberApi,
  gateway: gatewayApi,
  deviceTemplate: deviceTemplateApi,
  audit: auditApi,
  expert: expertApi,
  push: pushApi,
  ieSets: ieSetsApi,
  assetPv: energyAssetsApi.pv,
  assetWind: energyAssetsApi.wind,
  assetEss: energyAssetsApi.ess,
  assetCharger: energyAssetsApi.charger,
  dictionary: dictionaryApi,
  alarmRule: alarmRuleApi,
  controlConfig: controlConfigApi,
  billing: billingApi,
  video: videoApi,
  aiSecurity: aiSecurityApi,
  inspection: inspectionApi,
  workOrder: workOrderApi,
  face: faceApi,
  ledger: ledgerApi,
  dataEntry: dataEntryApi,
  monthReport: monthReportApi,
  auxDevice: auxDeviceApi,
  fireSets: fireSetsApi,
  robot: robotApi,
  buildingSets: buildingApi.buildings,
  buildingAir: buildingApi.air,
  buildingOutdoor: buildingApi.outdoor,
  buildingWater: buildingApi.water,
  buildingPower: buildingApi.power,
  buildingLive: { live: buildingApi.live },
  checklist: checklistApi,
  kpi: kpiApi,
  wall: wallApi,
} satisfies Record<string, Record<string, ApiRoute>>;

/** Every route of the table as a list (for registration checks and documentation). */
export const allApiRoutes: readonly ApiRoute[] = Object.values(apiRoutes).flatMap((group) =>
  Object.values(group),
);

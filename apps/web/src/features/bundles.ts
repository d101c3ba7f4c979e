import type { Bundle } from '../shared/i18n';
import { accountBundle } from './account/i18n';
import { alertsBundle } from './alerts/i18n';
import { analysisBundle } from './analysis/i18n';
import { distributionBundle } from './distribution/i18n';
import { buildingBundle } from './building/i18n';
import { energySetupBundle } from './energy-setup/i18n';
import { ieSetsBundle } from './ie-sets/i18n';
import { energyAssetsBundle } from './energy-assets/i18n';
import { fireSetsBundle } from './fire-sets/i18n';
import { faceBundle } from './face/i18n';
import { ledgerBundle } from './ledger/i18n';
import { dataEntryBundle } from './data-entry/i18n';
import { monthReportBundle } from './month-report/i18n';
import { auxDevicesBundle } from './aux-devices/i18n';
import { robotBundle } from './robot/i18n';
import { membersBundle } from './members/i18n';
import { auditLogBundle } from './usage-logs/i18n';
import { carbonBundle } from './carbon/i18n';
import { microgridBundle } from './microgrid/i18n';
import { energyBundle } from './energy/i18n';
import { centreHomeBundle } from './centre-home/i18n';
import { homeKpisBundle } from './home-kpis/i18n';
import { checklistBundle } from './checklist/i18n';
import { eventsBundle } from './events/i18n';
import { gatewaysBundle } from './gateways/i18n';
import { expertsBundle } from './experts/i18n';
import { pushBundle } from './push/i18n';
import { dictionaryBundle } from './dictionary/i18n';
import { alarmRulesBundle } from './alarm-rules/i18n';
import { controlConfigBundle } from './control-config/i18n';
import { billingBundle } from './billing/i18n';
import { videoBundle } from './video/i18n';
import { inspectionBundle } from './inspection/i18n';
import { noticesBundle } from './notices/i18n';
import { orgBundle } from './org/i18n';
import { orgAdminBundle } from './org-admin/i18n';
import { siteHomeBundle } from './site-home/i18n';
import { weatherBundle } from './weather/i18n';
import { workerHomeBundle } from './worker-home/i18n';
import { workOrdersBundle } from './workorders/i18n';
import { wallBundle } from './wall/i18n';

/** Strings of the area features; small enough to ship with the first load so lazy pages never flash keys. */
export const featureBundles: Record<string, Bundle> = {
  alerts: alertsBundle,
  notices: noticesBundle,
  org: orgBundle,
  orgAdmin: orgAdminBundle,
  centreHome: centreHomeBundle,
  homeKpis: homeKpisBundle,
  checklist: checklistBundle,
  siteHome: siteHomeBundle,
  events: eventsBundle,
  weather: weatherBundle,
  workerHome: workerHomeBundle,
  distribution: distributionBundle,
  analysis: analysisBundle,
  energy: energyBundle,
  microgrid: microgridBundle,
  carbon: carbonBundle,
  energySetup: energySetupBundle,
  members: membersBundle,
  push: pushBundle,
  dictionary: dictionaryBundle,
  alarmRules: alarmRulesBundle,
  controlConfig: controlConfigBundle,
  account: accountBundle,
  gateways: gatewaysBundle,
  auditLog: auditLogBundle,
  experts: expertsBundle,
  ieSets: ieSetsBundle,
  assets: energyAssetsBundle,
  fireSets: fireSetsBundle,
  billing: billingBundle,
  video: videoBundle,
  inspection: inspectionBundle,
  workorders: workOrdersBundle,
  face: faceBundle,
  ledger: ledgerBundle,
  dataEntry: dataEntryBundle,
  monthReport: monthReportBundle,
  auxSet: auxDevicesBundle,
  robot: robotBundle,
  building: buildingBundle,
  wall: wallBundle,
};

import type { PageModule } from '../../shared/pageModule';
import { accountPageModules } from '../../features/account/pageModules';
import { analysisPageModules } from '../../features/analysis/pageModules';
import { distributionPageModules } from '../../features/distribution/pageModules';
import { energySetupPageModules } from '../../features/energy-setup/pageModules';
import { carbonPageModules } from '../../features/carbon/pageModules';
import { microgridPageModules } from '../../features/microgrid/pageModules';
import { energyPageModules } from '../../features/energy/pageModules';
import { orgAdminPageModules } from '../../features/org-admin/pageModules';
import { membersPageModules } from '../../features/members/pageModules';
import { gatewayPageModules } from '../../features/gateways/pageModules';
import { usageLogsPageModules } from '../../features/usage-logs/pageModules';
import { expertPageModules } from '../../features/experts/pageModules';
import { pushPageModules } from '../../features/push/pageModules';
import { ieSetsPageModules } from '../../features/ie-sets/pageModules';
import { energyAssetsPageModules } from '../../features/energy-assets/pageModules';
import { buildingPageModules } from '../../features/building/pageModules';
import { dictionaryPageModules } from '../../features/dictionary/pageModules';
import { alarmRulePageModules } from '../../features/alarm-rules/pageModules';
import { controlConfigPageModules } from '../../features/control-config/pageModules';
import { billingPageModules } from '../../features/billing/pageModules';
import { videoPageModules } from '../../features/video/pageModules';
import { inspectionPageModules } from '../../features/inspection/pageModules';
import { workOrderPageModules } from '../../features/workorders/pageModules';
import { eventPageModules } from '../../features/events/pageModules';
import { facePageModules } from '../../features/face/pageModules';
import { ledgerPageModules } from '../../features/ledger/pageModules';
import { dataEntryPageModules } from '../../features/data-entry/pageModules';
import { monthReportPageModules } from '../../features/month-report/pageModules';
import { auxDevicePageModules } from '../../features/aux-devices/pageModules';
import { fireSetsPageModules } from '../../features/fire-sets/pageModules';
import { robotPageModules } from '../../features/robot/pageModules';
import { wallPageModules } from '../../features/wall/pageModules';

/**
 * Real pages owned by feature folders, keyed by their PageDef key (pages.ts). A feature registers its pages
 * in its own `pageModules.ts`, so adding a page never touches the shell; keys without an entry render the
 * honest empty-state frame.
 */
export const featurePageModules: Record<string, PageModule> = {
  ...distributionPageModules,
  ...analysisPageModules,
  ...eventPageModules,
  ...energyPageModules,
  ...microgridPageModules,
  ...carbonPageModules,
  ...energySetupPageModules,
  ...orgAdminPageModules,
  ...membersPageModules,
  ...accountPageModules,
  ...gatewayPageModules,
  ...usageLogsPageModules,
  ...expertPageModules,
  ...pushPageModules,
  ...ieSetsPageModules,
  ...energyAssetsPageModules,
  ...dictionaryPageModules,
  ...alarmRulePageModules,
  ...controlConfigPageModules,
  ...billingPageModules,
  ...videoPageModules,
  ...inspectionPageModules,
  ...workOrderPageModules,
  ...facePageModules,
  ...ledgerPageModules,
  ...dataEntryPageModules,
  ...monthReportPageModules,
  ...auxDevicePageModules,
  ...fireSetsPageModules,
  ...robotPageModules,
  ...buildingPageModules,
  ...wallPageModules,
};

import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { MeterTreeEditor } from './MeterTreeEditor';
import { SETUP_SITE } from '../../shared/ui/setupPageLooks';
import { SiteGate } from '../../shared/ui/SiteGate';

/** Branch structure: every metering tree of the site (power, water, gas, heat). */
export function BranchSetPage() {
  const { t } = useTranslation();
  return (
    <SiteGate prompt={SETUP_SITE} testId="setup-branch">
      {(id) => (
        <>
          <Alert
            type="info"
            showIcon
            style={{ marginBottom: 12 }}
            title={t('energySetup.pages.branchIntro')}
          />
          <MeterTreeEditor key={id} projectId={id} allTypes />
        </>
      )}
    </SiteGate>
  );
}

/** New-energy structure: PV and wind nodes of the power tree, shown under the buses they feed. */
export function NewEnergyStructSetPage() {
  const { t } = useTranslation();
  return (
    <SiteGate prompt={SETUP_SITE} testId="setup-new-energy">
      {(id) => (
        <>
          <Alert
            type="info"
            showIcon
            style={{ marginBottom: 12 }}
            title={t('energySetup.pages.newEnergyIntro')}
          />
          <MeterTreeEditor key={id} projectId={id} focus={['pv', 'wind']} />
        </>
      )}
    </SiteGate>
  );
}

/** Storage structure: charge and discharge nodes of each PCS (one counter each, EPchg and EPdis). */
export function StorageStructSetPage() {
  const { t } = useTranslation();
  return (
    <SiteGate prompt={SETUP_SITE} testId="setup-storage">
      {(id) => (
        <>
          <Alert
            type="info"
            showIcon
            style={{ marginBottom: 12 }}
            title={t('energySetup.pages.storageIntro')}
          />
          <MeterTreeEditor key={id} projectId={id} focus={['storage_charge', 'storage_discharge']} />
        </>
      )}
    </SiteGate>
  );
}

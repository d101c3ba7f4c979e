import { Tabs } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DiagramTab } from '../diagram/DiagramTab';
import { RealtimeTab } from './RealtimeTab';
import { DISTRIBUTION_SITE } from '../pageStates';
import { SiteGate } from '../../../shared/ui/SiteGate';

/** /ElectricalRoom/DevMonitor: the live point table and the single-line diagram, one tab each. */
export function DevMonitorPage() {
  const { t } = useTranslation();
  const [tab, setTab] = useState('points');
  return (
    <SiteGate prompt={DISTRIBUTION_SITE} testId="dev-monitor">
      {(projectId) => (
        <Tabs
          activeKey={tab}
          onChange={setTab}
          destroyOnHidden
          items={[
            { key: 'points', label: <span data-testid="tab-points">{t('distribution.monitor.tabPoints')}</span>, children: <RealtimeTab projectId={projectId} /> },
            { key: 'diagram', label: <span data-testid="tab-diagram">{t('distribution.monitor.tabDiagram')}</span>, children: <DiagramTab projectId={projectId} /> },
          ]}
        />
      )}
    </SiteGate>
  );
}

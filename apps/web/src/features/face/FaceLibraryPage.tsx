import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { SiteGate } from '../../shared/ui/SiteGate';
import { SETUP_SITE } from '../../shared/ui/setupPageLooks';
import { GroupsTab } from './GroupsTab';
import { PeopleTab } from './PeopleTab';
import { RecordsTab } from './RecordsTab';
import { TerminalsTab } from './TerminalsTab';

function FaceLibrary({ projectId }: { projectId: number }) {
  const { t } = useTranslation();
  return (
    <Tabs
      items={[
        { key: 'people', label: <span data-testid="face-tab-people">{t('face.tabs.people')}</span>, children: <PeopleTab projectId={projectId} /> },
        { key: 'groups', label: <span data-testid="face-tab-groups">{t('face.tabs.groups')}</span>, children: <GroupsTab projectId={projectId} /> },
        { key: 'terminals', label: <span data-testid="face-tab-terminals">{t('face.tabs.terminals')}</span>, children: <TerminalsTab projectId={projectId} /> },
        { key: 'records', label: <span data-testid="face-tab-records">{t('face.tabs.records')}</span>, children: <RecordsTab projectId={projectId} /> },
      ]}
    />
  );
}

/** /FacerecManage: the site's face library (people with face photos, access groups, door terminals, recognition records). */
export function FaceLibraryPage() {
  return <SiteGate prompt={SETUP_SITE} testId="face-library-page">{(id) => <FaceLibrary key={id} projectId={id} />}</SiteGate>;
}

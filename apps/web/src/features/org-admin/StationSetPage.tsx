import { Card, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../shared/ui/QueryState';
import { SiteGate } from '../../shared/ui/SiteGate';
import { useSession } from '../../session/store';
import { useAdminOrgs, useAdminProject, useCanManage } from './api';
import { ADMIN_QUERY, STATION_SITE } from './pageStates';
import { ProjectForm } from './ProjectForm';
import { StationChecklist } from '../checklist/NewSitesPanel';

function StationSet({ projectId }: { projectId: number }) {
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <StationChecklist projectId={projectId} />
      <StationForm projectId={projectId} />
    </Space>
  );
}

function StationForm({ projectId }: { projectId: number }) {
  const { t } = useTranslation();
  const can = useCanManage();
  const project = useAdminProject(projectId);
  const orgs = useAdminOrgs(can.orgs);
  const proList = useSession((s) => s.proList);
  return (
    <Card title={t('orgAdmin.station.title')}>
      <QueryState look={ADMIN_QUERY} loading={project.isLoading} error={project.error} onRetry={() => void project.refetch()}>
        {project.data && (
          <ProjectForm project={project.data} orgs={orgs.data ?? []} orgEditable={can.orgs} canEdit={can.station} others={proList} onSaved={() => undefined} />
        )}
      </QueryState>
    </Card>
  );
}

/** /RunSetup/StationSet: the selected station's own data; a site user edits its station here. */
export function StationSetPage() {
  return (
    <SiteGate prompt={STATION_SITE} testId="station-set">
      {(projectId) => <StationSet projectId={projectId} />}
    </SiteGate>
  );
}

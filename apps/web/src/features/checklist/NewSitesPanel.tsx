import { Alert, Card, Space, Steps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useChecklistOverview, useSiteChecklist } from './api';
import { GoButton, SiteChecklistCard } from './SiteChecklistCard';

/** Sites that are still being set up: no device heard yet (a new station), at most three on the home page. */
const SHOWN = 3;

/**
 * The centre home of an install that is still being set up: with no site, the first steps (organisation,
 * station, gateway); with new sites (no device yet), their checklists. Absent once every site has devices.
 */
export function NewSitesPanel() {
  const { t } = useTranslation();
  const overview = useChecklistOverview();
  if (!overview.data) return null;
  if (overview.data.site_count === 0) {
    const steps = [
      { key: 'org', route: '/CentreUser/CentreOrganManage' },
      { key: 'project', route: '/CentreUser/CentreProjectManage' },
      { key: 'gateway', route: '/RunSetup/DevMonitorSet' },
    ];
    return (
      <Card title={t('checklist.empty.title')} style={{ marginBottom: 16 }} data-testid="first-site-steps">
        <Alert type="info" showIcon title={t('checklist.empty.intro')} style={{ marginBottom: 16 }} />
        <Steps
          direction="vertical"
          current={0}
          items={steps.map((s) => ({
            title: t(`checklist.empty.${s.key}`),
            description: <GoButton route={s.route} testId={`first-site-${s.key}`} />,
          }))}
        />
      </Card>
    );
  }
  const fresh = overview.data.sites.filter((s) => s.steps.some((step) => step.key === 'devices' && (step.total ?? 0) === 0) || s.complete < s.total / 2).slice(0, SHOWN);
  if (fresh.length === 0) return null;
  return (
    <Card title={t('checklist.newSites')} style={{ marginBottom: 16 }} data-testid="new-sites">
      <Space orientation="vertical" size={12} style={{ width: '100%' }}>
        {fresh.map((s) => (
          <SiteChecklistCard key={s.project_id} checklist={s} showName />
        ))}
      </Space>
    </Card>
  );
}

/** The selected station's checklist (station settings page). */
export function StationChecklist({ projectId }: { projectId: number }) {
  const q = useSiteChecklist(projectId);
  return q.data ? <SiteChecklistCard checklist={q.data} /> : null;
}

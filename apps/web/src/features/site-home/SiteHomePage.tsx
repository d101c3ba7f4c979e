import { AlertOutlined } from '@ant-design/icons';
import { round } from '@gridops/format';
import { Button, Card, Col, Descriptions, Empty, Row, Skeleton, Statistic, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSession } from '../../session/store';
import { useFormat } from '../../shared/format/useFormat';
import { EventTable } from '../events/EventTable';
import { useEvents } from '../events/api';
import { eventsPath } from '../notices/handle';
import { projectName, useCurrentProject, useOrgTree } from '../org/api';
import { cityName } from '../org/cityNames';
import { localText } from '../../shared/ui/localName';
import { WeatherCard } from '../weather/WeatherCard';
import { SiteKpiStrip } from '../home-kpis/KpiStrips';

/** Site home: the live KPI strip, the project card, weather, pending count and the latest events of the selected site. */
export function SiteHomePage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const f = useFormat();
  const { isLoading } = useOrgTree();
  const project = useCurrentProject();
  const proID = useSession((s) => s.proID);
  const pending = useSession((s) => (s.noticeScope === 'site' ? s.noticeCount : 0));
  const events = useEvents({ project_id: proID, size: 8 });

  if (!proID) return <Empty description={t('siteHome.noSite')} data-testid="site-home-empty" style={{ marginTop: 64 }}>{t('siteHome.noSiteHint')}</Empty>;
  if (isLoading || !project) return <Skeleton active />;
  return (
    <div data-testid="site-home" data-project={project.id}>
      <SiteKpiStrip projectId={project.id} />
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={10}>
          <Card title={t('siteHome.project')} data-testid="project-card" style={{ height: '100%' }}>
            <Descriptions column={1} size="small">
              <Descriptions.Item label={t('siteHome.name')}>{projectName(project, i18n.language)}</Descriptions.Item>
              <Descriptions.Item label={t('siteHome.address')}>{localText(project.address, project.address_en, i18n.language)}</Descriptions.Item>
              <Descriptions.Item label={t('siteHome.city')}>{cityName(project, i18n.language)}</Descriptions.Item>
              <Descriptions.Item label={t('siteHome.coordinates')}>
                {project.longitude.toFixed(3)}, {project.latitude.toFixed(3)}
              </Descriptions.Item>
              <Descriptions.Item label={t('siteHome.capacity')}>{f.quantity(project.capacity_kva, 'kVA').text}</Descriptions.Item>
              <Descriptions.Item label={t('siteHome.pv')}>{f.quantity(project.pv_capacity_kw, 'kW').text}</Descriptions.Item>
              <Descriptions.Item label={t('siteHome.storage')}>{f.quantity(project.storage_capacity_kwh, 'kWh').text}</Descriptions.Item>
              <Descriptions.Item label={t('siteHome.area')}>{f.number(round(project.area_m2, 1))} m²</Descriptions.Item>
              <Descriptions.Item label={t('siteHome.energyTypes')}>
                {project.energy_types.map((e) => (
                  <Tag key={e}>{t(`centreHome.energy.${e}`)}</Tag>
                ))}
              </Descriptions.Item>
            </Descriptions>
          </Card>
        </Col>
        <Col xs={24} xl={9}>
          <WeatherCard project={project} />
        </Col>
        <Col xs={24} xl={5}>
          <Card style={{ height: '100%' }}>
            <Statistic title={t('siteHome.pending')} value={pending} prefix={<AlertOutlined />} styles={{ content: { color: pending > 0 ? '#faad14' : undefined } }} data-testid="site-pending" />
            <Button style={{ marginTop: 16 }} onClick={() => void navigate(eventsPath())}>
              {t('siteHome.viewEvents')}
            </Button>
          </Card>
        </Col>
        <Col span={24}>
          <Card title={t('events.recent')} data-testid="recent-events">
            <EventTable rows={events.data?.list ?? []} loading={events.isLoading} timeMode="relative" />
          </Card>
        </Col>
      </Row>
    </div>
  );
}

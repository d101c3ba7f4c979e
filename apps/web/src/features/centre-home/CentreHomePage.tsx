import { ApartmentOutlined, EnvironmentOutlined, FundProjectionScreenOutlined } from '@ant-design/icons';
import { noticeApi, type OrgNode, type Project } from '@gridops/contract';
import { useQuery } from '@tanstack/react-query';
import { Badge, Button, Card, Col, Empty, Row, Skeleton, Space, Statistic, Tag, Tree, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/api';
import { selectSite } from '../../session/actions';
import { navigateTo } from '../../session/navigation';
import { useSession } from '../../session/store';
import { useFormat } from '../../shared/format/useFormat';
import type { Formatters } from '../../shared/format/useFormat';
import { useLiveRefresh } from '../../shared/stats/useLiveRefresh';
import { flattenProjects, orgName, projectName, useOrgTree } from '../org/api';
import { cityName } from '../org/cityNames';
import { NewSitesPanel } from '../checklist/NewSitesPanel';
import { CentreKpiStrip } from '../home-kpis/KpiStrips';

const countOrgs = (ns: OrgNode[]): number => ns.reduce((s, n) => s + 1 + countOrgs(n.children), 0);
const sum = (ps: Project[], f: (p: Project) => number) => ps.reduce((s, p) => s + f(p), 0);
/** Statistic takes the number and the unit apart; both come from one scaled value (kVA → MVA above 10000). */
const statValue = (f: Formatters, value: number, unit: string) => {
  const r = f.quantity(value, unit);
  return { value: r.value === null ? '-' : f.number(r.value, r.scaled ? 2 : 0), suffix: r.unit };
};

/**
 * Pending-event counts per site under the user's organisation (the org-scope notice list). Re-read on every
 * live event, as the header's badge is, so the home and the badge never tell different numbers for long.
 */
function useSitePending(orgId: number) {
  const queryKey = ['notice', 'orgList', orgId];
  useLiveRefresh(queryKey, { match: (m) => m.command === 'event', throttleMs: 1000, enabled: orgId > 0 });
  return useQuery({
    queryKey,
    enabled: orgId > 0,
    refetchInterval: 30_000,
    queryFn: () => api(noticeApi.orgList, { org_id: orgId }),
  });
}

type TreeNode = { key: string; title: string; children: TreeNode[] };
const toTree = (ns: OrgNode[], lang: string, t: (k: string, o?: Record<string, unknown>) => string): TreeNode[] =>
  ns.map((n) => ({
    key: `org-${n.id}`,
    title: `${orgName(n, lang)} · ${t('centreHome.stationsCount', { count: flattenProjects([n]).length })}`,
    children: toTree(n.children, lang, t),
  }));

/** Centre index: the organisation at a glance, stations grouped by city with their pending counts. */
export function CentreHomePage() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const f = useFormat();
  const organID = useSession((s) => s.organID);
  const { data: tree, isLoading } = useOrgTree();
  const pending = useSitePending(organID);

  const projects = useMemo(() => flattenProjects(tree ?? []), [tree]);
  const pendingBySite = useMemo(() => new Map((pending.data?.list ?? []).map((n) => [n.id, n.total])), [pending.data]);
  const byCity = useMemo(() => {
    const m = new Map<string, Project[]>();
    for (const p of projects) m.set(p.city, [...(m.get(p.city) ?? []), p]);
    return [...m.entries()].sort((a, b) => b[1].length - a[1].length);
  }, [projects]);

  if (isLoading) return <Skeleton active data-testid="centre-home-loading" />;
  return (
    <div data-testid="centre-home">
      <NewSitesPanel />
      <div style={{ display: 'flex', justifyContent: 'flex-end', marginBottom: 8 }}>
        <Button icon={<FundProjectionScreenOutlined />} data-testid="open-wall" onClick={() => navigateTo('/CentreWall')}>
          {t('wall.open')}
        </Button>
      </div>
      {organID > 0 && <CentreKpiStrip orgId={organID} />}
      <div className="stat-grid">
        <Card>
          <Statistic title={t('centreHome.orgs')} value={countOrgs(tree ?? [])} prefix={<ApartmentOutlined />} />
        </Card>
        <Card>
          <Statistic title={t('centreHome.stations')} value={projects.length} data-testid="stat-stations" />
        </Card>
        <Card>
          <Statistic title={t('centreHome.capacity')} {...statValue(f, sum(projects, (p) => p.capacity_kva), 'kVA')} data-testid="stat-capacity" />
        </Card>
        <Card>
          <Statistic title={t('centreHome.pv')} {...statValue(f, sum(projects, (p) => p.pv_capacity_kw), 'kW')} />
        </Card>
        <Card>
          <Statistic title={t('centreHome.storage')} {...statValue(f, sum(projects, (p) => p.storage_capacity_kwh), 'kWh')} />
        </Card>
        <Card>
          <Statistic title={t('centreHome.pending')} value={pending.data?.total ?? 0} styles={{ content: { color: (pending.data?.total ?? 0) > 0 ? '#faad14' : undefined } }} data-testid="stat-pending" />
        </Card>
      </div>
      <Row gutter={16}>
        <Col xs={24} xl={17}>
          <Card title={t('centreHome.byCity')} data-testid="stations-by-city">
            {projects.length === 0 && <Empty description={t('centreHome.empty')} />}
            <div className="city-grid">
              {byCity.map(([city, ps]) => (
                <div key={city} data-testid="city-group">
                  <Typography.Title level={5} style={{ marginTop: 0 }}>
                    <EnvironmentOutlined /> {cityName(ps[0] ?? { city, city_en: '' }, lang)} <Typography.Text type="secondary">({ps.length})</Typography.Text>
                  </Typography.Title>
                  <Space orientation="vertical" size={10} style={{ width: '100%' }}>
                    {ps.map((p) => {
                      const n = pendingBySite.get(p.id) ?? 0;
                      return (
                        <Card key={p.id} hoverable size="small" className="station-card" onClick={() => selectSite(p.id, p)} data-testid={`station-${p.id}`}>
                          <div className="station-card-head">
                            <Typography.Text strong ellipsis={{ tooltip: projectName(p, lang) }}>{projectName(p, lang)}</Typography.Text>
                            <Badge count={n} overflowCount={99} showZero={false} />
                          </div>
                          {/* Its own line: inline, the energy-type tags ran straight on after "0kWh". */}
                          <Typography.Text type="secondary" style={{ fontSize: 12, display: 'block' }}>
                            {f.quantity(p.capacity_kva, 'kVA').text} · PV {f.quantity(p.pv_capacity_kw, 'kW').text} · {f.quantity(p.storage_capacity_kwh, 'kWh').text}
                          </Typography.Text>
                          <Space size={4} wrap style={{ marginTop: 6 }}>
                            {p.energy_types.map((e) => (
                              <Tag key={e}>{t(`centreHome.energy.${e}`)}</Tag>
                            ))}
                            <Tag color={n > 0 ? 'gold' : 'green'}>{n > 0 ? t('centreHome.pendingN', { count: n }) : t('centreHome.noPending')}</Tag>
                          </Space>
                        </Card>
                      );
                    })}
                  </Space>
                </div>
              ))}
            </div>
          </Card>
        </Col>
        <Col xs={24} xl={7}>
          <Card title={t('centreHome.orgTree')} data-testid="org-tree">
            <Tree treeData={toTree(tree ?? [], lang, t)} defaultExpandAll selectable={false} />
          </Card>
        </Col>
      </Row>
    </div>
  );
}

import { Alert, Col, Row, Table, Tag, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { buildSankeyOption, Chart, useChartLocale } from '../../../shared/charts';
import { unitScaleFor, useFormat } from '../../../shared/format';
import { useLiveRefresh } from '../../../shared/stats';
import { FLOW_REFRESH_MS, useFlow } from '../api';
import { ENERGY_COLOR, flowView, withEdgeLabels } from '../flow';
import type { FlowLinkRow, FlowStateRow } from '../flow';
import { nodeTypeColor } from '../../../shared/theme/nodeTypes';
import { Stack } from '../components/common';
import { ReportSection } from '../../../shared/ui/ReportPage';
import { ENERGY_QUERY, ENERGY_SITE } from '../pageStates';
import { QueryState } from '../../../shared/ui/QueryState';
import { SiteGate } from '../../../shared/ui/SiteGate';

/** What the flow's colours mean: live by type, dead grey (0 kW), unknown amber. */
function FlowLegend() {
  const { t } = useTranslation();
  const item = (colour: string, text: string, dashed = false) => (
    <span style={{ display: 'inline-flex', alignItems: 'center', gap: 6, marginRight: 16 }}>
      <span style={{ width: 14, height: 10, background: dashed ? 'transparent' : colour, border: `2px ${dashed ? 'dashed' : 'solid'} ${colour}`, display: 'inline-block' }} />
      {text}
    </span>
  );
  return (
    <div data-testid="flow-legend" style={{ fontSize: 12, display: 'flex', flexWrap: 'wrap', rowGap: 4, marginBottom: 6 }}>
      {item(nodeTypeColor('grid') ?? '#4fa3ff', t('energy.flow.legendLive'))}
      {item(ENERGY_COLOR.dead, t('energy.flow.legendDead'))}
      {item(ENERGY_COLOR.unknown, t('energy.flow.legendUnknown'), true)}
    </div>
  );
}

/** A dead site: no flow to draw, so every circuit at 0 kW and marked de-energised (not "no data"). */
function DeadSite({ nodes }: { nodes: FlowStateRow[] }) {
  const { t } = useTranslation();
  const f = useFormat();
  return (
    <div data-testid="flow-deenergised" style={{ minHeight: 520 }}>
      <Alert type="error" showIcon title={`${t('energy.flow.allDead')} · ${f.unit(0, 'kW', { precision: 1 }).text}`} description={t('energy.flow.allDeadHint')} />
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8, marginTop: 12 }}>
        {nodes.map((n) => (
          <div key={n.id} data-testid={`flow-node-${n.id}`} data-state={n.state} style={{ border: `1px ${n.state === 'unknown' ? 'dashed' : 'solid'} ${n.state === 'live' ? '#4fa3ff' : ENERGY_COLOR[n.state]}`, borderRadius: 4, padding: '6px 10px', minWidth: 160 }}>
            <div>{n.name}</div>
            <div style={{ fontSize: 12 }}>
              {n.kw === null ? '-' : f.unit(n.kw, 'kW', { precision: 1 }).text}{' '}
              <Tag color={n.state === 'dead' ? 'default' : n.state === 'unknown' ? 'gold' : 'blue'}>{t(`energy.flow.state.${n.state}`)}</Tag>
            </div>
          </div>
        ))}
      </div>
    </div>
  );
}

function EnergyFlow({ projectId }: { projectId: number }) {
  const { t } = useTranslation();
  const f = useFormat();
  const locale = useChartLocale();
  const q = useFlow(projectId);
  // Live messages about this site (alarms, state changes) refresh at once; polling covers the rest.
  useLiveRefresh(['energy', 'flow', projectId], {
    match: (m) => (m.data as { project_id?: unknown } | null)?.project_id === projectId,
  });
  const view = useMemo(() => (q.data ? flowView(q.data, f.lang) : null), [q.data, f.lang]);
  const option = useMemo(() => {
    if (!view) return buildSankeyOption({ nodes: [], links: [] }, locale);
    const scale = unitScaleFor(view.sankey.links.map((l) => l.value), 'kW', { lang: f.lang });
    return withEdgeLabels(buildSankeyOption(view.sankey, locale), scale.unit, (v) => f.number(v, scale.divisor > 1 ? 2 : 1));
  }, [view, locale, f]);
  const d = q.data;
  return (
    <QueryState look={ENERGY_QUERY} loading={q.isLoading} error={q.error} empty={!d} onRetry={() => void q.refetch()}>
      {d && view && (
        <Stack>
          <Row gutter={[12, 12]}>
            <Col xs={24} xl={17}>
              <ReportSection
                title={t('energy.flow.title')}
                testId="flow-chart"
                extra={
                  <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="flow-at">
                    {d.at ? t('energy.flow.at', { time: f.date(d.at, 'HH:mm:ss') }) : '-'} · {t('energy.flow.refresh', { s: FLOW_REFRESH_MS / 1000 })}
                  </Typography.Text>
                }
              >
                <FlowLegend />
                {view.allDead ? <DeadSite nodes={view.nodes} /> : <Chart option={option} height={560} />}
              </ReportSection>
            </Col>
            <Col xs={24} xl={7}>
              <ReportSection title={t('energy.flow.links')}>
                <Stack gap={8}>
                  {d.imbalance_kw > 0 && (
                    <Alert type="warning" showIcon data-testid="flow-imbalance" title={t('energy.flow.imbalance', { value: f.unit(d.imbalance_kw, 'kW').text })} description={t('energy.flow.imbalanceHint')} />
                  )}
                  {/* A dead site lists every circuit in the chart's place already. */}
                  {view.dead.length > 0 && !view.allDead && (
                    <Alert type="error" showIcon data-testid="flow-dead" title={t('energy.flow.dead', { names: view.dead.join(f.lang === 'zh' ? '、' : ', ') })} description={t('energy.flow.deadHint')} />
                  )}
                  {view.unknown.length > 0 && <Alert type="warning" showIcon data-testid="flow-unknown" title={t('energy.flow.unknown', { names: view.unknown.join(f.lang === 'zh' ? '、' : ', ') })} />}
                  {view.stale.length > 0 && (
                    <Alert type="info" showIcon title={t('energy.flow.stale', { s: d.stale_after_s, names: view.stale.join('、') })} />
                  )}
                  <Table<FlowLinkRow>
                    data-testid="flow-links"
                    // A dead site has no flows: say so (0 kW, de-energised), not "no data".
                    locale={view.allDead ? { emptyText: `${t('energy.flow.state.dead')} · ${f.unit(0, 'kW', { precision: 1 }).text}` } : undefined}
                    size="small"
                    rowKey="key"
                    dataSource={view.links}
                    pagination={false}
                    scroll={{ y: 470 }}
                    columns={[
                      { title: t('energy.col.from'), dataIndex: 'source', ellipsis: true },
                      {
                        title: t('energy.col.to'),
                        dataIndex: 'target',
                        ellipsis: true,
                        render: (v: string, r) => (r.loss ? <Tag color="red">{v}</Tag> : v),
                      },
                      { title: t('energy.col.power'), dataIndex: 'kw', align: 'right', width: 100, render: (v: number) => f.unit(v, 'kW', { precision: 1 }).text },
                    ]}
                  />
                </Stack>
              </ReportSection>
            </Col>
          </Row>
        </Stack>
      )}
    </QueryState>
  );
}

/** /EnergyManage (index): live Sankey of sources → loads, kW on every link, losses as their own flow. */
export function EnergyFlowPage() {
  return <SiteGate prompt={ENERGY_SITE} testId="energy-flow">{(id) => <EnergyFlow projectId={id} />}</SiteGate>;
}

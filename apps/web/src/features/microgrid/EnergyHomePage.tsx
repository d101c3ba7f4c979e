import { Alert, Card, Col, Descriptions, Progress, Row, Space, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { energyStatsApi } from '@gridops/contract';
import { api } from '../../api/api';
import { useFormat } from '../../shared/format';
import { StatCard, useLiveRefresh } from '../../shared/stats';
import { balanceView } from './balance';
import { BalanceDiagram } from './BalanceDiagram';
import { SETUP_QUERY, SETUP_SITE } from '../../shared/ui/setupPageLooks';
import { QueryState } from '../../shared/ui/QueryState';
import { SiteGate } from '../../shared/ui/SiteGate';

/** Live power is polled this often; the simulator reports every 2 s, the server drops values older than 300 s. */
export const MICROGRID_REFRESH_MS = 5000;

const MODE_COLOR = {
  charging: 'purple',
  discharging: 'magenta',
  idle: 'default',
  unknown: 'default',
} as const;

function Microgrid({ projectId }: { projectId: number }) {
  const { t } = useTranslation();
  const f = useFormat();
  const key = ['microgrid', 'balance', projectId];
  const q = useQuery({
    queryKey: key,
    refetchInterval: MICROGRID_REFRESH_MS,
    queryFn: () =>
      api(energyStatsApi.microgrid, { project_id: projectId }, { silent: true }),
  });
  // A live message about this site (state change, alarm) refreshes at once; polling covers the rest.
  useLiveRefresh(key, {
    match: (m) => (m.data as { project_id?: unknown } | null)?.project_id === projectId,
  });
  const d = q.data;
  const view = useMemo(() => (d ? balanceView(d) : null), [d]);
  const today = d?.today;

  return (
    <QueryState
      look={SETUP_QUERY}
      loading={q.isPending}
      error={q.error}
      empty={!d}
      onRetry={() => void q.refetch()}
    >
      {d && view && today && (
        <Space
          orientation="vertical"
          size={12}
          style={{ width: '100%' }}
          data-testid="microgrid"
          data-at={d.at ?? ''}
        >
          {d.at === null && (
            <Alert type="warning" showIcon title={t('microgrid.noLive')} data-testid="microgrid-no-live" />
          )}
          <Row gutter={[12, 12]}>
            <Col xs={24} xl={16}>
              <Card
                size="small"
                title={t('microgrid.balance')}
                extra={
                  <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="microgrid-at">
                    {d.at
                      ? t('microgrid.at', { time: f.date(d.at, 'HH:mm:ss'), s: MICROGRID_REFRESH_MS / 1000 })
                      : '-'}
                  </Typography.Text>
                }
              >
                <BalanceDiagram view={view} soc={d.storage.soc_pct} />
                {Math.abs(view.residual) >= 1 && (
                  <Alert
                    type="info"
                    showIcon
                    style={{ marginTop: 8 }}
                    title={t('microgrid.residual', {
                      value: f.unit(view.residual, 'kW', { precision: 1 }).text,
                    })}
                  />
                )}
              </Card>
            </Col>
            <Col xs={24} xl={8}>
              <Space orientation="vertical" size={12} style={{ width: '100%' }}>
                <Card
                  size="small"
                  title={t('microgrid.selfSufficiency')}
                  data-testid="self-sufficiency"
                  data-value={today.self_sufficiency_pct ?? ''}
                >
                  <div style={{ display: 'flex', alignItems: 'center', gap: 16 }}>
                    <Progress
                      type="dashboard"
                      size={110}
                      percent={today.self_sufficiency_pct ?? 0}
                      format={() =>
                        today.self_sufficiency_pct === null
                          ? '-'
                          : `${f.number(today.self_sufficiency_pct, 1)}%`
                      }
                    />
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                      {t('microgrid.selfSufficiencyHint')}
                    </Typography.Text>
                  </div>
                </Card>
                <Card size="small" title={t('microgrid.storage')} data-testid="storage-state">
                  <Descriptions size="small" column={1}>
                    <Descriptions.Item label={t('microgrid.mode')}>
                      <Tag color={MODE_COLOR[d.storage.mode]} data-testid="storage-mode">
                        {t(`microgrid.storageMode.${d.storage.mode}`)}
                      </Tag>
                    </Descriptions.Item>
                    <Descriptions.Item label="SOC">
                      {d.storage.soc_pct === null ? (
                        '-'
                      ) : (
                        <Progress
                          percent={d.storage.soc_pct}
                          size="small"
                          style={{ width: 160, margin: 0 }}
                        />
                      )}
                    </Descriptions.Item>
                    <Descriptions.Item label={t('microgrid.capacity')}>
                      {f.quantity(d.storage.capacity_kwh, 'kWh').text}
                    </Descriptions.Item>
                    <Descriptions.Item label={t('microgrid.strategy')}>
                      <span data-testid="storage-strategy">
                        {f.lang === 'en' ? d.storage.strategy_en : d.storage.strategy}
                      </span>
                    </Descriptions.Item>
                  </Descriptions>
                </Card>
              </Space>
            </Col>
          </Row>
          <Row gutter={[12, 12]}>
            {(
              [
                ['consumption', today.consumption],
                ['grid_import', today.grid_import],
                ['generation', today.generation],
                ['charged', today.charged],
                ['discharged', today.discharged],
                ['ev_charging', today.ev_charging],
              ] as const
            ).map(([k, v]) => (
              <Col key={k} xs={12} md={8} xl={4}>
                <StatCard data-testid={`today-${k}`} title={t(`microgrid.today.${k}`)} value={v} unit="kWh" />
              </Col>
            ))}
          </Row>
        </Space>
      )}
    </QueryState>
  );
}

export function EnergyHomePage() {
  return (
    <SiteGate prompt={SETUP_SITE} testId="microgrid-page">
      {(id) => <Microgrid key={id} projectId={id} />}
    </SiteGate>
  );
}

import { AlertOutlined, ApiOutlined } from '@ant-design/icons';
import type { DistributionOverview } from '@gridops/contract';
import { Badge, Button, Card, Col, Descriptions, Empty, Row, Space, Statistic, Table, Tag, Tooltip } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { buildGaugeOption, Chart, useChartLocale } from '../../../shared/charts';
import { useFormat } from '../../../shared/format/useFormat';
import { useOverview } from '../api';
import { QualityTag, StateTag } from '../components/common';
import { DISTRIBUTION_QUERY, DISTRIBUTION_SITE } from '../pageStates';
import { QueryState } from '../../../shared/ui/QueryState';
import { SiteGate } from '../../../shared/ui/SiteGate';
import { useDictionary } from '../../dictionary/store';

type Transformer = DistributionOverview['transformers'][number];
type Room = DistributionOverview['rooms'][number];

const LEVEL_COLOR: Record<number, string> = { 1: 'blue', 2: 'gold', 3: 'orange', 4: 'red' };

function TransformerCard({ tr }: { tr: Transformer }) {
  const { t } = useTranslation();
  const f = useFormat();
  const locale = useChartLocale();
  const option = useMemo(() => buildGaugeOption({ value: tr.load_rate, name: t('distribution.index.loadRate') }, locale), [tr.load_rate, locale, t]);
  const demand = (d: Transformer['max_demand_today']) =>
    d ? (
      <Tooltip title={t('distribution.index.demandWindow')}>
        <span>
          {f.unit(d.value, 'kW').text} <span style={{ opacity: 0.65 }}>@ {f.date(d.at, 'MM-DD HH:mm')}</span>
        </span>
      </Tooltip>
    ) : (
      '-'
    );
  return (
    <Card
      size="small"
      title={tr.name}
      extra={<QualityTag quality={tr.quality} />}
      data-testid={`transformer-${tr.device_id}`}
      data-load-rate={tr.load_rate ?? ''}
      style={{ height: '100%' }}
    >
      <Row gutter={8} align="middle">
        <Col xs={24} md={10}>
          <Chart option={option} height={220} ariaLabel={t('distribution.index.loadRate')} />
        </Col>
        <Col xs={24} md={14}>
          <Descriptions column={1} size="small">
            <Descriptions.Item label={t('distribution.index.rated')}>{f.quantity(tr.rated_kva, 'kVA').text}</Descriptions.Item>
            <Descriptions.Item label={t('distribution.index.power')}>
              <span data-testid="tr-power">{f.unit(tr.p_kw, 'kW').text}</span>
            </Descriptions.Item>
            <Descriptions.Item label={t('distribution.index.pf')}>{f.number(tr.pf, 3)}</Descriptions.Item>
            <Descriptions.Item label={t('distribution.index.energyToday')}>{f.unit(tr.energy_today_kwh, 'kWh').text}</Descriptions.Item>
            <Descriptions.Item label={t('distribution.index.energyMonth')}>{f.unit(tr.energy_month_kwh, 'kWh').text}</Descriptions.Item>
            <Descriptions.Item label={t('distribution.index.demandToday')}>{demand(tr.max_demand_today)}</Descriptions.Item>
            <Descriptions.Item label={t('distribution.index.demandMonth')}>{demand(tr.max_demand_month)}</Descriptions.Item>
          </Descriptions>
        </Col>
      </Row>
    </Card>
  );
}

function RoomCard({ room }: { room: Room }) {
  const { t } = useTranslation();
  const f = useFormat();
  const env = room.environment;
  return (
    <Card size="small" title={room.name} extra={<Tag>{t(`distribution.roomKind.${room.kind}`, { defaultValue: room.kind })}</Tag>} data-testid={`room-${room.id}`} style={{ height: '100%' }}>
      <div style={{ opacity: 0.65, marginBottom: 8 }}>{t('distribution.index.devices', { count: room.device_count })}</div>
      {env ? (
        // One column: a value with its unit must not wrap inside a quarter-width card ("27.0 / °C").
        <Descriptions column={1} size="small">
          <Descriptions.Item label={t('distribution.env.temp')}>
            <span data-testid="env-temp">{f.unit(env.temp, '°C', { precision: 1 }).text}</span>
          </Descriptions.Item>
          <Descriptions.Item label={t('distribution.env.humidity')}>{f.unit(env.humidity, '%RH', { precision: 1 }).text}</Descriptions.Item>
          <Descriptions.Item label={t('distribution.env.water')}><StateTag pointKey="water" value={env.water} /></Descriptions.Item>
          <Descriptions.Item label={t('distribution.env.smoke')}><StateTag pointKey="smoke" value={env.smoke} /></Descriptions.Item>
          <Descriptions.Item label={t('distribution.env.door')}><StateTag pointKey="door" value={env.door} /></Descriptions.Item>
          <Descriptions.Item label={t('distribution.common.quality')}><QualityTag quality={env.quality} /></Descriptions.Item>
        </Descriptions>
      ) : (
        <span style={{ opacity: 0.65 }}>{t('distribution.index.noEnv')}</span>
      )}
    </Card>
  );
}

function Overview({ projectId }: { projectId: number }) {
  const { t } = useTranslation();
  const dict = useDictionary();
  const f = useFormat();
  const navigate = useNavigate();
  const q = useOverview(projectId);
  const d = q.data;
  return (
    <QueryState look={DISTRIBUTION_QUERY} loading={q.isLoading} error={q.error} onRetry={() => void q.refetch()} rows={8}>
      {d && (
        <Row gutter={[16, 16]} data-generated={d.generated_at}>
          <Col xs={24} xl={6}>
            <Card title={<Space><AlertOutlined />{t('distribution.index.alarms')}</Space>} style={{ height: '100%' }} data-testid="alarm-card">
              <Row gutter={8}>
                <Col span={12}>
                  <Statistic title={t('distribution.index.activeAlarms')} value={d.alarms.active} styles={{ content: { color: d.alarms.active ? '#ff4d4f' : undefined } }} />
                </Col>
                <Col span={12}>
                  <Statistic title={t('distribution.index.pendingAlarms')} value={d.alarms.pending} styles={{ content: { color: d.alarms.pending ? '#faad14' : undefined } }} />
                </Col>
              </Row>
              <Space wrap style={{ marginTop: 12 }}>
                {([1, 2, 3, 4] as const).map((l) => (
                  <Tag key={l} color={d.alarms.by_level[l] ? LEVEL_COLOR[l] : 'default'}>
                    {dict.label('alarmLevel', l)} {d.alarms.by_level[l]}
                  </Tag>
                ))}
              </Space>
              <Button style={{ marginTop: 12 }} onClick={() => void navigate('/ElectricalRoom/EvnManage')}>
                {t('distribution.index.viewEvents')}
              </Button>
            </Card>
          </Col>
          <Col xs={24} xl={18}>
            <Card title={<Space><ApiOutlined />{t('distribution.index.gateways')}</Space>} style={{ height: '100%' }} data-testid="gateway-card">
              <Table
                size="small"
                rowKey="id"
                pagination={false}
                dataSource={d.gateways}
                locale={{ emptyText: t('distribution.index.noGateways') }}
                columns={[
                  { title: t('distribution.index.gateway'), dataIndex: 'name' },
                  { title: t('distribution.index.sn'), dataIndex: 'sn', width: 150 },
                  {
                    title: t('distribution.index.comm'),
                    dataIndex: 'online',
                    width: 110,
                    render: (v: boolean) => <Badge status={v ? 'success' : 'error'} text={t(v ? 'distribution.index.online' : 'distribution.index.offline')} />,
                  },
                  { title: t('distribution.index.lastSeen'), dataIndex: 'last_seen_at', width: 180, render: (v: string | null) => (v ? f.relative(v, d.generated_at) : '-') },
                  { title: t('distribution.index.heartbeat'), dataIndex: 'heartbeat_s', width: 110, render: (v: number) => t('distribution.common.seconds', { n: v }) },
                ]}
              />
            </Card>
          </Col>
          <Col span={24}>
            <Card title={t('distribution.index.transformers')} data-testid="transformers">
              {d.transformers.length === 0 ? (
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('distribution.index.noTransformers')} />
              ) : (
                <Row gutter={[16, 16]}>
                  {d.transformers.map((tr) => (
                    <Col key={tr.device_id} xs={24} xxl={12}>
                      <TransformerCard tr={tr} />
                    </Col>
                  ))}
                </Row>
              )}
            </Card>
          </Col>
          <Col span={24}>
            <Card title={t('distribution.index.rooms')} data-testid="rooms">
              {d.rooms.length === 0 ? (
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('distribution.index.noRooms')} />
              ) : (
                <Row gutter={[16, 16]}>
                  {d.rooms.map((r) => (
                    <Col key={r.id} xs={24} md={12} xl={6}>
                      <RoomCard room={r} />
                    </Col>
                  ))}
                </Row>
              )}
            </Card>
          </Col>
        </Row>
      )}
    </QueryState>
  );
}

/** /ElectricalRoom/index: alarms, gateways, one card per transformer (load gauge, energy, demand, PF), rooms. */
export function ElecIndexPage() {
  return <SiteGate prompt={DISTRIBUTION_SITE} testId="elec-index">{(id) => <Overview projectId={id} />}</SiteGate>;
}

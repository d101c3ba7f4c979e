import { Card, Col, Descriptions, Row, Table, Tag, Typography } from 'antd';
import type { EventItem } from '@gridops/contract';
import { useTranslation } from 'react-i18next';
import { Chart, useChartLocale } from '../../../shared/charts';
import { useFormat } from '../../../shared/format/useFormat';
import { useEventText } from '../../../shared/i18n/eventText';
import { EventTable } from '../../events/EventTable';
import { useDeviceEvents, useRealtime } from '../api';
import { buildLimitBarsOption } from '../charts/limitBars';
import { QualityTag, StateTag } from '../components/common';
import { devicesOfKind, limitLevel, pointOf, valueOf, worstQuality } from '../points';
import type { RtDevice } from '../points';
import { DISTRIBUTION_QUERY, DISTRIBUTION_SITE } from '../pageStates';
import { QueryState } from '../../../shared/ui/QueryState';
import { SiteGate } from '../../../shared/ui/SiteGate';

/**
 * Alarm limits of the electrical-fire detectors: the shipped template rules (residual current 300 mA, cable
 * temperature 70 °C; apps/server/src/seed/demoRules.ts). There is no API to read a site's alarm rules yet, so
 * a site that changed them in RunSetup would still see these lines — said on screen next to the charts.
 */
export const FIRE_LIMITS = { IR: 300, T: 70 } as const;
const PHASES = ['T1', 'T2', 'T3'] as const;

const LEVEL_TAG = { normal: 'green', warning: 'orange', over: 'red', unknown: 'default' } as const;

function LoopCard({ dev }: { dev: RtDevice }) {
  const { t } = useTranslation();
  const f = useFormat();
  const locale = useChartLocale();
  const temps = PHASES.map((k) => valueOf(dev, k));
  // Rebuilt on each render: renders follow the 5 s poll, and building the option costs microseconds.
  const option = buildLimitBarsOption(
    { categories: PHASES.map((k) => t(`distribution.fire.phase.${k}`)), values: temps, unit: '°C', limit: FIRE_LIMITS.T, limitName: t('distribution.fire.limit') },
    locale,
  );
  const ir = pointOf(dev, 'IR');
  const irLevel = limitLevel(ir?.value ?? null, FIRE_LIMITS.IR);
  return (
    <Card size="small" title={dev.name} extra={<QualityTag quality={worstQuality(dev.points.map((p) => p.quality))} />} data-testid={`fire-loop-${dev.id}`} style={{ height: '100%' }}>
      <Descriptions size="small" column={2}>
        <Descriptions.Item label={t('distribution.fire.residual')}>
          <span data-testid="fire-ir" data-value={ir?.value ?? ''}>
            {f.unit(ir?.value ?? null, 'mA', { precision: 0 }).text}
          </span>{' '}
          <Tag color={LEVEL_TAG[irLevel]}>{t(`distribution.fire.level.${irLevel}`)}</Tag>
        </Descriptions.Item>
        <Descriptions.Item label={t('distribution.fire.arc')}>
          <StateTag pointKey="arc" value={valueOf(dev, 'arc')} />
        </Descriptions.Item>
      </Descriptions>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t('distribution.fire.cableTemps')}
      </Typography.Text>
      <Chart option={option} height={200} ariaLabel={t('distribution.fire.cableTemps')} />
    </Card>
  );
}

function Fire({ projectId }: { projectId: number }) {
  const { t } = useTranslation();
  const f = useFormat();
  const text = useEventText();
  const locale = useChartLocale();
  const rt = useRealtime(projectId);
  const loops = devicesOfKind(rt.data, ['fire_sensor']).map((d) => d.device);
  const events = useDeviceEvents(projectId, loops.map((d) => d.id), 50);
  const arcPointIds = new Set(loops.flatMap((d) => d.points.filter((p) => p.key === 'arc').map((p) => p.id)));
  const arcEvents = (events.data ?? []).filter((e: EventItem) => e.point_id !== null && arcPointIds.has(e.point_id));

  const irOption = buildLimitBarsOption(
    { categories: loops.map((d) => d.name), values: loops.map((d) => valueOf(d, 'IR')), unit: 'mA', limit: FIRE_LIMITS.IR, limitName: t('distribution.fire.limit'), precision: 0 },
    locale,
  );

  return (
    <QueryState look={DISTRIBUTION_QUERY} loading={rt.isLoading} error={rt.error && !rt.data ? rt.error : null} onRetry={() => void rt.refetch()} empty={loops.length === 0} emptyText={t('distribution.fire.none')}>
      <Row gutter={[16, 16]}>
        <Col span={24}>
          <Card size="small" title={t('distribution.fire.residualAll')} extra={<Typography.Text type="secondary" style={{ fontSize: 12 }}>{t('distribution.fire.limitsNote', { ir: FIRE_LIMITS.IR, t: FIRE_LIMITS.T })}</Typography.Text>}>
            <Chart option={irOption} height={220} ariaLabel={t('distribution.fire.residualAll')} />
          </Card>
        </Col>
        {loops.map((d) => (
          <Col key={d.id} xs={24} xl={12}>
            <LoopCard dev={d} />
          </Col>
        ))}
        <Col xs={24} xl={14}>
          <Card size="small" title={t('distribution.fire.history')} data-testid="fire-history">
            <EventTable rows={events.data ?? []} loading={events.isLoading} pagination={{ pageSize: 10, hideOnSinglePage: true }} />
          </Card>
        </Col>
        <Col xs={24} xl={10}>
          <Card size="small" title={t('distribution.fire.arcEvents')} data-testid="fire-arc">
            <Table<EventItem>
              size="small"
              rowKey="id"
              dataSource={arcEvents}
              loading={events.isLoading}
              pagination={false}
              locale={{ emptyText: t('distribution.fire.noArc') }}
              columns={[
                { title: t('events.time'), dataIndex: 'raised_at', width: 170, render: (v: string) => f.date(v) },
                { title: t('events.device'), dataIndex: 'device_name', render: (_: string, r: EventItem) => text.device(r) },
                { title: t('events.status'), dataIndex: 'status', width: 100, render: (v: string) => t(`events.statuses.${v}`) },
              ]}
            />
          </Card>
        </Col>
      </Row>
    </QueryState>
  );
}

/** /ElectricalRoom/ElectricFire: residual current and cable temperatures per loop against the limits, alarms, arcs. */
export function ElectricFirePage() {
  return <SiteGate prompt={DISTRIBUTION_SITE} testId="electric-fire">{(id) => <Fire projectId={id} />}</SiteGate>;
}

import { Card, Col, Descriptions, Row, Table, Tag, Typography } from 'antd';
import { FIRE_TEMP_KEYS, type EventItem, type FireLimitsView } from '@gridops/contract';
import { useTranslation } from 'react-i18next';
import { Chart, useChartLocale } from '../../../shared/charts';
import { useFormat } from '../../../shared/format/useFormat';
import { useEventText } from '../../../shared/i18n/eventText';
import { EventTable } from '../../events/EventTable';
import { useFireLimits } from '../../fire-sets/api';
import { localName } from '../../../shared/ui/localName';
import { useDeviceEvents, useRealtime } from '../api';
import { buildLimitBarsOption } from '../charts/limitBars';
import { QualityTag, StateTag } from '../components/common';
import { devicesOfKind, limitLevel, pointOf, valueOf, worstQuality } from '../points';
import type { RtDevice } from '../points';
import { DISTRIBUTION_QUERY, DISTRIBUTION_SITE } from '../pageStates';
import { QueryState } from '../../../shared/ui/QueryState';
import { SiteGate } from '../../../shared/ui/SiteGate';

type DetectorLimits = FireLimitsView['detectors'][number];
const PHASES = FIRE_TEMP_KEYS;
const LEVEL_TAG = { normal: 'green', warning: 'orange', over: 'red', unknown: 'default' } as const;

/** Normal, near (at or over the pre-alarm, else 80 %), over the alarm value, or unknown. */
function levelOf(
  value: number | null,
  limit: { alarm: number | null; pre_alarm: number | null } | undefined,
) {
  if (!limit || limit.alarm === null) return 'unknown' as const;
  const base = limitLevel(value, limit.alarm);
  return base === 'normal' && value !== null && limit.pre_alarm !== null && value >= limit.pre_alarm
    ? ('warning' as const)
    : base;
}

/**
 * One detector: its loop (name, state), residual current against the loop's alarm value, cable temperatures
 * per phase against theirs. The limits are those the alarm engine applies (GET /fire-limits), never constants.
 */
function LoopCard({ dev, limits }: { dev: RtDevice; limits: DetectorLimits | undefined }) {
  const { t, i18n } = useTranslation();
  const f = useFormat();
  const locale = useChartLocale();
  const lang = i18n.language;
  const temps = PHASES.map((k) => valueOf(dev, k));
  const option = buildLimitBarsOption(
    {
      categories: PHASES.map((k) => t(`distribution.fire.phase.${k}`)),
      values: temps,
      unit: '°C',
      limit: PHASES.map((k) => limits?.limits[k]?.alarm ?? null),
      limitName: t('distribution.fire.alarmLimit'),
      preAlarm: PHASES.map((k) => limits?.limits[k]?.pre_alarm ?? null),
      preAlarmName: t('distribution.fire.preAlarm'),
    },
    locale,
  );
  const ir = pointOf(dev, 'IR');
  const irLimit = limits?.limits.IR;
  const irLevel = levelOf(ir?.value ?? null, irLimit);
  const loop = limits?.loop ?? null;
  return (
    <Card
      size="small"
      title={loop ? `${localName(loop, lang)} · ${dev.name}` : dev.name}
      extra={<QualityTag quality={worstQuality(dev.points.map((p) => p.quality))} />}
      data-testid={`fire-loop-${dev.id}`}
      style={{ height: '100%' }}
    >
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
        <Descriptions.Item label={t('distribution.fire.limit')} span={2}>
          <span data-testid="fire-ir-limit" data-value={irLimit?.alarm ?? ''}>
            {!loop ? (
              <Tag>{t('distribution.fire.noLoop')}</Tag>
            ) : !loop.enabled ? (
              <Tag>{t('distribution.fire.loopOff')}</Tag>
            ) : null}
            {t('distribution.fire.loopLimits', {
              ir: f.number(irLimit?.alarm ?? null, 0),
              pre:
                irLimit?.pre_alarm === null || irLimit?.pre_alarm === undefined
                  ? '—'
                  : f.number(irLimit.pre_alarm, 0),
            })}
          </span>
        </Descriptions.Item>
      </Descriptions>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t('distribution.fire.cableTemps')}
      </Typography.Text>
      <Chart option={option} height={200} ariaLabel={t('distribution.fire.cableTemps')} />
    </Card>
  );
}

/** Arc-fault detectors: the arc half-cycles counted per second against each threshold in force. */
function ArcCard({ devices, view }: { devices: RtDevice[]; view: FireLimitsView | undefined }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const rows = devices.map((d) => ({ dev: d, set: view?.arc.find((a) => a.device_id === d.id) }));
  return (
    <Card size="small" title={t('distribution.fire.arcDetectors')} data-testid="fire-arc-detectors">
      <Table
        size="small"
        rowKey={(r) => r.dev.id}
        dataSource={rows}
        pagination={false}
        locale={{ emptyText: t('distribution.fire.noArcDetectors') }}
        columns={[
          {
            title: t('events.device'),
            key: 'name',
            render: (_, r) => (r.set ? localName(r.set, lang) : r.dev.name),
          },
          {
            title: t('distribution.fire.arcCount'),
            key: 'count',
            align: 'right',
            render: (_, r) => valueOf(r.dev, 'arc_count') ?? '—',
          },
          {
            title: t('distribution.fire.arcThreshold'),
            key: 'threshold',
            align: 'right',
            render: (_, r) => r.set?.threshold ?? '—',
          },
          {
            title: t('distribution.fire.arc'),
            key: 'arc',
            render: (_, r) => <StateTag pointKey="arc" value={valueOf(r.dev, 'arc')} />,
          },
        ]}
      />
    </Card>
  );
}

function Fire({ projectId }: { projectId: number }) {
  const { t } = useTranslation();
  const f = useFormat();
  const text = useEventText();
  const locale = useChartLocale();
  const rt = useRealtime(projectId);
  const limits = useFireLimits(projectId);
  const limitsOf = (id: number) => limits.data?.detectors.find((d) => d.device_id === id);
  const loops = devicesOfKind(rt.data, ['fire_sensor']).map((d) => d.device);
  const arcDevices = devicesOfKind(rt.data, ['arc_detector']).map((d) => d.device);
  const events = useDeviceEvents(
    projectId,
    [...loops, ...arcDevices].map((d) => d.id),
    50,
  );
  const arcPointIds = new Set(
    [...loops, ...arcDevices].flatMap((d) => d.points.filter((p) => p.key === 'arc').map((p) => p.id)),
  );
  const arcEvents = (events.data ?? []).filter(
    (e: EventItem) => e.point_id !== null && arcPointIds.has(e.point_id),
  );

  const irOption = buildLimitBarsOption(
    {
      categories: loops.map((d) => d.name),
      values: loops.map((d) => valueOf(d, 'IR')),
      unit: 'mA',
      limit: loops.map((d) => limitsOf(d.id)?.limits.IR?.alarm ?? null),
      limitName: t('distribution.fire.alarmLimit'),
      preAlarm: loops.map((d) => limitsOf(d.id)?.limits.IR?.pre_alarm ?? null),
      preAlarmName: t('distribution.fire.preAlarm'),
      precision: 0,
    },
    locale,
  );

  return (
    <QueryState
      look={DISTRIBUTION_QUERY}
      loading={rt.isLoading}
      error={rt.error && !rt.data ? rt.error : null}
      onRetry={() => void rt.refetch()}
      empty={loops.length === 0}
      emptyText={t('distribution.fire.none')}
    >
      <Row gutter={[16, 16]}>
        <Col span={24}>
          <Card
            size="small"
            title={t('distribution.fire.residualAll')}
            extra={
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {t('distribution.fire.limitsNote')}
              </Typography.Text>
            }
          >
            <Chart option={irOption} height={220} ariaLabel={t('distribution.fire.residualAll')} />
          </Card>
        </Col>
        {loops.map((d) => (
          <Col key={d.id} xs={24} xl={12}>
            <LoopCard dev={d} limits={limitsOf(d.id)} />
          </Col>
        ))}
        {arcDevices.length > 0 && (
          <Col span={24}>
            <ArcCard devices={arcDevices} view={limits.data} />
          </Col>
        )}
        <Col xs={24} xl={14}>
          <Card size="small" title={t('distribution.fire.history')} data-testid="fire-history">
            <EventTable
              rows={events.data ?? []}
              loading={events.isLoading}
              pagination={{ pageSize: 10, hideOnSinglePage: true }}
            />
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
                {
                  title: t('events.time'),
                  dataIndex: 'raised_at',
                  width: 170,
                  render: (v: string) => f.date(v),
                },
                {
                  title: t('events.device'),
                  dataIndex: 'device_name',
                  render: (_: string, r: EventItem) => text.device(r),
                },
                {
                  title: t('events.status'),
                  dataIndex: 'status',
                  width: 100,
                  render: (v: string) => t(`events.statuses.${v}`),
                },
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
  return (
    <SiteGate prompt={DISTRIBUTION_SITE} testId="electric-fire">
      {(id) => <Fire projectId={id} />}
    </SiteGate>
  );
}

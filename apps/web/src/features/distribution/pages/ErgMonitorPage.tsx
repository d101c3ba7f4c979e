import { runtimeZone, siteDayStart } from '@gridops/format';
import { Card, Col, Descriptions, Empty, Row, Statistic, Tag } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { buildTimeSeriesOption, Chart, useChartLocale } from '../../../shared/charts';
import { useFormat } from '../../../shared/format/useFormat';
import { EventTable } from '../../events/EventTable';
import { useDeviceEvents, useRealtime, useStorageOverview } from '../api';
import { buildSocGaugeOption } from '../charts/socGauge';
import { QualityTag } from '../components/common';
import { devicesOfKind, pointOf, valueOf, worstQuality } from '../points';
import type { RtDevice } from '../points';
import { DISTRIBUTION_QUERY, DISTRIBUTION_SITE } from '../pageStates';
import { QueryState } from '../../../shared/ui/QueryState';
import { SiteGate } from '../../../shared/ui/SiteGate';

/** PCS power is discharge-positive (contract); a few hundred watts either way is standby, not operation. */
export function storageMode(p: number | null, running: number | null): 'charging' | 'discharging' | 'idle' | 'unknown' {
  if (p === null) return 'unknown';
  if (running === 0 || Math.abs(p) < 0.5) return 'idle';
  return p > 0 ? 'discharging' : 'charging';
}

const MODE_COLOR = { charging: 'blue', discharging: 'orange', idle: 'default', unknown: 'default' } as const;

function Kpi({ title, value, testId }: { title: string; value: string; testId?: string }) {
  return (
    <Card size="small" style={{ height: '100%' }}>
      <Statistic title={title} value={value} data-testid={testId} />
    </Card>
  );
}

function StorageUnit({ pcs, bms }: { pcs: RtDevice | undefined; bms: RtDevice | undefined }) {
  const { t } = useTranslation();
  const f = useFormat();
  const soc = valueOf(bms, 'SOC');
  const option = useMemo(() => buildSocGaugeOption(soc, 'SOC'), [soc]);
  const p = valueOf(pcs, 'P');
  const mode = storageMode(p, valueOf(pcs, 'status'));
  const q = worstQuality([...(pcs?.points ?? []), ...(bms?.points ?? [])].map((x) => x.quality));
  const v = (d: RtDevice | undefined, key: string) => {
    const pt = pointOf(d, key);
    return pt ? f.unit(pt.value, pt.unit, { precision: pt.precision }).text : '-';
  };
  return (
    <Card
      title={pcs?.name ?? bms?.name}
      extra={
        <>
          <Tag color={MODE_COLOR[mode]} data-testid="storage-mode" data-mode={mode}>
            {t(`distribution.storage.mode.${mode}`)}
          </Tag>
          <QualityTag quality={q} />
        </>
      }
      data-testid={`storage-${pcs?.id ?? bms?.id}`}
    >
      <Row gutter={16} align="middle">
        <Col xs={24} md={8}>
          <Chart option={option} height={220} ariaLabel="SOC" />
        </Col>
        <Col xs={24} md={16}>
          <Descriptions column={{ xs: 1, md: 2 }} size="small" bordered>
            <Descriptions.Item label={t('distribution.storage.power')}>
              <span data-testid="storage-power" data-value={p ?? ''}>
                {f.unit(p === null ? null : Math.abs(p), 'kW').text}
              </span>
            </Descriptions.Item>
            <Descriptions.Item label="SOC">
              <span data-testid="storage-soc" data-value={soc ?? ''}>{v(bms, 'SOC')}</span>
            </Descriptions.Item>
            <Descriptions.Item label="SOH">{v(bms, 'SOH')}</Descriptions.Item>
            <Descriptions.Item label={t('distribution.storage.status')}>{t(`distribution.state.status.${valueOf(pcs, 'status') === 1 ? 1 : 0}`)}</Descriptions.Item>
            <Descriptions.Item label={t('distribution.storage.cellVmax')}>{v(bms, 'cell_vmax')}</Descriptions.Item>
            <Descriptions.Item label={t('distribution.storage.cellVmin')}>{v(bms, 'cell_vmin')}</Descriptions.Item>
            <Descriptions.Item label={t('distribution.storage.cellTmax')}>{v(bms, 'cell_tmax')}</Descriptions.Item>
            <Descriptions.Item label={t('distribution.storage.cellTmin')}>{v(bms, 'cell_tmin')}</Descriptions.Item>
            <Descriptions.Item label={t('distribution.storage.vSpread')}>
              {(() => {
                const hi = valueOf(bms, 'cell_vmax');
                const lo = valueOf(bms, 'cell_vmin');
                return hi === null || lo === null ? '-' : `${f.number((hi - lo) * 1000, 0)} mV`;
              })()}
            </Descriptions.Item>
            <Descriptions.Item label={t('distribution.storage.tSpread')}>
              {(() => {
                const hi = valueOf(bms, 'cell_tmax');
                const lo = valueOf(bms, 'cell_tmin');
                return hi === null || lo === null ? '-' : f.unit(hi - lo, '°C', { precision: 1 }).text;
              })()}
            </Descriptions.Item>
          </Descriptions>
        </Col>
      </Row>
    </Card>
  );
}

function Storage({ projectId }: { projectId: number }) {
  const { t } = useTranslation();
  const f = useFormat();
  const locale = useChartLocale();
  const rt = useRealtime(projectId);
  const ov = useStorageOverview(projectId);
  const pcsList = devicesOfKind(rt.data, ['pcs']).map((d) => d.device);
  const bmsList = devicesOfKind(rt.data, ['bms']).map((d) => d.device);
  // A BMS belongs to the PCS it reports to (parent_id); one without a PCS is shown on its own.
  const units = [
    ...pcsList.map((pcs) => ({ pcs, bms: bmsList.find((b) => b.parent_id === pcs.id) })),
    ...bmsList.filter((b) => !pcsList.some((p) => p.id === b.parent_id)).map((bms) => ({ pcs: undefined, bms })),
  ];
  const ids = [...pcsList, ...bmsList].map((d) => d.id);
  const events = useDeviceEvents(projectId, ids, 20);
  const o = ov.data;

  const hourly = useMemo(() => {
    if (!o) return null;
    const day = siteDayStart(o.date, locale.tz ?? runtimeZone()).getTime();
    const pts = (vals: number[]) => vals.map((v, h) => [day + h * 3_600_000, v] as const);
    return buildTimeSeriesOption(
      {
        series: [
          { name: t('distribution.storage.charged'), unit: 'kWh', kind: 'bar', points: pts(o.today_hourly.charged) },
          { name: t('distribution.storage.discharged'), unit: 'kWh', kind: 'bar', points: pts(o.today_hourly.discharged) },
        ],
        granularity: 'hour',
        dataZoom: false,
      },
      locale,
    );
  }, [o, locale, t]);

  return (
    <QueryState look={DISTRIBUTION_QUERY} loading={rt.isLoading} error={rt.error && !rt.data ? rt.error : null} onRetry={() => void rt.refetch()} empty={units.length === 0} emptyText={t('distribution.storage.none')}>
      <Row gutter={[16, 16]}>
        {units.map((u) => (
          <Col span={24} key={u.pcs?.id ?? u.bms?.id}>
            <StorageUnit pcs={u.pcs} bms={u.bms} />
          </Col>
        ))}
        <Col xs={12} xl={4}>
          <Kpi title={t('distribution.storage.chargedToday')} value={o ? f.unit(o.charged.today, 'kWh').text : '-'} testId="charged-today" />
        </Col>
        <Col xs={12} xl={4}>
          <Kpi title={t('distribution.storage.dischargedToday')} value={o ? f.unit(o.discharged.today, 'kWh').text : '-'} testId="discharged-today" />
        </Col>
        <Col xs={12} xl={4}>
          <Kpi title={t('distribution.storage.chargedMonth')} value={o ? f.unit(o.charged.month, 'kWh').text : '-'} />
        </Col>
        <Col xs={12} xl={4}>
          <Kpi title={t('distribution.storage.dischargedMonth')} value={o ? f.unit(o.discharged.month, 'kWh').text : '-'} />
        </Col>
        <Col xs={12} xl={4}>
          <Kpi title={t('distribution.storage.efficiencyMonth')} value={o?.efficiency_pct.month != null ? `${f.number(o.efficiency_pct.month, 1)}%` : '-'} testId="efficiency" />
        </Col>
        <Col xs={12} xl={4}>
          <Kpi title={t('distribution.storage.cyclesMonth')} value={o ? f.number(o.cycles.month, 1) : '-'} />
        </Col>
        <Col span={24}>
          <Card size="small" title={t('distribution.storage.hourly')}>
            {ov.error ? <Empty description={t('distribution.storage.noStats')} /> : <Chart option={hourly ?? { series: [] }} height={260} loading={ov.isLoading} />}
          </Card>
        </Col>
        <Col span={24}>
          <Card size="small" title={t('distribution.storage.alarms')} data-testid="storage-alarms">
            <EventTable rows={events.data ?? []} loading={events.isLoading} timeMode="relative" />
          </Card>
        </Col>
      </Row>
    </QueryState>
  );
}

/** /ElectricalRoom/ErgMonitor: each PCS with its BMS (SOC dial, power, cells), energy in and out, alarms. */
export function ErgMonitorPage() {
  return <SiteGate prompt={DISTRIBUTION_SITE} testId="erg-monitor">{(id) => <Storage projectId={id} />}</SiteGate>;
}

import { floorConditioned, type BuildingLive, type LiveEquipment } from '@gridops/contract';
import { Alert, Card, Col, Empty, Row, Segmented, Select, Space, Statistic, Table, Tag, Tooltip } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Chart, useChartLocale } from '../../shared/charts';
import { useFormat } from '../../shared/format';
import { QueryState } from '../../shared/ui/QueryState';
import { SiteGate } from '../../shared/ui/SiteGate';
import { localName } from '../../shared/ui/localName';
import { useControlLog } from '../distribution/api';
import { ControlDialog } from '../distribution/control/ControlDialog';
import { ControlLogTable } from '../distribution/control/ControlLogTable';
import { useControlFlow } from '../distribution/control/useControlFlow';
import { SETUP_QUERY, SETUP_SITE } from '../../shared/ui/setupPageLooks';
import { useBuildingLive, useSettleBuilding } from './api';
import { BAND_COLOUR, comfortBand, systemEnergyOption, type ComfortMetric } from './charts';
import { EquipmentTable } from './EquipmentTable';

const PLANT_KINDS = ['chiller', 'hvac_pump'];

/** One comfort reading coloured by its band. */
function ComfortTag({ metric, value, unit, precision, conditioned }: { metric: ComfortMetric; value: number | null; unit: string; precision: number; conditioned: boolean }) {
  const { t } = useTranslation();
  const f = useFormat();
  const band = comfortBand(metric, value, conditioned);
  return (
    <Tooltip title={band ? `${t(`building.page.band.${band}`)}${conditioned ? '' : ` · ${t('building.page.setback')}`}` : undefined}>
      <Tag color={band ? BAND_COLOUR[band] : 'default'} data-testid={`comfort-${metric}`} data-band={band ?? ''} data-conditioned={conditioned ? '1' : '0'}>
        {t(`building.page.${metric}`)} {f.unit(value, unit, { precision }).text}
      </Tag>
    </Tooltip>
  );
}

/** The floors, top to bottom: comfort where a sensor exists and the state of each floor's units. */
function FloorGrid({ live, buildingId }: { live: BuildingLive; buildingId: number }) {
  const { t, i18n } = useTranslation();
  const b = live.buildings.find((x) => x.id === buildingId)!;
  const floors = [...b.floors].reverse();
  return (
    <Row gutter={[8, 8]} data-testid="floor-grid">
      {floors.map((fl) => {
        const c = live.comfort.find((x) => x.building_id === buildingId && x.floor === fl.code);
        const units = live.equipment.filter((e) => e.building_id === buildingId && e.floor === fl.code);
        const conditioned = floorConditioned(live.equipment.filter((e) => e.building_id === buildingId), fl.code);
        return (
          <Col key={fl.code} xs={24} md={12} xl={8}>
            <Card size="small" title={`${fl.code} · ${localName(fl, i18n.language)}`} data-testid={`floor-${fl.code}`}>
              <Space wrap size={4} style={{ marginBottom: 6 }}>
                {c && c.temp !== null ? (
                  <>
                    <ComfortTag conditioned={conditioned} metric="temp" value={c.temp} unit="°C" precision={1} />
                    <ComfortTag conditioned={conditioned} metric="humidity" value={c.humidity} unit="%" precision={0} />
                    <ComfortTag conditioned={conditioned} metric="co2" value={c.co2} unit="ppm" precision={0} />
                  </>
                ) : (
                  <Tag>{t('building.page.noSensor')}</Tag>
                )}
              </Space>
              <div>
                {units.map((u) => (
                  <Tag key={u.id} color={u.values.fault === 1 ? 'red' : (u.values.run ?? 0) >= 0.5 ? 'blue' : 'default'}>
                    {localName(u, i18n.language)}
                  </Tag>
                ))}
              </div>
            </Card>
          </Col>
        );
      })}
    </Row>
  );
}

/** Energy by use category below the building's incoming meter, today or this month. */
function EnergyCard({ live, buildingId }: { live: BuildingLive; buildingId: number }) {
  const { t, i18n } = useTranslation();
  const f = useFormat();
  const locale = useChartLocale();
  const [period, setPeriod] = useState<'today' | 'month'>('month');
  const e = live.energy.find((x) => x.building_id === buildingId);
  const option = useMemo(() => systemEnergyOption(e?.systems ?? [], period, locale), [e, period, locale]);
  return (
    <Card
      size="small"
      title={t('building.page.energy')}
      extra={<Segmented size="small" value={period} onChange={(v) => setPeriod(v as 'today' | 'month')} options={[{ value: 'today', label: t('building.page.today') }, { value: 'month', label: t('building.page.month') }]} />}
      data-testid="building-energy"
    >
      <Row gutter={12}>
        <Col xs={24} md={12}>
          <Chart option={option} height={240} ariaLabel={t('building.page.energy')} />
        </Col>
        <Col xs={24} md={12}>
          <Table
            size="small"
            rowKey="key"
            pagination={false}
            dataSource={e?.systems ?? []}
            columns={[
              { title: '', key: 'n', render: (_, s) => localName(s, i18n.language) },
              { title: t('building.page.today'), key: 't', align: 'right', render: (_, s) => f.unit(s.today, 'kWh', { precision: 1 }).text },
              { title: t('building.page.month'), key: 'm', align: 'right', render: (_, s) => f.unit(s.month, 'kWh', { precision: 1 }).text },
            ]}
            summary={() => (
              <Table.Summary.Row>
                <Table.Summary.Cell index={0}>{t('building.page.total')}</Table.Summary.Cell>
                <Table.Summary.Cell index={1} align="right">
                  <span data-testid="energy-total-today">{f.unit(e?.total_today ?? null, 'kWh', { precision: 1 }).text}</span>
                </Table.Summary.Cell>
                <Table.Summary.Cell index={2} align="right">
                  <span data-testid="energy-total-month">{f.unit(e?.total_month ?? null, 'kWh', { precision: 1 }).text}</span>
                </Table.Summary.Cell>
              </Table.Summary.Row>
            )}
          />
        </Col>
      </Row>
    </Card>
  );
}

function BuildingView({ projectId }: { projectId: number }) {
  const { t, i18n } = useTranslation();
  const f = useFormat();
  const q = useBuildingLive(projectId);
  const settle = useSettleBuilding();
  const flow = useControlFlow(['controlLog']);
  const log = useControlLog({ projectId, page: 1, size: 8 }, { refetchInterval: 5_000 });
  const [picked, setPicked] = useState<number | null>(null);
  const live = q.data;
  const buildingId = picked ?? live?.buildings[0]?.id ?? null;
  const step = flow.state.step;
  useEffect(() => {
    if (step === 'done' || step === 'idle') void settle();
  }, [step, settle]);
  const mine = (pred: (e: LiveEquipment) => boolean) => (live?.equipment ?? []).filter((e) => e.building_id === buildingId && pred(e));
  const plant = live?.plant.find((p) => p.building_id === buildingId);
  const busy = step !== 'idle';
  const canControl = live?.can_control ?? false;
  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }} data-testid="building-page">
      <QueryState look={SETUP_QUERY} loading={q.isPending} error={q.error} onRetry={() => void q.refetch()}>
        {live && live.buildings.length === 0 ? (
          <Empty description={t('building.page.noBuilding')} data-testid="building-empty">
            <Link to="/RunSetup/BuildGroupSet">{t('building.page.setup')}</Link>
          </Empty>
        ) : live && buildingId !== null ? (
          <>
            <Space wrap>
              <span>{t('building.page.select')}</span>
              <Select style={{ minWidth: 200 }} value={buildingId} onChange={setPicked} options={live.buildings.map((b) => ({ value: b.id, label: localName(b, i18n.language) }))} data-testid="building-select" />
              {!canControl && <Alert type="info" showIcon title={t('building.page.readOnly')} />}
            </Space>
            <Card size="small" title={t('building.page.plant')} extra={<span style={{ opacity: 0.7, fontSize: 12 }}>{t('building.page.sbo')}</span>} data-testid="building-plant">
              <Row gutter={16} style={{ marginBottom: 8 }}>
                <Col xs={12} md={6}>
                  <Tooltip title={t('building.page.copHint')}>
                    <Statistic title={t('building.page.cop')} value={plant?.cop ?? '-'} precision={plant?.cop === null ? undefined : 2} data-testid="plant-cop" />
                  </Tooltip>
                </Col>
                <Col xs={12} md={6}>
                  <Statistic title={t('building.page.cooling')} value={f.unit(plant?.cooling_kw ?? null, 'kW', { precision: 0 }).text} />
                </Col>
                <Col xs={12} md={6}>
                  <Statistic title={t('building.page.electric')} value={f.unit(plant?.electric_kw ?? null, 'kW', { precision: 1 }).text} />
                </Col>
                <Col xs={12} md={6}>
                  <Statistic title={t('building.page.outdoor')} value={f.unit(plant?.outdoor_temp ?? null, '°C', { precision: 1 }).text} />
                </Col>
              </Row>
              <EquipmentTable testId="plant-table" rows={mine((e) => PLANT_KINDS.includes(e.device_kind ?? ''))} canControl={canControl} busy={busy} onSelect={(tg) => void flow.select(tg)} />
            </Card>
            <Card size="small" title={`${t('building.page.floors')} · ${t('building.page.comfort')}`}>
              <FloorGrid live={live} buildingId={buildingId} />
            </Card>
            <Card size="small" title={t('building.page.equipment')}>
              <EquipmentTable testId="equipment-table" rows={mine((e) => !PLANT_KINDS.includes(e.device_kind ?? ''))} canControl={canControl} busy={busy} onSelect={(tg) => void flow.select(tg)} />
            </Card>
            <EnergyCard live={live} buildingId={buildingId} />
            <Card size="small" title={t('building.page.log')}>
              <ControlLogTable rows={log.data?.list ?? []} loading={log.isPending} />
            </Card>
          </>
        ) : null}
      </QueryState>
      <ControlDialog state={flow.state} dispatch={flow.dispatch} onExecute={(id, pw) => void flow.execute(id, pw)} onCancel={flow.cancel} onClose={flow.close} />
    </Space>
  );
}

/** /IntergralBuilding (智慧楼宇): plant, floors and comfort, equipment and energy by system of the site's buildings. */
export function BuildingPage() {
  return <SiteGate prompt={SETUP_SITE} testId="page-building">{(id) => <BuildingView key={id} projectId={id} />}</SiteGate>;
}

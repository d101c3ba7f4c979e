import { Alert, Button, Card, Col, Descriptions, Row, Space, Statistic } from 'antd';
import { useTranslation } from 'react-i18next';
import { patchSession, useSession } from '../../../session/store';
import { useFormat } from '../../../shared/format/useFormat';
import { useAuxTargets, useControlLog, useRealtime } from '../api';
import { AuxDevicesCard } from '../control/AuxDevicesCard';
import { ControlDialog } from '../control/ControlDialog';
import { ControlLogTable } from '../control/ControlLogTable';
import { useControlFlow } from '../control/useControlFlow';
import { QualityTag, StateTag, TimeText } from '../components/common';
import { pointOf, worstQuality } from '../points';
import type { RtDevice, RtRoom } from '../points';
import { DISTRIBUTION_QUERY, DISTRIBUTION_SITE } from '../pageStates';
import { QueryState } from '../../../shared/ui/QueryState';
import { SiteGate } from '../../../shared/ui/SiteGate';

/** Sensors shown per room, in this order; SF6 only where a device reports one (GIS/SF6 switchgear rooms). */
const DIGITAL = ['water', 'smoke', 'door'] as const;
const isSf6 = (key: string) => /sf6/i.test(key);

function SensorCard({ room, dev }: { room: RtRoom; dev: RtDevice }) {
  const { t } = useTranslation();
  const f = useFormat();
  const temp = pointOf(dev, 'temp');
  const hum = pointOf(dev, 'humidity');
  const sf6 = dev.points.filter((p) => isSf6(p.key));
  const ts = dev.points.map((p) => p.ts).filter((v): v is string => v !== null).sort().at(-1) ?? null;
  return (
    <Card
      title={`${room.name} · ${dev.name}`}
      extra={<QualityTag quality={worstQuality(dev.points.map((p) => p.quality))} />}
      data-testid={`aux-room-${room.id}`}
      style={{ height: '100%' }}
    >
      <Row gutter={16}>
        <Col span={12}>
          <Statistic title={t('distribution.env.temp')} value={f.unit(temp?.value ?? null, '°C', { precision: 1 }).text} data-testid="aux-temp" data-value={temp?.value ?? ''} />
        </Col>
        <Col span={12}>
          <Statistic title={t('distribution.env.humidity')} value={f.unit(hum?.value ?? null, '%RH', { precision: 1 }).text} data-testid="aux-humidity" />
        </Col>
      </Row>
      <Descriptions size="small" column={1} style={{ marginTop: 12 }}>
        {DIGITAL.map((k) => (
          <Descriptions.Item key={k} label={t(`distribution.env.${k}`)}>
            {pointOf(dev, k) ? <StateTag pointKey={k} value={pointOf(dev, k)?.value ?? null} /> : <span style={{ opacity: 0.65 }}>{t('distribution.aux.notFitted')}</span>}
          </Descriptions.Item>
        ))}
        {sf6.map((p) => (
          <Descriptions.Item key={p.id} label={p.name}>
            {f.unit(p.value, p.unit, { precision: p.precision }).text}
          </Descriptions.Item>
        ))}
        <Descriptions.Item label={t('distribution.monitor.time')}>
          <TimeText value={ts} />
        </Descriptions.Item>
      </Descriptions>
    </Card>
  );
}

function Aux({ projectId }: { projectId: number }) {
  const { t } = useTranslation();
  // Set by the 3D engine's `auxctrl` message when the console is embedded: show that room only.
  const roomFilter = useSession((s) => s.roomID);
  const rt = useRealtime(projectId);
  const rooms = (rt.data?.rooms ?? []).filter((r) => roomFilter === null || String(r.id) === roomFilter);
  const canControl = useSession((s) => s.userInfo?.permissions?.includes('control') === true);
  const aux = useAuxTargets(projectId);
  const devices = (aux.data ?? []).filter((d) => roomFilter === null || String(d.room_id) === roomFilter);
  const flow = useControlFlow(['auxTargets', 'controlLog', 'realtime']);
  const log = useControlLog({ projectId, page: 1, size: 10 }, { refetchInterval: 5_000 });
  const cards = rooms.flatMap((room) => room.devices.filter((d) => d.kind === 'env_sensor' || d.points.some((p) => isSf6(p.key))).map((dev) => ({ room, dev })));
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      {roomFilter !== null && (
        <Alert
          type="warning"
          showIcon
          data-testid="aux-room-filter"
          title={t('distribution.aux.roomFilter', { room: rooms[0]?.name ?? roomFilter })}
          action={
            <Button size="small" onClick={() => patchSession({ roomID: null })}>
              {t('distribution.aux.allRooms')}
            </Button>
          }
        />
      )}
      <AuxDevicesCard rows={devices} canControl={canControl} busy={flow.state.step !== 'idle'} onSelect={(target) => void flow.select(target)}>
        {aux.isLoading || aux.error || devices.length === 0 ? (
          <QueryState look={DISTRIBUTION_QUERY} loading={aux.isLoading} error={aux.error && !aux.data ? aux.error : null} onRetry={() => void aux.refetch()} empty={devices.length === 0} emptyText={t('distribution.aux.noDevices')}>
            {null}
          </QueryState>
        ) : undefined}
      </AuxDevicesCard>
      <Card title={t('distribution.aux.sensors')} size="small">
        <QueryState look={DISTRIBUTION_QUERY} loading={rt.isLoading} error={rt.error && !rt.data ? rt.error : null} onRetry={() => void rt.refetch()} empty={cards.length === 0} emptyText={t('distribution.aux.none')}>
          <Row gutter={[16, 16]}>
            {cards.map(({ room, dev }) => (
              <Col key={dev.id} xs={24} md={12} xl={8}>
                <SensorCard room={room} dev={dev} />
              </Col>
            ))}
          </Row>
        </QueryState>
      </Card>
      {canControl && (
        <Card title={t('distribution.control.recent')}>
          <ControlLogTable rows={log.data?.list ?? []} loading={log.isLoading} />
        </Card>
      )}
      <ControlDialog state={flow.state} dispatch={flow.dispatch} onExecute={(id, pw) => void flow.execute(id, pw)} onCancel={flow.cancel} onClose={flow.close} />
    </Space>
  );
}

/**
 * /ElectricalRoom/AuxControl: the rooms' auxiliary devices (fans, AC, dehumidifiers, lights, pumps) switched and
 * adjusted with select-before-operate (users with the control permission), and each room's environment sensors.
 */
export function AuxControlPage() {
  return <SiteGate prompt={DISTRIBUTION_SITE} testId="aux-control">{(id) => <Aux projectId={id} />}</SiteGate>;
}

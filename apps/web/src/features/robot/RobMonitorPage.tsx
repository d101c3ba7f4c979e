import type { EngineMessage, RobotLive } from '@gridops/contract';
import { App, Button, Card, Col, Descriptions, Empty, Progress, Row, Space, Table, Tabs, Tag, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useSession } from '../../session/store';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../shared/format';
import { QueryState } from '../../shared/ui/QueryState';
import { SiteGate } from '../../shared/ui/SiteGate';
import { ANALYSIS_QUERY, ANALYSIS_SITE } from '../analysis/pageStates';
import { useLiveCameras } from '../video/api';
import { LivePlayer } from '../video/LivePlayer';
import { startRound, useRobotLive } from './api';
import { STOP_COLOURS, type StopStatus } from './planModel';
import { RoomPlan } from './RoomPlan';
import { RoundHistory } from './RoundHistory';

type LiveReading = RobotLive['stops'][number]['readings'][number];

function Legend() {
  const { t } = useTranslation();
  return (
    <Space size={12} wrap>
      {(Object.keys(STOP_COLOURS) as StopStatus[]).map((s) => (
        <span key={s} style={{ display: 'inline-flex', alignItems: 'center', gap: 4, fontSize: 12 }}>
          <span style={{ width: 10, height: 10, borderRadius: 5, background: STOP_COLOURS[s], display: 'inline-block' }} />
          {t(`robot.legend.${s}`)}
        </span>
      ))}
    </Space>
  );
}

/** "Start a round now" (control permission): the robot's gateway gets the command; it leaves once charged. */
function StartRound({ robot }: { robot: RobotLive }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const canControl = useSession((s) => s.userInfo?.permissions?.includes('control') === true);
  const [busy, setBusy] = useState(false);
  if (!canControl) return null;
  const docked = robot.state.task_state === 'docked' || robot.state.task_state === null;
  const start = async () => {
    setBusy(true);
    try {
      await startRound(robot.id);
      message.success(t('robot.roundRequested'));
    } catch (e) {
      message.error(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button size="small" type="primary" disabled={!docked || !robot.state.online} loading={busy} onClick={() => void start()} data-testid="robot-start-round">
      {t('robot.startRound')}
    </Button>
  );
}

function Status({ robot }: { robot: RobotLive }) {
  const { t, i18n } = useTranslation();
  const f = useFormat();
  const s = robot.state;
  const stop = s.stop ? robot.stops[s.stop - 1] : undefined;
  const stopName = stop ? `${s.stop}. ${i18n.language === 'en' ? stop.name_en : stop.name}` : t('robot.atDock');
  return (
    <Card size="small" title={robot.name} extra={
        <Space size={8}>
          <StartRound robot={robot} />
          <Tag color={s.online ? 'green' : 'default'}>{t(s.online ? 'robot.online' : 'robot.offline')}</Tag>
        </Space>
      } data-testid="robot-status">
      <Descriptions column={1} size="small">
        <Descriptions.Item label={t('robot.task')}>
          <span data-testid="robot-task-state">{s.task_state ? t(`robot.taskState.${s.task_state}`) : '-'}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t('robot.battery')}>
          <Space>
            <Progress percent={Math.round(s.battery ?? 0)} size="small" status={(s.battery ?? 0) < 20 ? 'exception' : 'normal'} style={{ width: 140 }} />
            {s.charging ? <Tag color="blue">{t('robot.charging')}</Tag> : null}
          </Space>
        </Descriptions.Item>
        <Descriptions.Item label={t('robot.progress')}>
          <Progress percent={Math.round(s.progress ?? 0)} size="small" style={{ width: 140 }} />
        </Descriptions.Item>
        <Descriptions.Item label={t('robot.currentStop')}>{stopName}</Descriptions.Item>
        <Descriptions.Item label={t('robot.position')}>
          <span data-testid="robot-position">{s.x === null || s.y === null ? '-' : `(${f.number(s.x, 1)} m, ${f.number(s.y, 1)} m)`}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t('robot.updated')}>{f.date(s.at)}</Descriptions.Item>
        <Descriptions.Item label={t('robot.schedule')}>
          {robot.schedule.length ? robot.schedule.join(' · ') : '-'} · {t('robot.speed')} {f.number(robot.speed_mps, 1)} m/s
        </Descriptions.Item>
      </Descriptions>
    </Card>
  );
}

/** The 3D engine's `robvdo` message (spec §4) and the robot it names (value or devid; none = the first). */
export function useEngineRobot(): { at: EngineMessage | null; robotId: string | null } {
  const msg = useSession((s) => s.latestEngineMessage);
  if (msg?.type !== 'robvdo') return { at: null, robotId: null };
  const id = msg.value ?? msg.devid;
  return { at: msg, robotId: id === undefined || id === null || id === '' ? null : String(id) };
}

function Camera({ projectId, cameraId, focus }: { projectId: number; cameraId: number | null; focus: EngineMessage | null }) {
  const { t } = useTranslation();
  const cams = useLiveCameras(cameraId === null ? null : projectId);
  const camera = cams.data?.cameras.find((c) => c.id === cameraId);
  const card = useRef<HTMLDivElement>(null);
  // Sent here by the engine's robvdo: bring the robot's camera into view.
  useEffect(() => {
    if (focus) card.current?.scrollIntoView?.({ block: 'center' });
  }, [focus]);
  return (
    <Card ref={card} size="small" title={t('robot.camera')} style={{ marginTop: 12, ...(focus ? { boxShadow: '0 0 0 2px #1677ff' } : {}) }} data-testid="robot-camera" data-focus={focus ? 'engine' : undefined}>
      {camera ? <LivePlayer camera={camera} /> : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('robot.noCamera')} />}
    </Card>
  );
}

/** What a reading's limit reads as: "≤ 60 °C", "5400–6100 V", "should be closed". */
function limitText(r: LiveReading, t: (k: string, o?: Record<string, string>) => string): string {
  if (r.kind === 'switch') return r.expected === null ? '-' : t('robot.expected', { state: t(r.expected === 1 ? 'robot.closed' : 'robot.open') });
  const unit = r.kind === 'ir_temp' ? '°C' : r.unit;
  if (r.low !== null && r.high !== null) return `${r.low}–${r.high} ${unit}`;
  if (r.high !== null) return `≤ ${r.high} ${unit}`;
  if (r.low !== null) return `≥ ${r.low} ${unit}`;
  return '-';
}

function Readings({ robot }: { robot: RobotLive }) {
  const { t, i18n } = useTranslation();
  const f = useFormat();
  const en = i18n.language === 'en';
  const rows = robot.stops.flatMap((s, i) => s.readings.map((r) => ({ ...r, stop: `${i + 1}. ${en ? s.name_en : s.name}` })));
  const value = (r: LiveReading) => {
    if (r.value === null) return t('robot.notRead');
    if (r.kind === 'switch') return t(r.value === 1 ? 'robot.closed' : 'robot.open');
    return `${f.number(r.value, r.kind === 'ir_temp' ? 1 : 2)} ${r.kind === 'ir_temp' ? '°C' : r.unit}`;
  };
  return (
    <Card size="small" title={t('robot.readings')} style={{ marginTop: 12 }}>
      <Table
        size="small"
        rowKey="key"
        dataSource={rows}
        pagination={false}
        scroll={{ x: 760 }}
        data-testid="robot-readings"
        columns={[
          { title: t('robot.stop'), dataIndex: 'stop', width: 180 },
          { title: t('robot.reading'), key: 'name', render: (_, r) => (en ? r.name_en : r.name) },
          { title: t('robot.kind'), dataIndex: 'kind', render: (k: string) => t(`robot.kinds.${k}`) },
          { title: t('robot.value'), key: 'value', align: 'right', render: (_, r) => <span data-testid={`robot-reading-${r.key}`}>{value(r)}</span> },
          { title: t('robot.limit'), key: 'limit', align: 'right', render: (_, r) => limitText(r, t) },
          { title: t('robot.at'), dataIndex: 'at', render: (v: string | null) => f.date(v, 'MM-DD HH:mm:ss') },
          {
            title: t('robot.result'),
            dataIndex: 'ok',
            render: (ok: boolean | null) => (ok === null ? <Typography.Text type="secondary">-</Typography.Text> : <Tag color={ok ? 'green' : 'red'}>{t(ok ? 'robot.ok' : 'robot.alarm')}</Tag>),
          },
        ]}
      />
    </Card>
  );
}

function RobotView({ projectId, robot, focus }: { projectId: number; robot: RobotLive; focus: EngineMessage | null }) {
  const { t, i18n } = useTranslation();
  const en = i18n.language === 'en';
  return (
    <div data-testid={`robot-${robot.id}`}>
      <Row gutter={[12, 12]}>
        <Col xs={24} xl={15}>
          <Card size="small" title={`${t('robot.plan')} · ${robot.room_name}`} extra={<Legend />}>
            <RoomPlan plan={robot.plan} stops={robot.stops.map((s) => ({ name: en ? s.name_en : s.name, x: s.x, y: s.y, readings: s.readings }))} state={robot.state} height={360} />
          </Card>
        </Col>
        <Col xs={24} xl={9}>
          <Status robot={robot} />
          <Camera projectId={projectId} cameraId={robot.camera_id} focus={focus} />
        </Col>
      </Row>
      <Readings robot={robot} />
      <div style={{ marginTop: 12 }}>
        <RoundHistory projectId={projectId} robotId={robot.id} />
      </div>
    </div>
  );
}

function Robots({ projectId }: { projectId: number }) {
  const { t } = useTranslation();
  const q = useRobotLive(projectId);
  const robots = q.data ?? [];
  const engine = useEngineRobot();
  const named = robots.find((r) => String(r.id) === engine.robotId);
  const [active, setActive] = useState<string | undefined>(undefined);
  const shown = active ?? String((named ?? robots[0])?.id);
  const focus = (r: RobotLive) => (engine.at && (named ?? robots[0]) === r ? engine.at : null);
  return (
    <QueryState look={ANALYSIS_QUERY} loading={q.isLoading} error={q.error} empty={robots.length === 0} emptyText={t('robot.none')} onRetry={() => void q.refetch()}>
      {robots.length === 1 ? (
        <RobotView projectId={projectId} robot={robots[0]!} focus={focus(robots[0]!)} />
      ) : (
        <Tabs activeKey={shown} onChange={setActive} items={robots.map((r) => ({ key: String(r.id), label: r.name, children: <RobotView projectId={projectId} robot={r} focus={focus(r)} /> }))} />
      )}
    </QueryState>
  );
}

/** /ElectricalRoom/RobMonitor: the robot on its room's plan, live; battery, task, camera, stop readings vs limits, rounds. */
export function RobMonitorPage() {
  return <SiteGate prompt={ANALYSIS_SITE} testId="robot-page">{(id) => <Robots key={id} projectId={id} />}</SiteGate>;
}

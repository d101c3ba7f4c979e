import { RobotOutlined } from '@ant-design/icons';
import { Alert, Card, Col, Descriptions, Image, Progress, Row, Switch, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../shared/format';
import { useInspections, useRobots } from './api';
import type { InspectionList, RobotList } from './api';
import { ANALYSIS_QUERY, ANALYSIS_SITE } from './pageStates';
import { QueryState } from '../../shared/ui/QueryState';
import { SiteGate } from '../../shared/ui/SiteGate';

type Inspection = InspectionList['list'][number];
type Reading = Inspection['readings'][number];

const STATUS_COLOR: Record<string, string> = { charging: 'blue', inspecting: 'green', idle: 'default', fault: 'red', offline: 'default' };

function RobotCard({ robot }: { robot: RobotList[number] }) {
  const { t, i18n } = useTranslation();
  const f = useFormat();
  const en = i18n.language === 'en';
  return (
    <Card
      size="small"
      data-testid={`robot-${robot.id}`}
      title={
        <span>
          <RobotOutlined /> {robot.name}
        </span>
      }
      extra={<Tag color={STATUS_COLOR[robot.status] ?? 'default'}>{t(`analysis.robot.status.${robot.status}`, { defaultValue: robot.status })}</Tag>}
    >
      <Descriptions column={2} size="small">
        <Descriptions.Item label={t('analysis.robot.battery')}>
          <Progress percent={Math.round(robot.battery)} size="small" status={robot.battery < 20 ? 'exception' : 'normal'} style={{ width: 140 }} />
        </Descriptions.Item>
        <Descriptions.Item label={t('analysis.robot.task')}>
          <Progress percent={Math.round(robot.task_progress)} size="small" style={{ width: 140 }} />
        </Descriptions.Item>
        <Descriptions.Item label={t('analysis.robot.updated')} span={2}>
          {f.date(robot.updated_at)}
        </Descriptions.Item>
      </Descriptions>
      <Typography.Text type="secondary">{t('analysis.robot.route')}</Typography.Text>
      <div style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 4, marginTop: 8 }} data-testid="robot-route" data-position={robot.position}>
        {robot.route.map((s, i) => (
          <span key={`${s.name}-${i}`} style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}>
            {i > 0 && <span style={{ opacity: 0.45 }}>→</span>}
            <Tag color={i === robot.position ? 'processing' : i < robot.position ? 'success' : 'default'} style={{ marginInlineEnd: 0 }}>
              {i === robot.position ? '● ' : ''}
              {en ? s.name_en : s.name}
            </Tag>
          </span>
        ))}
      </div>
    </Card>
  );
}

function ReadingTable({ readings }: { readings: Reading[] }) {
  const { t, i18n } = useTranslation();
  const f = useFormat();
  return (
    <Table<Reading>
      size="small"
      rowKey="item"
      pagination={false}
      dataSource={readings}
      columns={[
        { title: t('analysis.robot.item'), dataIndex: 'item', render: (v: string, r) => (i18n.language === 'en' ? r.item_en : v) },
        { title: t('analysis.robot.reading'), dataIndex: 'value', align: 'right', render: (v: number, r) => `${f.number(v, 2)} ${r.unit}` },
        { title: t('analysis.limit'), dataIndex: 'limit', align: 'right', render: (v: number | null, r) => (v === null ? '-' : `${f.number(v, 2)} ${r.unit}`) },
        { title: t('analysis.robot.result'), dataIndex: 'ok', render: (ok: boolean) => <Tag color={ok ? 'green' : 'red'}>{t(ok ? 'analysis.robot.ok' : 'analysis.robot.anomaly')}</Tag> },
      ]}
    />
  );
}

function Inspections({ projectId }: { projectId: number }) {
  const { t } = useTranslation();
  const f = useFormat();
  const [anomaliesOnly, setAnomaliesOnly] = useState(false);
  const [page, setPage] = useState(1);
  const q = useInspections({ projectId, robotId: null, anomaliesOnly, page, size: 10 });
  return (
    <Card
      size="small"
      title={t('analysis.robot.records')}
      style={{ marginTop: 16 }}
      data-testid="robot-inspections"
      extra={
        <span>
          {t('analysis.robot.anomaliesOnly')}{' '}
          <Switch
            size="small"
            checked={anomaliesOnly}
            onChange={(v) => {
              setAnomaliesOnly(v);
              setPage(1);
            }}
            data-testid="robot-anomalies-only"
          />
        </span>
      }
    >
      <QueryState look={ANALYSIS_QUERY} loading={q.isLoading} error={q.error} empty={!q.data?.list.length} emptyText={t('analysis.robot.noRecords')}>
        <Table<Inspection>
          size="small"
          rowKey="id"
          dataSource={q.data?.list ?? []}
          pagination={{ current: page, pageSize: 10, total: q.data?.total ?? 0, onChange: setPage, showSizeChanger: false }}
          expandable={{ expandedRowRender: (r) => <ReadingTable readings={r.readings} /> }}
          columns={[
            { title: t('analysis.robot.started'), dataIndex: 'started_at', render: (v: string) => f.date(v) },
            { title: t('analysis.robot.finished'), dataIndex: 'finished_at', render: (v: string | null) => f.date(v) },
            { title: t('analysis.robot.name'), dataIndex: 'robot_name' },
            { title: t('analysis.robot.state'), dataIndex: 'status', render: (v: string) => t(`analysis.robot.runStatus.${v}`, { defaultValue: v }) },
            { title: t('analysis.robot.readings'), key: 'n', align: 'right', render: (_, r) => r.readings.length },
            { title: t('analysis.robot.anomalies'), dataIndex: 'anomalies', align: 'right', render: (v: number) => (v > 0 ? <Tag color="red">{v}</Tag> : 0) },
            {
              title: t('analysis.robot.photo'),
              dataIndex: 'photo',
              render: (v: string | null) => (v ? <Image src={v} width={72} /> : <Typography.Text type="secondary">{t('analysis.robot.noPhoto')}</Typography.Text>),
            },
          ]}
        />
      </QueryState>
    </Card>
  );
}

/** Latest anomalies: the out-of-limit readings of the most recent inspections that had any. */
function Anomalies({ projectId }: { projectId: number }) {
  const { t, i18n } = useTranslation();
  const f = useFormat();
  const q = useInspections({ projectId, robotId: null, anomaliesOnly: true, page: 1, size: 20 });
  const rows = (q.data?.list ?? []).flatMap((i) => i.readings.filter((r) => !r.ok).map((r) => ({ ...r, key: `${i.id}:${r.item}`, at: i.started_at, robot: i.robot_name })));
  return (
    <Card size="small" title={t('analysis.robot.anomalyList')} style={{ height: '100%' }} data-testid="robot-anomalies">
      <QueryState look={ANALYSIS_QUERY} loading={q.isLoading} error={q.error} empty={rows.length === 0} emptyText={t('analysis.robot.noAnomalies')}>
        <Table
          size="small"
          rowKey="key"
          dataSource={rows}
          pagination={{ pageSize: 6, showSizeChanger: false }}
          columns={[
            { title: t('analysis.robot.started'), dataIndex: 'at', render: (v: string) => f.date(v, 'MM-DD HH:mm') },
            { title: t('analysis.robot.item'), dataIndex: 'item', render: (v: string, r) => (i18n.language === 'en' ? r.item_en : v) },
            { title: t('analysis.robot.reading'), dataIndex: 'value', align: 'right', render: (v: number, r) => <Typography.Text type="danger">{`${f.number(v, 2)} ${r.unit}`}</Typography.Text> },
            { title: t('analysis.limit'), dataIndex: 'limit', align: 'right', render: (v: number | null, r) => (v === null ? '-' : `${f.number(v, 2)} ${r.unit}`) },
          ]}
        />
      </QueryState>
    </Card>
  );
}

function Robots({ projectId }: { projectId: number }) {
  const { t } = useTranslation();
  const robots = useRobots(projectId);
  const list = robots.data ?? [];
  return (
    <>
      <Alert type="info" showIcon title={t('analysis.robot.dataSource')} style={{ marginBottom: 12 }} data-testid="robot-data-source" />
      <QueryState look={ANALYSIS_QUERY} loading={robots.isLoading} error={robots.error} empty={list.length === 0} emptyText={t('analysis.robot.noRobot')} onRetry={() => void robots.refetch()}>
        <Row gutter={[16, 16]}>
          <Col xs={24} xl={14}>
            {list.map((r) => (
              <div key={r.id} style={{ marginBottom: 12 }}>
                <RobotCard robot={r} />
              </div>
            ))}
          </Col>
          <Col xs={24} xl={10}>
            <Anomalies projectId={projectId} />
          </Col>
        </Row>
        <Inspections projectId={projectId} />
      </QueryState>
    </>
  );
}

/** /ElectricalRoom/RobMonitor: robot state, route position, task progress, inspection records, anomalies. */
export function RobotPage() {
  return <SiteGate prompt={ANALYSIS_SITE} testId="robot-page">{(id) => <Robots key={id} projectId={id} />}</SiteGate>;
}

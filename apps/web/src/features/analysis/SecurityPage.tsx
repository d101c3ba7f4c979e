import { CameraOutlined } from '@ant-design/icons';
import { eventApi, type EventItem } from '@gridops/contract';
import { useQuery } from '@tanstack/react-query';
import { Card, Col, Empty, Image, Pagination, Row, Select, Space, Table, Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/api';
import { useFormat } from '../../shared/format';
import { useEventText } from '../../shared/i18n/eventText';
import { useCameras, useCaptures } from './api';
import { useSiteTree } from '../../api/siteTree';
import type { CameraList } from './api';
import { doorPoints, isDoorEvent } from './doors';
import type { DoorPoint } from './doors';
import { ANALYSIS_QUERY, ANALYSIS_SITE } from './pageStates';
import { QueryState } from '../../shared/ui/QueryState';
import { SiteGate } from '../../shared/ui/SiteGate';
import { CameraWall } from '../video/CameraWall';

const CAPTURE_PAGE = 12;

function CameraGrid({ cameras, onPick, picked }: { cameras: CameraList; onPick: (id: number | null) => void; picked: number | null }) {
  const { t } = useTranslation();
  const f = useFormat();
  return (
    <Row gutter={[12, 12]} data-testid="camera-grid">
      {cameras.map((c) => (
        <Col key={c.device_id} xs={24} md={12} xl={6}>
          <Card
            size="small"
            hoverable
            onClick={() => onPick(picked === c.device_id ? null : c.device_id)}
            style={picked === c.device_id ? { borderColor: '#2f8cff' } : undefined}
            data-testid={`camera-${c.device_id}`}
            title={
              <Space>
                <CameraOutlined />
                {c.name}
              </Space>
            }
            extra={<Tag color={c.online ? 'green' : 'default'}>{t(c.online ? 'analysis.security.online' : 'analysis.security.offline')}</Tag>}
          >
            {c.last_capture ? (
              <>
                <Image src={c.last_capture.img} alt={c.last_capture.msg || c.name} style={{ width: '100%', aspectRatio: '16 / 9', objectFit: 'cover' }} onClick={(e) => e.stopPropagation()} />
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {t('analysis.security.lastCapture')}: {f.date(c.last_capture.ts)} {c.last_capture.msg}
                </Typography.Text>
              </>
            ) : (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('analysis.security.noCapture')} />
            )}
          </Card>
        </Col>
      ))}
    </Row>
  );
}

function CaptureHistory({ projectId, cameras, deviceId, onDevice }: { projectId: number; cameras: CameraList; deviceId: number | null; onDevice: (id: number | null) => void }) {
  const { t } = useTranslation();
  const f = useFormat();
  const [page, setPage] = useState(1);
  const q = useCaptures({ projectId, deviceId, page, size: CAPTURE_PAGE });
  return (
    <Card
      size="small"
      title={t('analysis.security.history')}
      style={{ marginTop: 16 }}
      extra={
        <Select
          allowClear
          style={{ width: 220 }}
          placeholder={t('analysis.security.allCameras')}
          value={deviceId}
          onChange={(v: number | undefined) => {
            onDevice(v ?? null);
            setPage(1);
          }}
          options={cameras.map((c) => ({ value: c.device_id, label: c.name }))}
        />
      }
      data-testid="capture-history"
    >
      <QueryState look={ANALYSIS_QUERY} loading={q.isLoading} error={q.error} empty={!q.data?.list.length} emptyText={t('analysis.security.noCaptures')}>
        <Image.PreviewGroup>
          <Row gutter={[12, 12]}>
            {q.data?.list.map((c) => (
              <Col key={c.id} xs={12} md={8} xl={4}>
                <Image src={c.img} alt={c.msg} style={{ width: '100%', aspectRatio: '16 / 9', objectFit: 'cover' }} />
                <div style={{ fontSize: 12 }}>{c.device_name}</div>
                <div style={{ fontSize: 12, opacity: 0.65 }}>
                  {f.date(c.ts)} {c.msg}
                </div>
              </Col>
            ))}
          </Row>
        </Image.PreviewGroup>
        <Pagination style={{ marginTop: 12 }} size="small" current={page} pageSize={CAPTURE_PAGE} total={q.data?.total ?? 0} onChange={setPage} showSizeChanger={false} />
      </QueryState>
    </Card>
  );
}

/** Events of the door devices, filtered to the door points (the event list filters by one device at a time). */
function useDoorEvents(projectId: number, doors: DoorPoint[]) {
  const deviceIds = [...new Set(doors.map((d) => d.deviceId))];
  const { i18n } = useTranslation();
  return useQuery({
    // Device names come back in the request's language: a language switch re-reads them.
    queryKey: ['analysis', 'doorEvents', projectId, deviceIds, i18n.language],
    enabled: deviceIds.length > 0,
    refetchInterval: 30_000,
    queryFn: async () => {
      const pages = await Promise.all(deviceIds.map((id) => api(eventApi.list, { project_id: projectId, device_id: id, size: 100 }, { silent: true })));
      return pages
        .flatMap((p) => p.list)
        .filter((e) => isDoorEvent(e, doors))
        .sort((a, b) => (a.raised_at < b.raised_at ? 1 : -1));
    },
  });
}

function DoorPanel({ projectId }: { projectId: number }) {
  const { t } = useTranslation();
  const f = useFormat();
  const text = useEventText();
  const tree = useSiteTree(projectId);
  const doors = useMemo(() => doorPoints(tree.data?.rooms ?? []), [tree.data]);
  const events = useDoorEvents(projectId, doors);
  return (
    <Card size="small" title={t('analysis.security.doors')} style={{ marginTop: 16 }} data-testid="door-events">
      <QueryState look={ANALYSIS_QUERY} loading={tree.isLoading} error={tree.error} empty={doors.length === 0} emptyText={t('analysis.security.noDoors')}>
        <Space wrap style={{ marginBottom: 12 }}>
          {doors.map((d) => (
            <Tag key={d.pointId} color={d.value === 1 ? 'orange' : d.value === 0 ? 'green' : 'default'}>
              {d.roomName} · {d.deviceName}: {d.value === null ? '-' : t(d.value === 1 ? 'analysis.security.doorOpen' : 'analysis.security.doorClosed')}
            </Tag>
          ))}
        </Space>
        <Table<EventItem>
          size="small"
          rowKey="id"
          loading={events.isLoading}
          dataSource={events.data ?? []}
          pagination={{ pageSize: 10, showSizeChanger: false }}
          locale={{ emptyText: t('analysis.security.noDoorEvents') }}
          columns={[
            { title: t('events.time'), dataIndex: 'raised_at', width: 170, render: (v: string) => f.date(v) },
            { title: t('events.device'), dataIndex: 'device_name', width: 180, render: (_: string, r: EventItem) => text.device(r) },
            { title: t('events.message'), dataIndex: 'message', render: (_: string, r: EventItem) => text.message(r) },
            { title: t('analysis.security.closedAt'), dataIndex: 'cleared_at', width: 170, render: (v: string | null) => f.date(v) },
            { title: t('events.status'), dataIndex: 'status', width: 100, render: (v: string) => t(`events.statuses.${v}`) },
          ]}
        />
      </QueryState>
    </Card>
  );
}

function Security({ projectId }: { projectId: number }) {
  const { t } = useTranslation();
  const cams = useCameras(projectId);
  const [picked, setPicked] = useState<number | null>(null);
  const cameras = cams.data ?? [];
  return (
    <>
      <CameraWall projectId={projectId} />
      <Card size="small" title={t('analysis.security.cameras', { count: cameras.length })} style={{ marginTop: 16 }}>
        <QueryState look={ANALYSIS_QUERY} loading={cams.isLoading} error={cams.error} empty={cameras.length === 0} emptyText={t('analysis.security.noCameras')} onRetry={() => void cams.refetch()}>
          <CameraGrid cameras={cameras} picked={picked} onPick={setPicked} />
        </QueryState>
      </Card>
      <CaptureHistory key={picked ?? 'all'} projectId={projectId} cameras={cameras} deviceId={picked} onDevice={setPicked} />
      <DoorPanel projectId={projectId} />
    </>
  );
}

/** /ElectricalRoom/SecMonitor: the live video wall, cameras with their latest snapshot, capture history, door/access events. */
export function SecurityPage() {
  return <SiteGate prompt={ANALYSIS_SITE} testId="security-page">{(id) => <Security key={id} projectId={id} />}</SiteGate>;
}

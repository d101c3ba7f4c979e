import { Alert, Card, Col, Pagination, Row, Segmented, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../shared/ui/QueryState';
import type { QueryLook } from '../../shared/ui/QueryState';
import { useLiveCameras } from './api';
import { LivePlayer } from './LivePlayer';

export const WALL_LAYOUTS = [1, 4, 9] as const;
export type WallLayout = (typeof WALL_LAYOUTS)[number];

const LOOK: QueryLook = {
  text: { loadFailed: 'common.loadFailed', retry: 'common.retry', noData: 'common.noData' },
  error: 'alert',
  rows: 4,
  testIds: { loading: 'wall-loading', error: 'wall-error', empty: 'wall-empty' },
};

/** The cameras of one page of the wall (pure: the grid shows `layout` cameras per page). */
export function wallPage<T>(cameras: readonly T[], layout: WallLayout, page: number): T[] {
  return cameras.slice((page - 1) * layout, page * layout);
}

/** /ElectricalRoom/SecMonitor's live wall: the site's cameras in a grid of 1, 4 or 9, paged. */
export function CameraWall({ projectId }: { projectId: number }) {
  const { t } = useTranslation();
  const live = useLiveCameras(projectId);
  const [layout, setLayout] = useState<WallLayout>(4);
  const [page, setPage] = useState(1);
  const cameras = live.data?.cameras ?? [];
  const span = layout === 1 ? 24 : layout === 4 ? 12 : 8;
  return (
    <Card
      size="small"
      title={t('video.wall', { count: cameras.length })}
      data-testid="camera-wall"
      extra={
        <Space>
          <Segmented<WallLayout>
            size="small"
            value={layout}
            onChange={(v) => {
              setLayout(v);
              setPage(1);
            }}
            options={WALL_LAYOUTS.map((n) => ({ value: n, label: t('video.layout', { count: n }) }))}
            data-testid="wall-layout"
          />
        </Space>
      }
    >
      {live.data && !live.data.video_available && <Alert type="warning" showIcon title={t('video.noFfmpeg')} style={{ marginBottom: 12 }} data-testid="no-ffmpeg" />}
      <QueryState look={LOOK} loading={live.isLoading} error={live.error} empty={cameras.length === 0} emptyText={t('video.noCameras')} onRetry={() => void live.refetch()}>
        <Row gutter={[8, 8]}>
          {wallPage(cameras, layout, page).map((c) => (
            <Col key={c.id} span={span}>
              <LivePlayer camera={c} />
            </Col>
          ))}
        </Row>
        {cameras.length > layout && <Pagination style={{ marginTop: 8 }} size="small" current={page} pageSize={layout} total={cameras.length} onChange={setPage} showSizeChanger={false} />}
      </QueryState>
    </Card>
  );
}

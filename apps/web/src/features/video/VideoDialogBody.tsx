import { Empty, Select, Skeleton, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLiveCameras } from './api';
import { LivePlayer } from './LivePlayer';
import { pickCamera } from './pickCamera';

/** The engine's security-video dialog: the camera it asked for (or the site's first), playing, with a picker. */
export function VideoDialogBody({ projectId, request }: { projectId: number | null; request: { value?: unknown; devid?: unknown; roomid?: unknown } | null }) {
  const { t } = useTranslation();
  const live = useLiveCameras(projectId);
  const cameras = live.data?.cameras ?? [];
  const [chosen, setChosen] = useState<number | null>(null);
  if (projectId === null) return <Empty description={t('common.needSite')} />;
  if (live.isLoading) return <Skeleton active />;
  const camera = cameras.find((c) => c.id === chosen) ?? pickCamera(cameras, request);
  if (!camera) return <Empty description={t('video.noCameras')} data-testid="video-dialog-empty" />;
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Select
        style={{ width: 320 }}
        value={camera.id}
        onChange={setChosen}
        options={cameras.map((c) => ({ value: c.id, label: c.room_name ? `${c.name}` : c.name }))}
        aria-label={t('video.pickCamera')}
        data-testid="video-dialog-camera"
      />
      <LivePlayer key={camera.id} camera={camera} />
    </Space>
  );
}

import { VideoCameraOutlined } from '@ant-design/icons';
import { Modal, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { patchSession, useSession } from '../../session/store';

/** The security-video dialog the engine host opens with a `securityvideo` message. */
export function VideoDialog() {
  const { t } = useTranslation();
  const open = useSession((s) => s.videoPopup);
  const msg = useSession((s) => s.latestEngineMessage);
  const camera = msg?.type === 'securityvideo' ? String(msg.devid ?? msg.value ?? '') : '';
  return (
    <Modal
      open={open}
      title={t('shell.video.title')}
      onCancel={() => patchSession({ videoPopup: false })}
      footer={null}
      width={720}
      wrapProps={{ 'data-testid': 'video-dialog' }}
    >
      <Result icon={<VideoCameraOutlined />} title={camera ? t('shell.video.camera', { id: camera }) : t('shell.video.title')} subTitle={t('shell.video.desc')} />
    </Modal>
  );
}

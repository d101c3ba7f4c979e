import { Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { patchSession, useSession } from '../../session/store';
import { VideoDialogBody } from '../../features/video/VideoDialogBody';

/** The security-video dialog the engine host opens with a `securityvideo` message: that camera, live. */
export function VideoDialog() {
  const { t } = useTranslation();
  const open = useSession((s) => s.videoPopup);
  const msg = useSession((s) => s.latestEngineMessage);
  const projectId = useSession((s) => s.proID);
  const request = msg?.type === 'securityvideo' ? msg : null;
  return (
    <Modal
      open={open}
      title={t('shell.video.title')}
      onCancel={() => patchSession({ videoPopup: false })}
      footer={null}
      width={760}
      destroyOnHidden
      wrapProps={{ 'data-testid': 'video-dialog' }}
    >
      {open && <VideoDialogBody projectId={projectId} request={request} />}
    </Modal>
  );
}

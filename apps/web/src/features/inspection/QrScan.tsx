import { Alert, Modal } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Scans a checkpoint label with the phone's rear camera (qr-scanner, loaded only when opened). Answers the decoded
 * text once; a camera that cannot be opened says so, and the typed code remains the way in. Mounted only while
 * open (a fresh state each time).
 */
export function QrScan({ open, onClose, onCode }: { open: boolean; onClose: () => void; onCode: (text: string) => void }) {
  const { t } = useTranslation();
  const video = useRef<HTMLVideoElement>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (!open) return undefined;
    let stopped = false;
    let scanner: { stop(): void; destroy(): void } | null = null;
    void (async () => {
      try {
        const { default: QrScanner } = await import('qr-scanner');
        if (stopped || !video.current) return;
        const s = new QrScanner(
          video.current,
          (r) => {
            if (stopped) return;
            stopped = true;
            onCode(r.data);
          },
          { returnDetailedScanResult: true, preferredCamera: 'environment', highlightScanRegion: true },
        );
        scanner = s;
        await s.start();
      } catch (err) {
        console.warn('[scan]', err);
        if (!stopped) setFailed(true);
      }
    })();
    return () => {
      stopped = true;
      scanner?.stop();
      scanner?.destroy();
    };
  }, [open, onCode]);

  return (
    <Modal open={open} onCancel={onClose} footer={null} title={t('inspection.scan')} destroyOnHidden width={360}>
      {failed ? <Alert type="warning" showIcon title={t('inspection.cameraFailed')} /> : null}
      <video ref={video} style={{ width: '100%', borderRadius: 8, background: '#000' }} muted playsInline data-testid="scan-video" />
    </Modal>
  );
}

import { VideoCameraOutlined } from '@ant-design/icons';
import { Empty, Spin, Tag } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LiveCamera } from './api';
import { useSnapshot } from './api';

const frame = { width: '100%', aspectRatio: '16 / 9', background: '#000', display: 'block', objectFit: 'contain' } as const;
/** Snapshot-only cameras (no ffmpeg on the server): a new picture every 2 s. */
export const SNAPSHOT_EVERY_MS = 2000;

/** A media server's HLS: hls.js where the browser has MSE (loaded on first use), native playback otherwise (Safari). */
function HlsVideo({ url, title }: { url: string; title: string }) {
  const ref = useRef<HTMLVideoElement>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const video = ref.current;
    if (!video) return;
    let destroy = () => undefined as void;
    let cancelled = false;
    void import('hls.js').then(({ default: Hls }) => {
      if (cancelled) return;
      if (Hls.isSupported()) {
        const hls = new Hls({ liveSyncDurationCount: 2, lowLatencyMode: true });
        hls.on(Hls.Events.ERROR, (_e, data) => {
          if (data.fatal) setFailed(true);
        });
        hls.loadSource(url);
        hls.attachMedia(video);
        destroy = () => hls.destroy();
      } else if (video.canPlayType('application/vnd.apple.mpegurl')) {
        video.src = url;
      } else {
        setFailed(true);
      }
    });
    return () => {
      cancelled = true;
      destroy();
    };
  }, [url]);
  const { t } = useTranslation();
  if (failed) return <Empty image={<VideoCameraOutlined style={{ fontSize: 40 }} />} description={t('video.streamFailed')} data-testid="live-failed" />;
  return <video ref={ref} style={frame} muted autoPlay playsInline controls={false} title={title} data-testid="live-video" />;
}

function SnapshotView({ camera }: { camera: LiveCamera }) {
  const { t } = useTranslation();
  const snap = useSnapshot(camera.id, SNAPSHOT_EVERY_MS);
  if (snap.data) return <img src={snap.data.img} alt={camera.name} style={frame} data-testid="live-snapshot" data-ts={snap.data.ts} />;
  if (snap.error) return <Empty image={<VideoCameraOutlined style={{ fontSize: 40 }} />} description={t('video.snapshotFailed')} />;
  return (
    <div style={{ ...frame, display: 'grid', placeItems: 'center' }}>
      <Spin />
    </div>
  );
}

/**
 * One camera, live: the demo cameras' MJPEG stream in an <img> (the browser replaces the picture with every
 * frame), a media server's HLS in a <video>, or snapshots when the server has no ffmpeg.
 */
export function LivePlayer({ camera, showName = true }: { camera: LiveCamera; showName?: boolean }) {
  const { t } = useTranslation();
  return (
    <div style={{ position: 'relative' }} data-testid={`live-player-${camera.id}`} data-kind={camera.kind}>
      {camera.kind === 'mjpeg' && camera.play_url ? (
        <img src={camera.play_url} alt={camera.name} style={frame} data-testid="live-mjpeg" />
      ) : camera.kind === 'hls' && camera.play_url ? (
        <HlsVideo url={camera.play_url} title={camera.name} />
      ) : (
        <SnapshotView camera={camera} />
      )}
      {showName && (
        <div style={{ position: 'absolute', right: 2, top: 6, display: 'flex', gap: 4 }}>
          {camera.kind === 'hls' && <Tag color="rgba(0,0,0,0.6)">{camera.name}</Tag>}
          {camera.kind === 'snapshot' && <Tag color="orange">{t('video.snapshotOnly')}</Tag>}
          {camera.ptz && <Tag color="blue">PTZ</Tag>}
        </div>
      )}
    </div>
  );
}

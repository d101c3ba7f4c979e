import { Card, Col, Image, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../shared/format';
import { useEventMedia } from './api';
import { LivePlayer } from './LivePlayer';

/**
 * An event's pictures: the capture its room's camera took when the fault started (smoke, intrusion, door, arc…)
 * and that camera live. Nothing at all when the event has neither (e.g. a feeder's over-current on a site
 * without cameras).
 */
export function EventMedia({ eventId, live = true }: { eventId: number; live?: boolean }) {
  const { t } = useTranslation();
  const f = useFormat();
  const q = useEventMedia(eventId);
  const m = q.data;
  if (!m || (!m.capture && !(live && m.camera))) return null;
  return (
    <Row gutter={12} style={{ marginTop: 16 }} data-testid="event-media">
      {m.capture && (
        <Col span={live && m.camera ? 12 : 24}>
          <Card size="small" title={t('video.eventSnapshot')}>
            <Image src={m.capture.img} alt={m.capture.msg} style={{ width: '100%', aspectRatio: '16 / 9', objectFit: 'cover' }} data-testid="event-snapshot" />
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {f.date(m.capture.ts)} {m.capture.msg}
            </Typography.Text>
          </Card>
        </Col>
      )}
      {live && m.camera && (
        <Col span={m.capture ? 12 : 24}>
          <Card size="small" title={t('video.eventVideo')}>
            <LivePlayer camera={m.camera} />
          </Card>
        </Col>
      )}
    </Row>
  );
}

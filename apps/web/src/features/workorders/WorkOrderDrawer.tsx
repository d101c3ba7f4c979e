import { Card, Descriptions, Drawer, Empty, Image, Skeleton, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useWoPhoto, useWorkOrder } from './api';
import { WoActions } from './WoActions';
import { mapLink, PriorityTag, SlaCountdown, StateTag, useWoText, WoTimeline } from './woUi';

function Photo({ id }: { id: number }) {
  const p = useWoPhoto(id);
  return p.data ? <Image src={p.data} width={96} height={96} style={{ objectFit: 'cover', borderRadius: 6 }} data-testid="wo-photo" /> : <Skeleton.Image active />;
}

/** One order: its facts, SLA countdowns, resolution with photos, the actions of its state, and its timeline. */
export function WorkOrderDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const q = useWorkOrder(id);
  const text = useWoText();
  const o = q.data;
  return (
    <Drawer open={id !== null} onClose={onClose} size={560} title={o ? `${o.code} · ${text.title(o)}` : t('workorders.detail')} data-testid="wo-drawer" destroyOnHidden>
      {!o ? (
        <Skeleton active />
      ) : (
        <Space orientation="vertical" size={12} style={{ width: '100%' }}>
          <Space wrap>
            <StateTag state={o.state} />
            <PriorityTag priority={o.priority} />
            <SlaCountdown order={o} />
          </Space>
          {o.reject_reason && o.state !== 'closed' && <Typography.Text type="danger" data-testid="wo-reject-reason">{`${t('workorders.rejectReason')}：${o.reject_reason}`}</Typography.Text>}
          <WoActions order={o} />
          <Descriptions size="small" column={1} bordered styles={{ label: { width: 110, whiteSpace: "nowrap" } }}>
            <Descriptions.Item label={t('workorders.site')}>
              {text.site(o)}{' '}
              <a href={mapLink(o)} target="_blank" rel="noreferrer">
                {t('workorders.navigate')}
              </a>
            </Descriptions.Item>
            {o.device_name && <Descriptions.Item label={t('workorders.device')}>{text.device(o)}</Descriptions.Item>}
            <Descriptions.Item label={t('workorders.source')}>{`${t(`workorders.sources.${o.source_kind}`)}${o.source_ref ? ` #${o.source_ref}` : ''}`}</Descriptions.Item>
            <Descriptions.Item label={t('workorders.assignee')}>{text.assignee(o)}</Descriptions.Item>
            <Descriptions.Item label={t('workorders.created')}>{text.time(o, o.created_at)}</Descriptions.Item>
            <Descriptions.Item label={t('workorders.respondBy')}>{text.time(o, o.respond_due)}</Descriptions.Item>
            <Descriptions.Item label={t('workorders.resolveBy')}>{text.time(o, o.resolve_due)}</Descriptions.Item>
            {o.description && <Descriptions.Item label={t('workorders.description')}>{o.description}</Descriptions.Item>}
            {o.cause && <Descriptions.Item label={t('workorders.cause')}>{o.cause}</Descriptions.Item>}
            {o.action_taken && <Descriptions.Item label={t('workorders.actionTaken')}>{o.action_taken}</Descriptions.Item>}
            {o.parts && <Descriptions.Item label={t('workorders.parts')}>{o.parts}</Descriptions.Item>}
          </Descriptions>
          {o.photo_ids.length > 0 && (
            <Card size="small" title={t('workorders.photos')}>
              <Image.PreviewGroup>
                <Space wrap>
                  {o.photo_ids.map((p) => (
                    <Photo key={p} id={p} />
                  ))}
                </Space>
              </Image.PreviewGroup>
            </Card>
          )}
          <Card size="small" title={t('workorders.timeline')}>
            {o.timeline.length ? <WoTimeline order={o} entries={o.timeline} /> : <Empty />}
          </Card>
        </Space>
      )}
    </Drawer>
  );
}

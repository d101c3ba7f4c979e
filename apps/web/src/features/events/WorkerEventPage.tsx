import type { EventItem } from '@gridops/contract';
import { Button, Card, Empty, Segmented, Skeleton, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../shared/format';
import { useEventText } from '../../shared/i18n/eventText';
import { useEventAction, useEventPage } from './api';

const LEVEL_COLOR = ['', 'red', 'orange', 'gold', 'blue'];
const TYPE_KEY: Record<number, string> = { 1: 'message', 2: 'alarm', 3: 'fault' };

/** One event as a card: what, where, when, status, and acknowledge as a big button. */
function EventCard({ e }: { e: EventItem }) {
  const { t } = useTranslation();
  const text = useEventText();
  const f = useFormat();
  const action = useEventAction();
  return (
    <Card size="small" data-testid={`worker-event-${e.id}`} data-status={e.status} data-project={e.project_id} data-device={e.device_name ?? ''} style={{ borderLeft: `4px solid ${e.event_type === 3 ? '#ff4d4f' : e.event_type === 2 ? '#fa8c16' : '#2f8cff'}` }}>
      <Space wrap size={4} style={{ marginBottom: 6 }}>
        <Tag color={e.event_type === 3 ? 'red' : e.event_type === 2 ? 'orange' : 'blue'}>{t(`workorders.eventTypes.${TYPE_KEY[e.event_type] ?? 'message'}`)}</Tag>
        <Tag color={LEVEL_COLOR[e.level]}>{t('workorders.eventLevel', { level: e.level })}</Tag>
        <Tag>{t(`workorders.eventStatus.${e.status}`)}</Tag>
        {e.active && <Tag color="red">{t('workorders.eventActive')}</Tag>}
      </Space>
      <Typography.Title level={5} style={{ margin: '2px 0 4px' }}>
        {text.message(e)}
      </Typography.Title>
      <div style={{ opacity: 0.8 }}>
        {e.project_name}
        {e.device_name ? ` · ${e.device_name}` : ''}
      </div>
      <div style={{ opacity: 0.65, fontSize: 12, margin: '4px 0 8px' }}><span data-testid="event-time" data-time={e.raised_at}>{f.siteTime(e.raised_at, e.project_id, 'YYYY-MM-DD HH:mm:ss')}</span></div>
      {e.status === 'pending' && (
        <Button autoInsertSpace={false} block size="large" type="primary" style={{ height: 48 }} loading={action.isPending} data-testid={`worker-event-ack-${e.id}`} onClick={() => action.mutate({ kind: 'acknowledge', ids: [e.id] })}>
          {t('workorders.worker.ack')}
        </Button>
      )}
    </Card>
  );
}

/** /WorkerEvent on the phone: the alarms and faults of the worker's sites as cards (was a squeezed table). */
export function WorkerEventPage() {
  const { t } = useTranslation();
  const [filter, setFilter] = useState<'pending' | 'all'>('pending');
  const q = useEventPage({ status: filter === 'pending' ? 'pending,acknowledged' : undefined, type: '2,3', page: 1, size: 50 });
  const list = q.data?.list ?? [];
  return (
    <div data-testid="worker-events" style={{ paddingBottom: 24 }}>
      <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 10 }}>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {t('workorders.worker.events')}
        </Typography.Title>
        <Segmented
          size="large"
          value={filter}
          onChange={(v) => setFilter(v as 'pending' | 'all')}
          options={[
            { value: 'pending', label: t('workorders.eventStatus.pending') },
            { value: 'all', label: t('workorders.all') },
          ]}
        />
      </Space>
      {q.isLoading ? (
        <Skeleton active />
      ) : list.length === 0 ? (
        <Empty description={t('workorders.worker.noEvents')} />
      ) : (
        <Space orientation="vertical" size={12} style={{ width: '100%' }}>
          {list.map((e) => (
            <EventCard key={e.id} e={e} />
          ))}
        </Space>
      )}
    </div>
  );
}

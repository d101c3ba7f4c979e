import type { WorkOrder } from '@gridops/contract';
import { EnvironmentOutlined, PhoneOutlined } from '@ant-design/icons';
import { App, Button, Card, Empty, Segmented, Skeleton, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLiveMessages } from '../../api/live';
import { localText } from '../../shared/ui/localName';
import { useInvalidateWorkOrders, useWorkOrders } from './api';
import { WoActions } from './WoActions';
import { WorkOrderDrawer } from './WorkOrderDrawer';
import { alertWorker } from './workerAlert';
import { mapLink, PriorityTag, SlaCountdown, StateTag, useWoText } from './woUi';

interface LiveWo {
  kind?: string;
  code?: string;
  title?: string;
  title_en?: string;
}

/** One order as a card: what, where, SLA, navigation, and the actions of its state as big buttons. */
function OrderCard({ o, onOpen }: { o: WorkOrder; onOpen: () => void }) {
  const { t } = useTranslation();
  const text = useWoText();
  return (
    <Card size="small" data-testid={`wo-card-${o.id}`} data-state={o.state} style={{ borderLeft: `4px solid ${o.priority === 'urgent' ? '#ff4d4f' : o.priority === 'high' ? '#fa8c16' : '#2f8cff'}` }}>
      <div onClick={onOpen} style={{ cursor: 'pointer' }}>
        <Space wrap size={4} style={{ marginBottom: 6 }}>
          <StateTag state={o.state} />
          <PriorityTag priority={o.priority} />
          <Typography.Text type="secondary">{o.code}</Typography.Text>
        </Space>
        <Typography.Title level={5} style={{ margin: '2px 0 4px' }}>
          {text.title(o)}
        </Typography.Title>
        <div style={{ opacity: 0.8 }}>
          {text.site(o)}
          {o.device_name ? ` · ${text.device(o)}` : ''}
        </div>
        <div style={{ margin: '6px 0' }}>
          <SlaCountdown order={o} compact />
        </div>
        {o.reject_reason && o.state !== 'closed' && <Typography.Text type="danger">{`${t('workorders.rejectReason')}：${o.reject_reason}`}</Typography.Text>}
      </div>
      <Button autoInsertSpace={false} block icon={<EnvironmentOutlined />} href={mapLink(o)} target="_blank" size="large" data-testid="wo-navigate" style={{ margin: '8px 0' }}>
        {t('workorders.navigate')}
      </Button>
      <WoActions order={o} large />
    </Card>
  );
}

/**
 * The worker's phone (/WorkerSolve, 390×844): his orders as cards, newest first; a new assignment arrives live on
 * his own MQTT topic (beep and vibration), no polling needed.
 */
export function WorkerSolvePage() {
  const { t, i18n } = useTranslation();
  const { notification } = App.useApp();
  const [filter, setFilter] = useState<'open' | 'closed'>('open');
  const [openId, setOpenId] = useState<number | null>(null);
  const [live, setLive] = useState(0);
  const invalidate = useInvalidateWorkOrders();
  const q = useWorkOrders(filter === 'open' ? { open: 'true', size: 50 } : { state: 'closed', size: 50 }, { poll: false });
  useLiveMessages(
    (m) => m.command === 'workorder',
    (m) => {
      const d = (m.data ?? {}) as LiveWo;
      invalidate();
      setLive((n) => n + 1);
      if (d.kind === 'assign' || d.kind === 'breach') {
        alertWorker(d.code ?? '');
        notification.info({ title: t(d.kind === 'assign' ? 'workorders.newAssigned' : 'workorders.breached', { code: d.code ?? '', title: localText(d.title ?? '', d.title_en ?? '', i18n.language) }), placement: 'top', duration: 6 });
      }
    },
  );
  const list = q.data?.list ?? [];
  return (
    <div data-testid="worker-solve" data-live={live} style={{ paddingBottom: 24 }}>
      <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 10 }}>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {t('workorders.worker.mine')}
        </Typography.Title>
        <Segmented
          size="large"
          value={filter}
          onChange={(v) => setFilter(v as 'open' | 'closed')}
          options={[
            { value: 'open', label: t('workorders.openOnly') },
            { value: 'closed', label: t('workorders.states.closed') },
          ]}
        />
      </Space>
      <Typography.Paragraph type="secondary" style={{ fontSize: 12 }}>
        <PhoneOutlined /> {t('workorders.liveHint')}
      </Typography.Paragraph>
      {q.isLoading ? (
        <Skeleton active />
      ) : list.length === 0 ? (
        <Empty description={t('workorders.worker.noOrders')} />
      ) : (
        <Space orientation="vertical" size={12} style={{ width: '100%' }}>
          {list.map((o) => (
            <OrderCard key={o.id} o={o} onOpen={() => setOpenId(o.id)} />
          ))}
        </Space>
      )}
      <WorkOrderDrawer id={openId} onClose={() => setOpenId(null)} />
    </div>
  );
}

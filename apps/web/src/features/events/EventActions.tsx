import type { EventItem } from '@gridops/contract';
import { App, Button, Form, Input, Modal, Popconfirm, Segmented, Space } from 'antd';
import { useState } from 'react';
import { useCreateWorkOrder } from '../workorders/api';
import { toAssignee, WorkOrderFields } from '../workorders/CreateWorkOrderForm';
import { prefillFromEvent } from '../workorders/fromEvent';
import { useTranslation } from 'react-i18next';
import { useEventText } from '../../shared/i18n/eventText';
import { useEventAction } from './api';
import { canAcknowledge, canClose, canHandle } from './eventFilters';

interface OrderValues {
  title: string;
  title_en: string;
  description: string;
  priority: 'urgent' | 'high' | 'normal' | 'low';
  assignee?: string;
}

/**
 * Acknowledge / handle / close for one event; shared by the table row, the drawer and (through the drawer) the
 * pending dialog. "处理" opens the defect work order form prefilled from the event (docs/operations.md); a note
 * alone is still possible for events that need no dispatch.
 */
export function EventActions({ event, size = 'small' }: { event: EventItem; size?: 'small' | 'middle' }) {
  const { t } = useTranslation();
  const text = useEventText();
  const { message } = App.useApp();
  const action = useEventAction();
  const [handling, setHandling] = useState(false);
  const [note, setNote] = useState('');
  const [mode, setMode] = useState<'order' | 'note'>('order');
  const [form] = Form.useForm<OrderValues>();
  const create = useCreateWorkOrder();
  const done = (key: string) => () => void message.success(t(key));
  const prefill = prefillFromEvent(event);
  const submitOrder = () =>
    void form.validateFields().then((v) =>
      create.mutate(
        { project_id: prefill.project_id, source: prefill.source, device_id: prefill.device_id ?? null, title: v.title, title_en: v.title_en ?? '', description: v.description ?? '', priority: v.priority, assignee: toAssignee(v.assignee) },
        {
          onSuccess: (o) => {
            setHandling(false);
            void message.success(`${t('workorders.created_ok')} ${o.code}`);
          },
        },
      ),
    );

  return (
    <Space size={4} wrap>
      {canAcknowledge(event) && (
        <Button
          size={size}
          type="link"
          data-testid={`event-ack-${event.id}`}
          loading={action.isPending && action.variables.kind === 'acknowledge'}
          onClick={() => action.mutate({ kind: 'acknowledge', ids: [event.id] }, { onSuccess: done('events.doneAck') })}
        >
          {t('events.acknowledge')}
        </Button>
      )}
      {canHandle(event) && (
        <Button size={size} type="link" data-testid={`event-handle-${event.id}`} onClick={() => setHandling(true)}>
          {t('events.handle')}
        </Button>
      )}
      {canClose(event) && (
        <Popconfirm
          title={t('events.closeConfirm')}
          okText={t('common.close')}
          cancelText={t('common.cancel')}
          onConfirm={() => action.mutateAsync({ kind: 'close', ids: [event.id] }).then(done('events.doneClose'))}
        >
          <Button size={size} type="link" danger data-testid={`event-close-${event.id}`}>
            {t('common.close')}
          </Button>
        </Popconfirm>
      )}
      <Modal
        open={handling}
        title={t('events.handleTitle')}
        okText={mode === 'order' ? t('workorders.createFromEvent') : t('events.handle')}
        cancelText={t('common.cancel')}
        okButtonProps={{ disabled: mode === 'note' && note.trim() === '', 'data-testid': 'event-handle-ok' }}
        confirmLoading={action.isPending || create.isPending}
        onCancel={() => setHandling(false)}
        onOk={() =>
          mode === 'order'
            ? submitOrder()
            : action.mutate(
                { kind: 'handle', id: event.id, note: note.trim() },
                {
                  onSuccess: () => {
                    setHandling(false);
                    setNote('');
                    done('events.doneHandle')();
                  },
                },
              )
        }
        destroyOnHidden
      >
        <p style={{ opacity: 0.75 }}>{text.message(event)}</p>
        <Segmented
          block
          style={{ marginBottom: 12 }}
          value={mode}
          onChange={(v) => setMode(v as 'order' | 'note')}
          options={[
            { value: 'order', label: <span data-testid="event-handle-mode-order">{t('workorders.createFromEvent')}</span> },
            { value: 'note', label: <span data-testid="event-handle-mode-note">{t('workorders.noteOnly')}</span> },
          ]}
        />
        {mode === 'order' ? (
          <Form form={form} layout="vertical" data-testid="event-workorder-form" initialValues={{ title: prefill.title, title_en: prefill.title_en, description: prefill.description, priority: prefill.priority }}>
            <WorkOrderFields projectId={event.project_id} />
          </Form>
        ) : (
          <Input.TextArea
            autoFocus
            rows={4}
            maxLength={500}
            showCount
            value={note}
            onChange={(e) => setNote(e.target.value)}
            placeholder={t('events.notePlaceholder')}
            data-testid="event-handle-note"
          />
        )}
      </Modal>
    </Space>
  );
}

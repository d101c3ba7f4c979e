import type { EventItem } from '@gridops/contract';
import { App, Button, Input, Modal, Popconfirm, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useEventText } from '../../shared/i18n/eventText';
import { useEventAction } from './api';
import { canAcknowledge, canClose, canHandle } from './eventFilters';

/** Acknowledge / handle (with a required note) / close for one event; shared by the table row and the drawer. */
export function EventActions({ event, size = 'small' }: { event: EventItem; size?: 'small' | 'middle' }) {
  const { t } = useTranslation();
  const text = useEventText();
  const { message } = App.useApp();
  const action = useEventAction();
  const [handling, setHandling] = useState(false);
  const [note, setNote] = useState('');
  const done = (key: string) => () => void message.success(t(key));

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
        okText={t('events.handle')}
        cancelText={t('common.cancel')}
        okButtonProps={{ disabled: note.trim() === '', 'data-testid': 'event-handle-ok' }}
        confirmLoading={action.isPending}
        onCancel={() => setHandling(false)}
        onOk={() =>
          action.mutate(
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
      </Modal>
    </Space>
  );
}

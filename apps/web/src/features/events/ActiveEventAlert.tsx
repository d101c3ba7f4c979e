import type { EventItem } from '@gridops/contract';
import { Alert, Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { patchSession, useSession } from '../../session/store';
import { useFormat } from '../../shared/format/useFormat';
import { useEventText } from '../../shared/i18n/eventText';
import { isEventNotice } from '../notices/api';

export interface ActiveEventAlertProps {
  activeId: number | null;
  /** The list's current rows: the active event's details when it is among them. */
  rows: EventItem[];
  onOpen: (row: EventItem) => void;
}

/**
 * Above the list when the user came from the pending dialog: which event they are handling, named as the
 * operator knows it (device, what happened, when), and the way back to the full list.
 */
export function ActiveEventAlert({ activeId, rows, onOpen }: ActiveEventAlertProps) {
  const { t } = useTranslation();
  const f = useFormat();
  const text = useEventText();
  const notices = useSession((s) => s.noticeList);
  const row = rows.find((r) => r.id === activeId);
  const notice = notices.filter(isEventNotice).find((n) => n.id === activeId);
  // Event texts usually start with the device already ("2#充电桩 充电桩故障…"): name it once.
  const message = row ? text.message(row) : undefined;
  const device = row ? text.device(row) : '';
  const name = row && message !== undefined ? (message.startsWith(device) ? message : `${device} · ${message}`) : notice && text.notice(notice);
  const raisedAt = row?.raised_at ?? notice?.created_at;

  return (
    <Alert
      type="warning"
      showIcon
      style={{ marginBottom: 12 }}
      data-testid="active-event"
      title={name ? t('events.handling', { name }) : t('events.typeFilterHidden')}
      description={name && raisedAt ? t('events.handlingHint', { time: f.date(raisedAt, 'MM-DD HH:mm:ss') }) : t('events.handlingHintNoEvent')}
      action={
        <Space>
          {row && (
            <Button size="small" onClick={() => onOpen(row)} data-testid="active-event-open">
              {t('events.open')}
            </Button>
          )}
          <Button size="small" onClick={() => patchSession({ eventTypeFilterHidden: false, activeEventId: null })} data-testid="events-show-all">
            {t('events.showAll')}
          </Button>
        </Space>
      }
    />
  );
}

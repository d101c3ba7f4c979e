import type { EventNotice, SiteNotice } from '@gridops/contract';
import { Button, Card, Checkbox, Grid, Modal, Table, Tag, Typography } from 'antd';
import { useFormat } from '../../shared/format';
import { useSession } from '../../session/store';
import { useTranslation } from 'react-i18next';
import { useEventText } from '../../shared/i18n/eventText';
import { eventTypeTag, isEventNotice } from './api';
import { PENDING_WRAP_CLASS } from './otherModal';
import { useDictionary } from '../dictionary/store';
import { EventMedia } from '../video/EventMedia';

export interface PendingDialogProps {
  open: boolean;
  /** 'org': no site selected, list of sites; 'site': a site selected, list of its events. */
  scope: 'org' | 'site';
  list: Array<SiteNotice | EventNotice>;
  onHandleSite: (id: number) => void;
  onHandleEvent: (n: EventNotice) => void;
  /** Closed without choosing an entry (知晓 / 稍后处理 / ×). */
  onDismiss: () => void;
  /** "Don't pop up again this session", applied when the dialog closes (any way). */
  muteOnClose?: boolean;
  onMuteOnCloseChange?: (mute: boolean) => void;
}

/** The pending-events dialog of spec §2, in both of its modes. */
export function PendingDialog({ open, scope, list, onHandleSite, onHandleEvent, onDismiss, muteOnClose = false, onMuteOnCloseChange }: PendingDialogProps) {
  const { t } = useTranslation();
  const dict = useDictionary();
  const text = useEventText();
  const f = useFormat();
  // The event list is the selected site's: its times on that site's clock.
  const project = useSession((s) => s.proID);
  // On a phone (narrower than antd's sm, 576 px) a table squeezed into the dialog wraps every name: cards instead.
  const phone = Grid.useBreakpoint().sm === false;
  const sites = scope === 'org' ? list.filter((n): n is SiteNotice => !isEventNotice(n)) : [];
  const events = scope === 'site' ? list.filter(isEventNotice) : [];

  const handleFirst = () => {
    if (scope === 'org' && sites[0]) onHandleSite(sites[0].id);
    else if (scope === 'site' && events[0]) onHandleEvent(events[0]);
    else onDismiss();
  };

  const mute = onMuteOnCloseChange && (
    <Checkbox key="mute" checked={muteOnClose} onChange={(e) => onMuteOnCloseChange(e.target.checked)} data-testid="pending-mute" style={phone ? undefined : { float: 'left', marginTop: 5 }}>
      {t('notices.muteSession')}
    </Checkbox>
  );
  const later = (
    <Button key="later" size={phone ? 'large' : undefined} block={phone} autoInsertSpace={false} onClick={onDismiss} data-testid={scope === 'org' ? 'pending-acknowledged' : 'pending-later'}>
      {scope === 'org' ? t('notices.acknowledged') : t('notices.handleLater')}
    </Button>
  );
  const now = (
    <Button key="now" size={phone ? 'large' : undefined} block={phone} type="primary" autoInsertSpace={false} onClick={handleFirst} data-testid="pending-handle-first">
      {t('notices.handleNow')}
    </Button>
  );
  // On a phone the two actions share one row at full width, under the mute switch (a right-aligned pair wraps
  // into a ragged stack at 390 px).
  const footer = phone ? (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 8, textAlign: 'left' }}>
      {mute}
      <div style={{ display: 'flex', gap: 8 }}>
        {later}
        {now}
      </div>
    </div>
  ) : (
    [mute, later, now]
  );

  return (
    <Modal
      open={open}
      title={scope === 'org' ? t('notices.dialogTitle') : t('notices.dialogTitleSite')}
      onCancel={onDismiss}
      footer={footer}
      width={640}
      destroyOnHidden
      className="pending-dialog"
      wrapClassName={PENDING_WRAP_CLASS}
      wrapProps={{ 'data-testid': 'pending-dialog', 'data-scope': scope }}
    >
      {phone ? (
        <div className="pending-cards" data-testid="pending-cards" style={{ maxHeight: '60vh', overflowY: 'auto' }}>
          {scope === 'org'
            ? sites.map((r) => (
                <Card key={r.id} size="small" style={{ marginBottom: 8 }} data-testid={`pending-card-${r.id}`}>
                  <Typography.Text strong>{r.title}</Typography.Text>
                  <div>
                    {t('notices.pendingCount')}: {r.total}
                  </div>
                  <Button block size="large" type="primary" style={{ marginTop: 8, minHeight: 44 }} onClick={() => onHandleSite(r.id)} data-testid={`pending-handle-${r.id}`}>
                    {t('notices.handle')}
                  </Button>
                </Card>
              ))
            : events.map((r) => {
                const tag = eventTypeTag(r);
                return (
                  <Card key={r.id} size="small" style={{ marginBottom: 8 }} data-testid={`pending-card-${r.id}`}>
                    <Typography.Text strong>{text.notice(r)}</Typography.Text>
                    <div>
                      <Typography.Text type="secondary">{r.device_name}</Typography.Text>
                    </div>
                    <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', marginTop: 4 }}>
                      <Typography.Text type="secondary" data-testid="pending-time">
                        {f.siteTime(r.created_at, project, 'YYYY-MM-DD HH:mm')}
                      </Typography.Text>
                      <Tag color={tag.color} data-testid={`pending-type-${tag.kind}`}>
                        {dict.label('eventType', r.event_type)}
                      </Tag>
                    </div>
                    <Button block size="large" type="primary" style={{ marginTop: 8, minHeight: 44 }} onClick={() => onHandleEvent(r)} data-testid={`pending-handle-${r.id}`}>
                      {t('notices.handleNow')}
                    </Button>
                  </Card>
                );
              })}
        </div>
      ) : scope === 'org' ? (
        <Table<SiteNotice>
          rowKey="id"
          size="small"
          pagination={false}
          scroll={{ y: 360 }}
          dataSource={sites}
          data-testid="pending-table"
          columns={[
            { title: t('notices.siteName'), dataIndex: 'title', key: 'title' },
            { title: t('notices.pendingCount'), dataIndex: 'total', key: 'total', width: 110, align: 'right' },
            {
              title: t('notices.action'),
              key: 'action',
              width: 110,
              render: (_, r) => (
                <Button type="link" size="small" onClick={() => onHandleSite(r.id)} data-testid={`pending-handle-${r.id}`}>
                  {t('notices.handle')}
                </Button>
              ),
            },
          ]}
        />
      ) : (
        <Table<EventNotice>
          rowKey="id"
          size="small"
          pagination={false}
          scroll={{ y: 360 }}
          dataSource={events}
          data-testid="pending-table"
          // The detail of an event: the snapshot its room's camera took (docs/video.md).
          expandable={{ expandedRowRender: (r) => <EventMedia eventId={r.id} live={false} />, columnWidth: 32 }}
          columns={[
            { title: t('notices.eventName'), dataIndex: 'event_title', key: 'event_title', render: (_: string, r: EventNotice) => text.notice(r) },
            {
              title: t('notices.eventType'),
              key: 'event_type',
              width: 110,
              render: (_, r) => {
                const tag = eventTypeTag(r);
                return (
                  <Tag color={tag.color} data-testid={`pending-type-${tag.kind}`}>
                    {dict.label('eventType', r.event_type)}
                  </Tag>
                );
              },
            },
            {
              title: t('notices.action'),
              key: 'action',
              width: 120,
              render: (_, r) => (
                <Button type="link" size="small" onClick={() => onHandleEvent(r)} data-testid={`pending-handle-${r.id}`}>
                  {t('notices.handleNow')}
                </Button>
              ),
            },
          ]}
        />
      )}
    </Modal>
  );
}

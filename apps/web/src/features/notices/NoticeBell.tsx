import { BellOutlined } from '@ant-design/icons';
import type { EventNotice, SiteNotice } from '@gridops/contract';
import { Badge, Button, Empty, List, Popover, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { noticeBadge, useSession } from '../../session/store';
import { useFormat } from '../../shared/format/useFormat';
import { useEventText } from '../../shared/i18n/eventText';
import { eventTypeTag, isEventNotice } from './api';
import { handleEvent, handleSite } from './handle';
import { useDictionary } from '../dictionary/store';
import { isPendingMuted, setPendingMuted } from './pendingMuted';

/** Header bell: the capped pending count ("99+") and the current notice list. */
export function NoticeBell() {
  const { t } = useTranslation();
  const dict = useDictionary();
  const text = useEventText();
  const count = useSession((s) => s.noticeCount);
  const list = useSession((s) => s.noticeList);
  const [open, setOpen] = useState(false);
  const userId = useSession((s) => s.userInfo?.id);
  const [, setMuteChanged] = useState(0);
  const muted = isPendingMuted(userId);
  const f = useFormat();

  const pick = (n: SiteNotice | EventNotice) => {
    setOpen(false);
    if (isEventNotice(n)) handleEvent(n);
    else handleSite(n.id);
  };

  const content = (
    <div style={{ width: 340, maxHeight: 420, overflow: 'auto' }} data-testid="notice-list">
      {muted && (
        <Typography.Paragraph type="secondary" style={{ fontSize: 12, marginBottom: 4 }} data-testid="notice-muted">
          {t('notices.muted')}
          <Button
            type="link"
            size="small"
            data-testid="notice-unmute"
            onClick={() => {
              setPendingMuted(userId, false);
              setMuteChanged((n) => n + 1);
            }}
          >
            {t('notices.unmute')}
          </Button>
        </Typography.Paragraph>
      )}
      {list.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('notices.empty')} />
      ) : (
        <List<SiteNotice | EventNotice>
          size="small"
          dataSource={list.slice(0, 50)}
          renderItem={(n) => (
            <List.Item onClick={() => pick(n)} style={{ cursor: 'pointer' }}>
              {isEventNotice(n) ? (
                <>
                  <Typography.Text ellipsis style={{ maxWidth: 190 }}>
                    {text.notice(n)}
                  </Typography.Text>
                  <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: 'nowrap' }} title={f.date(n.created_at)} data-testid="notice-time">
                    {f.relative(n.created_at)}
                  </Typography.Text>
                  <Tag color={eventTypeTag(n).color}>{dict.label('eventType', n.event_type)}</Tag>
                </>
              ) : (
                <>
                  <Typography.Text ellipsis style={{ maxWidth: 250 }}>
                    {n.title}
                  </Typography.Text>
                  <Badge count={n.total} overflowCount={999} />
                </>
              )}
            </List.Item>
          )}
        />
      )}
    </div>
  );

  return (
    <Popover content={content} title={t('notices.listTitle')} trigger="click" open={open} onOpenChange={setOpen} placement="bottomRight">
      <Button type="text" aria-label={t('notices.bell', { count })} data-testid="notice-bell">
        <Badge count={count > 0 ? noticeBadge(count) : 0} size="small" data-testid="notice-badge">
          <BellOutlined style={{ fontSize: 18, color: 'rgba(255,255,255,0.85)' }} />
        </Badge>
      </Button>
    </Popover>
  );
}

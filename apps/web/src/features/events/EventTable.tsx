import { zoneLabel } from '@gridops/format';
import type { EventItem } from '@gridops/contract';
import { Table, Tag, Tooltip } from 'antd';
import type { TablePaginationConfig } from 'antd';
import type { HTMLAttributes, ReactNode } from 'react';
import { useFormat } from '../../shared/format/useFormat';
import { useEventText } from '../../shared/i18n/eventText';
import { useTranslation } from 'react-i18next';
import { useDictionary } from '../dictionary/store';

const TYPE_COLOR: Record<number, string> = { 1: 'blue', 2: 'gold', 3: 'red' };
const STATUS_COLOR: Record<string, string> = { pending: 'orange', acknowledged: 'blue', handled: 'green', closed: 'default' };

export function EventTable(props: {
  rows: EventItem[];
  loading?: boolean;
  activeId?: number | null;
  showSite?: boolean;
  pagination?: TablePaginationConfig | false;
  /** 'relative' ("5分钟前", full time on hover) for short recent lists; tables default to the full time. */
  timeMode?: 'absolute' | 'relative';
  /** Row selection for bulk actions (the events page); omitted on the homes' short lists. */
  selection?: { keys: number[]; onChange: (keys: number[]) => void };
  /** Extra last column (row actions). */
  actions?: (row: EventItem) => ReactNode;
  /** Clicking a row (outside its buttons) opens it. */
  onOpen?: (row: EventItem) => void;
}) {
  const { t } = useTranslation();
  const dict = useDictionary();
  const f = useFormat();
  const text = useEventText();
  return (
    <Table<EventItem>
      rowKey="id"
      size="small"
      loading={props.loading}
      dataSource={props.rows}
      pagination={props.pagination ?? false}
      scroll={{ x: 1000 }}
      rowClassName={(r) => (r.id === props.activeId ? 'ant-table-row-selected' : '')}
      rowSelection={
        props.selection
          ? {
              selectedRowKeys: props.selection.keys,
              onChange: (keys) => props.selection?.onChange(keys.map(Number)),
              getCheckboxProps: (r) => ({ 'data-testid': `event-select-${r.id}` }) as object,
            }
          : undefined
      }
      onRow={(r) =>
        ({
          'data-testid': `event-row-${r.id}`,
          'data-active': r.id === props.activeId ? '1' : '0',
          'data-status': r.status,
          style: props.onOpen ? { cursor: 'pointer' } : undefined,
          onClick: (e) => {
            // Buttons, checkboxes and links inside the row do their own thing.
            if (props.onOpen && !(e.target as HTMLElement).closest('button, a, input, label, .ant-checkbox-wrapper')) props.onOpen(r);
          },
        }) as HTMLAttributes<HTMLElement>
      }
      columns={[
        { title: t('events.time'), dataIndex: 'raised_at', width: props.showSite ? 200 : 170, render: (v: string, r: EventItem) => {
            // Times are the row's site's (its zone named in the tooltip), whatever the browser's zone; a list of
            // several sites marks the offset where the browser's clock would read otherwise.
            const zone = props.showSite ? f.zoneOf(r.project_id) : f.zone;
            return props.timeMode === 'relative' ? (
              <Tooltip title={`${props.showSite ? f.siteTime(v, r.project_id) : f.date(v)} ${zone ? zoneLabel(zone, Date.parse(v)) : ''}`}>
                <span data-time={v}>{f.relative(v)}</span>
              </Tooltip>
            ) : (
              <Tooltip title={zone ? zoneLabel(zone, Date.parse(v)) : undefined}>
                <span data-testid="event-time" data-time={v} data-zone={zone}>
                  {props.showSite ? f.siteTime(v, r.project_id) : f.date(v)}
                </span>
              </Tooltip>
            );
          },
        },
        ...(props.showSite ? [{ title: t('events.site'), dataIndex: 'project_name', width: 160 }] : []),
        { title: t('events.device'), dataIndex: 'device_name', width: 160, render: (_: string, r: EventItem) => text.device(r) },
        { title: t('events.type'), dataIndex: 'event_type', width: 80, render: (v: number) => <Tag color={TYPE_COLOR[v]}>{dict.label('eventType', v)}</Tag> },
        { title: t('events.level'), dataIndex: 'level', width: 90, render: (v: number) => dict.label('alarmLevel', v) },
        { title: t('events.status'), dataIndex: 'status', width: 100, render: (v: string) => <Tag color={STATUS_COLOR[v]} data-testid="event-status">{t(`events.statuses.${v}`)}</Tag> },
        { title: t('events.message'), dataIndex: 'message', render: (_: string, r: EventItem) => <span data-testid="event-message">{text.message(r)}</span> },
        ...(props.actions ? [{ title: t('common.actions'), key: 'actions', width: 200, fixed: 'right' as const, render: (_: unknown, r: EventItem) => props.actions?.(r) }] : []),
      ]}
    />
  );
}

import type { EventItem } from '@gridops/contract';
import { Table, Tag, Tooltip } from 'antd';
import type { TablePaginationConfig } from 'antd';
import { useFormat } from '../../shared/format/useFormat';
import { useTranslation } from 'react-i18next';

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
}) {
  const { t } = useTranslation();
  const f = useFormat();
  return (
    <Table<EventItem>
      rowKey="id"
      size="small"
      loading={props.loading}
      dataSource={props.rows}
      pagination={props.pagination ?? false}
      rowClassName={(r) => (r.id === props.activeId ? 'ant-table-row-selected' : '')}
      onRow={(r) => ({ 'data-testid': `event-row-${r.id}`, 'data-active': r.id === props.activeId ? '1' : '0' }) as React.HTMLAttributes<HTMLElement>}
      columns={[
        { title: t('events.time'), dataIndex: 'raised_at', width: 170, render: (v: string) =>
            props.timeMode === 'relative' ? (
              <Tooltip title={f.date(v)}>
                <span data-time={v}>{f.relative(v)}</span>
              </Tooltip>
            ) : (
              f.date(v)
            ),
        },
        ...(props.showSite ? [{ title: t('events.site'), dataIndex: 'project_name', width: 180 }] : []),
        { title: t('events.device'), dataIndex: 'device_name', width: 180 },
        { title: t('events.message'), dataIndex: 'message' },
        { title: t('events.type'), dataIndex: 'event_type', width: 90, render: (v: number) => <Tag color={TYPE_COLOR[v]}>{t(`events.types.${v}`)}</Tag> },
        { title: t('events.level'), dataIndex: 'level', width: 90, render: (v: number) => t(`alerts.levels.${v}`) },
        { title: t('events.status'), dataIndex: 'status', width: 100, render: (v: string) => <Tag color={STATUS_COLOR[v]}>{t(`events.statuses.${v}`)}</Tag> },
      ]}
    />
  );
}

import type { LedgerHistoryItem } from '@gridops/contract';
import { formatInZone } from '@gridops/format';
import { Empty, Pagination, Space, Tag, Timeline } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDisplayZone } from '../../shared/format/useSiteZone';
import { QueryState } from '../../shared/ui/QueryState';
import { localText } from '../../shared/ui/localName';
import { SETUP_QUERY } from '../../shared/ui/setupPageLooks';
import { useLedgerHistory } from './api';

const KIND_COLOUR = { event: 'red', workorder: 'blue', inspection: 'green', control: 'purple' } as const;
const PAGE_SIZE = 10;

/** The translation key of an item's state word: each source keeps its own vocabulary (and its translations). */
export function statusKey(item: Pick<LedgerHistoryItem, 'kind' | 'status'>): string {
  switch (item.kind) {
    case 'event':
      return `events.statuses.${item.status}`;
    case 'workorder':
      return `workorders.states.${item.status}`;
    case 'inspection':
      return `inspection.taskStatus.${item.status}`;
    case 'control':
      return `distribution.log.outcome.${item.status}`;
  }
}

/** A control-log line's title: the action as the control log names it. */
const titleOf = (item: LedgerHistoryItem, lang: string, t: (k: string, o?: Record<string, unknown>) => string) =>
  item.kind === 'control' ? t(`distribution.log.action.${item.title}`, { defaultValue: item.title }) : localText(item.title, item.title_en, lang);

/** A device's history, newest first, a page at a time: events, work orders, inspections and control operations. */
export function HistoryTab({ deviceId }: { deviceId: number }) {
  const { t, i18n } = useTranslation();
  const zone = useDisplayZone();
  const [page, setPage] = useState(1);
  const q = useLedgerHistory(deviceId, page, PAGE_SIZE);
  return (
    <QueryState look={SETUP_QUERY} loading={q.isPending} error={q.error} onRetry={() => void q.refetch()}>
      {q.data && q.data.total === 0 ? (
        <Empty description={t('ledger.history.empty')} />
      ) : (
        <Space orientation="vertical" style={{ width: '100%' }} data-testid="ledger-history">
          <Timeline
            items={(q.data?.items ?? []).map((item) => ({
              color: KIND_COLOUR[item.kind],
              content: (
                <div data-testid={`ledger-history-${item.kind}-${item.ref_id}`}>
                  <div>
                    <Tag color={KIND_COLOUR[item.kind]}>{t(`ledger.history.kinds.${item.kind}`)}</Tag>
                    <span>{formatInZone(new Date(item.at), zone, 'YYYY-MM-DD HH:mm')}</span>
                  </div>
                  <div>
                    {titleOf(item, i18n.language, t)} · {t(statusKey(item), { defaultValue: item.status })}
                  </div>
                </div>
              ),
            }))}
          />
          <Pagination size="small" current={page} pageSize={PAGE_SIZE} total={q.data?.total ?? 0} onChange={setPage} showSizeChanger={false} hideOnSinglePage />
        </Space>
      )}
    </QueryState>
  );
}

import type { EventItem } from '@gridops/contract';
import { Alert, App, Button, Card, Empty, Space, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLeafHandle } from '../../shared/ui/useLeafHandle';
import { useSession } from '../../session/store';
import { ExportButton } from '../../shared/export';
import { useFormat } from '../../shared/format/useFormat';
import { useEventAction, useEventPage } from './api';
import { ActiveEventAlert } from './ActiveEventAlert';
import { EventActions } from './EventActions';
import { EventDrawer } from './EventDrawer';
import { EventFilters } from './EventFilters';
import { EventTable } from './EventTable';
import { acknowledgeable, emptyEventFilters, eventExportColumns, toEventQuery } from './eventFilters';
import type { EventFilterState } from './eventFilters';

const PAGE_SIZES = [20, 50, 100];

/**
 * Events of the site (site area), of every site in scope (centre, worker): filter, page, acknowledge (also in
 * bulk), handle with a note, close, open one for its curve and audit log, export the page to .xlsx.
 */
export function EventsPage() {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const area = useLeafHandle()?.area;
  const proID = useSession((s) => s.proID);
  const activeId = useSession((s) => s.activeEventId);
  const typeHidden = useSession((s) => s.eventTypeFilterHidden);
  const [filters, setFiltersState] = useState<EventFilterState>(emptyEventFilters);
  const [page, setPage] = useState(1);
  const [size, setSize] = useState(20);
  const [selected, setSelected] = useState<number[]>([]);
  const [open, setOpen] = useState<EventItem | null>(null);
  const bulk = useEventAction();

  const scopeProjectId = area === 'site' ? proID : null;
  const showSite = scopeProjectId === null;
  const query = useMemo(() => toEventQuery(filters, { scopeProjectId, typeFilterHidden: typeHidden, page, size }), [filters, scopeProjectId, typeHidden, page, size]);
  const list = useEventPage(query);
  const rows = useMemo(() => list.data?.list ?? [], [list.data]);
  // The drawer follows the list's fresh copy, so its status and actions change right after an action.
  const openRow = open ? (rows.find((r) => r.id === open.id) ?? open) : null;
  const fmt = useFormat();
  const columns = useMemo(() => eventExportColumns(t, showSite, i18n.language === 'en' ? 'en' : 'zh', fmt.zoneOf), [t, showSite, i18n.language, fmt.zoneOf]);
  const ackIds = acknowledgeable(rows, selected);

  const setFilters = (f: EventFilterState) => {
    setFiltersState(f);
    setPage(1);
    setSelected([]);
  };

  if (area === 'site' && proID === null)
    return <Empty style={{ marginTop: 64 }} description={t('events.selectSite')} data-testid="need-site" />;

  return (
    <Card data-testid="events-page" data-scope={showSite ? 'all' : 'site'}>
      <EventFilters value={filters} onChange={setFilters} scopeProjectId={scopeProjectId} showSite={showSite} typeHidden={typeHidden} />
      {typeHidden && <ActiveEventAlert activeId={activeId} rows={rows} onOpen={setOpen} />}
      <Space style={{ marginBottom: 12, width: '100%', justifyContent: 'space-between' }} wrap>
        <Space>
          <Button
            type="primary"
            disabled={ackIds.length === 0}
            loading={bulk.isPending}
            data-testid="events-bulk-ack"
            onClick={() =>
              bulk.mutate(
                { kind: 'acknowledge', ids: ackIds },
                {
                  onSuccess: (r) => {
                    setSelected([]);
                    void message.success(t('events.bulkDone', { count: r.updated }));
                  },
                },
              )
            }
          >
            {t('events.bulkAck', { count: ackIds.length })}
          </Button>
          <Typography.Text type="secondary">{t('events.total', { count: list.data?.total ?? 0 })}</Typography.Text>
        </Space>
        <ExportButton fileName={`${t('events.exportName')}-${page}`} columns={columns} rows={rows} options={{ sheet: t('events.exportName') }}>
          {t('events.exportPage')}
        </ExportButton>
      </Space>
      {list.error ? (
        <Alert type="error" showIcon title={t('common.loadFailed')} action={<Button size="small" onClick={() => void list.refetch()}>{t('common.retry')}</Button>} />
      ) : (
        <EventTable
          rows={rows}
          loading={list.isFetching && !list.data}
          activeId={activeId}
          showSite={showSite}
          selection={{ keys: selected, onChange: setSelected }}
          actions={(r) => <EventActions event={r} />}
          onOpen={setOpen}
          pagination={{
            current: page,
            pageSize: size,
            total: list.data?.total ?? 0,
            showSizeChanger: true,
            pageSizeOptions: PAGE_SIZES,
            onChange: (p, s) => {
              setPage(s === size ? p : 1);
              setSize(s);
              setSelected([]);
            },
          }}
        />
      )}
      <EventDrawer event={openRow} onClose={() => setOpen(null)} />
    </Card>
  );
}

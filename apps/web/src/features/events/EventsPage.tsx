import { Alert, Button, Card, Select, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLeafHandle } from '../../app/layout/RootLayout';
import { patchSession, useSession } from '../../app/sessionStore';
import { useEvents } from './api';
import { EventTable } from './EventTable';

/** Event list for the centre (all sites), a site, or a worker's sites; highlights the active event. */
export function EventsPage() {
  const { t } = useTranslation();
  const area = useLeafHandle()?.area;
  const proID = useSession((s) => s.proID);
  const activeId = useSession((s) => s.activeEventId);
  const typeHidden = useSession((s) => s.eventTypeFilterHidden);
  const [type, setType] = useState<number | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const projectId = area === 'site' ? proID : null;
  const { data, isFetching } = useEvents({ project_id: projectId, type: typeHidden ? null : type, status, page, size: 20 });

  return (
    <Card data-testid="events-page">
      <Space style={{ marginBottom: 12 }} wrap>
        {!typeHidden && (
          <Select
            data-testid="event-type-filter"
            style={{ width: 140 }}
            value={type}
            onChange={setType}
            options={[{ value: null, label: t('events.allTypes') }, ...[1, 2, 3].map((v) => ({ value: v, label: t(`events.types.${v}`) }))]}
          />
        )}
        <Select
          style={{ width: 140 }}
          value={status}
          onChange={setStatus}
          options={[{ value: null, label: t('events.allStatuses') }, ...['pending', 'acknowledged', 'handled', 'closed'].map((v) => ({ value: v, label: t(`events.statuses.${v}`) }))]}
        />
        {typeHidden && (
          <Button onClick={() => patchSession({ eventTypeFilterHidden: false, activeEventId: null })} data-testid="events-show-all">
            {t('events.showAll')}
          </Button>
        )}
      </Space>
      {activeId !== null && <Alert type="warning" showIcon title={`${t('events.active')}: #${activeId}`} style={{ marginBottom: 12 }} data-testid="active-event" />}
      <EventTable
        rows={data?.list ?? []}
        loading={isFetching && !data}
        activeId={activeId}
        showSite={projectId === null}
        pagination={{ current: page, pageSize: 20, total: data?.total ?? 0, onChange: setPage, showSizeChanger: false }}
      />
    </Card>
  );
}

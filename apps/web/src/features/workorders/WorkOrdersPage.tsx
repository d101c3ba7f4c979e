import { WO_PRIORITIES, WO_STATES, type WorkOrder, type WoPriority, type WoState } from '@gridops/contract';
import { PlusOutlined } from '@ant-design/icons';
import { Button, Card, Select, Space, Switch, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../session/store';
import { localText } from '../../shared/ui/localName';
import { useOrgTree } from '../org/api';
import { useAssignees, useWorkOrders } from './api';
import { CreateWorkOrderModal, type WorkOrderPrefill } from './CreateWorkOrderForm';
import { SlaSettings } from './SlaSettings';
import { WorkOrderDrawer } from './WorkOrderDrawer';
import { PriorityTag, SlaCountdown, StateTag, useWoText } from './woUi';

/**
 * The work-order list of a site (/OperMainte/SolveTask: the selected site) or of the centre (/CentreSolve: every
 * site of the organisation, with a site filter): filters, SLA countdowns, the detail drawer, the create form.
 */
export function WorkOrdersPage({ scope }: { scope: 'site' | 'centre' }) {
  const { t, i18n } = useTranslation();
  useOrgTree();
  const text = useWoText();
  const proID = useSession((s) => s.proID);
  const proList = useSession((s) => s.proList);
  const userType = useSession((s) => s.userType);
  const [site, setSite] = useState<number | undefined>(undefined);
  const [state, setState] = useState<WoState | 'open' | undefined>('open');
  const [priority, setPriority] = useState<WoPriority | undefined>();
  const [assignee, setAssignee] = useState<number | undefined>();
  const [overdue, setOverdue] = useState(false);
  const [page, setPage] = useState(1);
  const [openId, setOpenId] = useState<number | null>(null);
  const [creating, setCreating] = useState<WorkOrderPrefill | null>(null);
  const projectId = scope === 'site' ? (proID ?? undefined) : site;
  const assignees = useAssignees(projectId ?? null);
  const q = useWorkOrders(
    {
      project_id: projectId,
      state: state && state !== 'open' ? state : undefined,
      open: state === 'open' ? 'true' : undefined,
      priority,
      assignee_user_id: assignee,
      overdue: overdue ? 'true' : undefined,
      page,
      size: 20,
    },
    { poll: true },
  );
  const createFor = projectId ?? proList[0]?.id;

  return (
    <div data-testid="workorders-page" data-scope={scope}>
      <Card size="small" style={{ marginBottom: 12 }}>
        <Space wrap>
          {scope === 'centre' && (
            <Select
              allowClear
              style={{ minWidth: 200 }}
              placeholder={t('workorders.site')}
              value={site}
              onChange={(v) => (setSite(v), setAssignee(undefined), setPage(1))}
              data-testid="wo-filter-site"
              options={proList.map((p) => ({ value: p.id, label: localText(p.name, p.name_en, i18n.language) }))}
            />
          )}
          <Select
            style={{ minWidth: 130 }}
            value={state ?? 'all'}
            onChange={(v) => (setState(v === 'all' ? undefined : (v as WoState | 'open')), setPage(1))}
            data-testid="wo-filter-state"
            options={[{ value: 'open', label: t('workorders.openOnly') }, { value: 'all', label: t('workorders.all') }, ...WO_STATES.map((s) => ({ value: s, label: t(`workorders.states.${s}`) }))]}
          />
          <Select
            allowClear
            style={{ minWidth: 110 }}
            placeholder={t('workorders.priority')}
            value={priority}
            onChange={(v) => (setPriority(v), setPage(1))}
            data-testid="wo-filter-priority"
            options={WO_PRIORITIES.map((p) => ({ value: p, label: t(`workorders.priorities.${p}`) }))}
          />
          {projectId !== undefined && (
            <Select
              allowClear
              style={{ minWidth: 130 }}
              placeholder={t('workorders.assignee')}
              value={assignee}
              onChange={(v) => (setAssignee(v), setPage(1))}
              data-testid="wo-filter-assignee"
              options={(assignees.data ?? []).filter((a) => a.kind === 'user').map((a) => ({ value: a.id, label: localText(a.name, a.name_en, i18n.language) }))}
            />
          )}
          <Space size={4}>
            <Switch checked={overdue} onChange={(v) => (setOverdue(v), setPage(1))} data-testid="wo-filter-overdue" />
            <Typography.Text>{t('workorders.onlyOverdue')}</Typography.Text>
          </Space>
          <Button type="primary" icon={<PlusOutlined />} disabled={createFor === undefined} data-testid="wo-create" onClick={() => createFor !== undefined && setCreating({ project_id: createFor, source: { kind: 'manual', ref: '' }, title: '', title_en: '', priority: 'normal' })}>
            {t('workorders.create')}
          </Button>
          {scope === 'centre' && userType === 0 && <SlaSettings />}
        </Space>
      </Card>
      <Card size="small">
        <Table<WorkOrder>
          rowKey="id"
          size="middle"
          loading={q.isLoading}
          dataSource={q.data?.list ?? []}
          locale={{ emptyText: t('workorders.empty') }}
          onRow={(r) => ({ onClick: () => setOpenId(r.id), style: { cursor: 'pointer' }, 'data-testid': `wo-row-${r.id}`, 'data-state': r.state } as object)}
          pagination={{ current: page, pageSize: 20, total: q.data?.total ?? 0, onChange: setPage, showSizeChanger: false }}
          columns={[
            { title: t('workorders.code'), dataIndex: 'code', width: 110 },
            { title: t('workorders.orderTitle'), render: (_, r) => text.title(r), ellipsis: true, width: scope === 'centre' ? 300 : undefined },
            ...(scope === 'centre' ? [{ title: t('workorders.site'), render: (_: unknown, r: WorkOrder) => text.site(r), ellipsis: true }] : []),
            { title: t('workorders.priority'), width: 90, render: (_, r) => <PriorityTag priority={r.priority} /> },
            { title: t('workorders.state'), width: 100, render: (_, r) => <StateTag state={r.state} /> },
            { title: t('workorders.assignee'), width: 140, render: (_, r) => text.assignee(r), ellipsis: true },
            { title: 'SLA', width: 200, render: (_, r) => <SlaCountdown order={r} compact /> },
            { title: t('workorders.created'), width: 150, render: (_, r) => text.time(r, r.created_at) },
          ]}
        />
      </Card>
      <WorkOrderDrawer id={openId} onClose={() => setOpenId(null)} />
      <CreateWorkOrderModal open={creating !== null} prefill={creating} onClose={(id) => (setCreating(null), id !== undefined && setOpenId(id))} />
    </div>
  );
}

export const SolveTaskPage = () => <WorkOrdersPage scope="site" />;
export const CentreSolvePage = () => <WorkOrdersPage scope="centre" />;

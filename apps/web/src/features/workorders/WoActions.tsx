import type { WoAction, WorkOrder } from '@gridops/contract';
import { App, Button, Input, Modal, Popconfirm, Select, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { localText } from '../../shared/ui/localName';
import { useAssignees, useTransition } from './api';
import { toAssignee } from './CreateWorkOrderForm';
import { ResolveForm } from './ResolveForm';

const SIMPLE: WoAction[] = ['accept', 'arrive', 'verify'];

/** The actions the server says the caller may take on this order, each one transition. */
export function WoActions({ order, large = false }: { order: WorkOrder; large?: boolean }) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const tr = useTransition();
  const [reasonFor, setReasonFor] = useState<'decline' | 'reject' | null>(null);
  const [reason, setReason] = useState('');
  const [resolving, setResolving] = useState(false);
  const [assignee, setAssignee] = useState<string | undefined>(order.assignee_id ? `${order.assignee_kind}:${order.assignee_id}` : undefined);
  const assignees = useAssignees(order.actions.includes('assign') ? order.project_id : null);
  const size = large ? 'large' : 'middle';
  const btn = large ? { height: 52, fontSize: 17, flex: 1, minWidth: 140 } : undefined;
  const ok = () => void message.success(t('workorders.done'));
  const run = (action: WoAction, extra: Record<string, unknown> = {}, after?: () => void) =>
    tr.mutate({ id: order.id, version: order.version, action, ...extra }, { onSuccess: () => (ok(), after?.()) });

  if (order.actions.length === 0) return null;
  return (
    <div data-testid="wo-actions">
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8, alignItems: 'center' }}>
        {order.actions.includes('assign') && (
          <Space.Compact>
            <Select
              size={size}
              style={{ minWidth: 180 }}
              value={assignee}
              onChange={setAssignee}
              placeholder={t('workorders.chooseAssignee')}
              data-testid="wo-assign-select"
              options={(assignees.data ?? []).map((a) => ({ value: `${a.kind}:${a.id}`, label: `${localText(a.name, a.name_en, i18n.language)} · ${t(a.kind === 'expert' ? 'workorders.expert' : 'workorders.workerRole')}` }))}
            />
            <Button autoInsertSpace={false} size={size} type="primary" disabled={!assignee} loading={tr.isPending} data-testid="wo-act-assign" onClick={() => run('assign', { assignee: toAssignee(assignee) })}>
              {t('workorders.actions.assign')}
            </Button>
          </Space.Compact>
        )}
        {SIMPLE.filter((a) => order.actions.includes(a)).map((a) => (
          <Button autoInsertSpace={false} key={a} type="primary" size={size} style={btn} loading={tr.isPending && tr.variables.action === a} data-testid={`wo-act-${a}`} onClick={() => run(a)}>
            {t(`workorders.actions.${a}`)}
          </Button>
        ))}
        {order.actions.includes('resolve') && (
          <Button autoInsertSpace={false} type="primary" size={size} style={btn} data-testid="wo-act-resolve" onClick={() => setResolving(true)}>
            {t('workorders.actions.resolve')}
          </Button>
        )}
        {(['decline', 'reject'] as const)
          .filter((a) => order.actions.includes(a))
          .map((a) => (
            <Button autoInsertSpace={false} key={a} danger size={size} style={btn} data-testid={`wo-act-${a}`} onClick={() => setReasonFor(a)}>
              {t(`workorders.actions.${a}`)}
            </Button>
          ))}
        {order.actions.includes('close') && (
          <Popconfirm title={t('workorders.actions.close')} okText={t('workorders.confirm')} cancelText={t('workorders.cancel')} okButtonProps={{ 'data-testid': 'wo-close-confirm' }} onConfirm={() => run('close')}>
            <Button autoInsertSpace={false} size={size} style={btn} data-testid="wo-act-close">
              {t('workorders.actions.close')}
            </Button>
          </Popconfirm>
        )}
      </div>
      <Modal
        open={reasonFor !== null}
        title={reasonFor ? t(`workorders.actions.${reasonFor}`) : ''}
        okText={t('workorders.submit')}
        cancelText={t('workorders.cancel')}
        okButtonProps={{ disabled: !reason.trim(), 'data-testid': 'wo-reason-ok' }}
        confirmLoading={tr.isPending}
        onCancel={() => setReasonFor(null)}
        onOk={() => reasonFor && run(reasonFor, { reason: reason.trim() }, () => (setReasonFor(null), setReason('')))}
        destroyOnHidden
      >
        <Input.TextArea rows={3} maxLength={500} value={reason} onChange={(e) => setReason(e.target.value)} placeholder={t('workorders.reason')} data-testid="wo-reason" />
      </Modal>
      <Modal open={resolving} title={t('workorders.actions.resolve')} footer={null} onCancel={() => setResolving(false)} destroyOnHidden width={large ? '100%' : 520} style={large ? { top: 0, maxWidth: '100vw', padding: 0 } : undefined}>
        <ResolveForm large={large} loading={tr.isPending} onSubmit={(v) => run('resolve', { ...v }, () => setResolving(false))} />
      </Modal>
    </div>
  );
}

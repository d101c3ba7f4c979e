import { workOrderApi, WO_PRIORITIES, type WoPriority } from '@gridops/contract';
import { App, Button, InputNumber, Modal, Table } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/api';
import { useSession } from '../../session/store';

type Row = { priority: WoPriority; respond_minutes: number; resolve_minutes: number };

/** The organisation's respond/resolve minutes per priority (centre users with configure). */
export function SlaSettings() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const orgId = useSession((s) => s.userInfo?.org_id ?? null);
  const [open, setOpen] = useState(false);
  const [rows, setRows] = useState<Row[] | null>(null);
  const [saving, setSaving] = useState(false);
  const q = useQuery({ queryKey: ['workorders', 'sla', orgId], queryFn: () => api(workOrderApi.sla, { org_id: orgId ?? undefined }), enabled: open && orgId !== null });
  const shown = rows ?? q.data?.rows ?? [];
  const set = (p: WoPriority, k: 'respond_minutes' | 'resolve_minutes', v: number | null) => setRows(shown.map((r) => (r.priority === p ? { ...r, [k]: v ?? 1 } : r)));
  return (
    <>
      <Button onClick={() => setOpen(true)} data-testid="wo-sla-open">
        {t('workorders.slaTitle')}
      </Button>
      <Modal
        open={open}
        title={t('workorders.slaTitle')}
        okText={t('workorders.submit')}
        cancelText={t('workorders.cancel')}
        confirmLoading={saving}
        onCancel={() => (setOpen(false), setRows(null))}
        onOk={() => {
          if (orgId === null) return;
          setSaving(true);
          api(workOrderApi.saveSla, { org_id: orgId, rows: shown })
            .then(() => (void message.success(t('workorders.done')), setOpen(false), setRows(null)))
            .catch(() => undefined)
            .finally(() => setSaving(false));
        }}
        destroyOnHidden
      >
        <Table<Row>
          rowKey="priority"
          size="small"
          pagination={false}
          loading={q.isLoading}
          dataSource={WO_PRIORITIES.map((p) => shown.find((r) => r.priority === p)).filter((r): r is Row => r !== undefined)}
          columns={[
            { title: t('workorders.priority'), render: (_, r) => t(`workorders.priorities.${r.priority}`) },
            { title: t('workorders.respondMinutes'), render: (_, r) => <InputNumber min={1} max={100000} value={r.respond_minutes} onChange={(v) => set(r.priority, 'respond_minutes', v)} /> },
            { title: t('workorders.resolveMinutes'), render: (_, r) => <InputNumber min={1} max={100000} value={r.resolve_minutes} onChange={(v) => set(r.priority, 'resolve_minutes', v)} /> },
          ]}
        />
      </Modal>
    </>
  );
}

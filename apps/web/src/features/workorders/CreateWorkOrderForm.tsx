import { WO_PRIORITIES, type WoPriority, type WoSource } from '@gridops/contract';
import { Form, Input, Modal, Segmented, Select } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { localText } from '../../shared/ui/localName';
import { useAssignees, useCreateWorkOrder } from './api';

export interface WorkOrderPrefill {
  project_id: number;
  source: { kind: WoSource; ref: string };
  title: string;
  title_en: string;
  description?: string;
  priority: WoPriority;
  device_id?: number | null;
}

interface Values {
  title: string;
  title_en: string;
  description: string;
  priority: WoPriority;
  assignee?: string;
}

/** The create form's fields (used alone in a modal, and inside the events' "处理" dialog). */
export function WorkOrderFields({ projectId }: { projectId: number | null }) {
  const { t, i18n } = useTranslation();
  const assignees = useAssignees(projectId);
  return (
    <>
      <Form.Item name="title" label={t('workorders.titleZh')} rules={[{ required: true, whitespace: true, message: t('workorders.required') }]}>
        <Input maxLength={200} data-testid="wo-form-title" />
      </Form.Item>
      <Form.Item name="title_en" label={t('workorders.titleEn')}>
        <Input maxLength={200} data-testid="wo-form-title-en" />
      </Form.Item>
      <Form.Item name="description" label={t('workorders.description')}>
        <Input.TextArea rows={3} maxLength={2000} data-testid="wo-form-description" />
      </Form.Item>
      <Form.Item name="priority" label={t('workorders.priority')}>
        <Segmented data-testid="wo-form-priority" options={WO_PRIORITIES.map((p) => ({ value: p, label: t(`workorders.priorities.${p}`) }))} />
      </Form.Item>
      <Form.Item name="assignee" label={t('workorders.assignee')}>
        <Select
          allowClear
          data-testid="wo-form-assignee"
          placeholder={t('workorders.chooseAssignee')}
          loading={assignees.isLoading}
          options={(assignees.data ?? []).map((a) => ({
            value: `${a.kind}:${a.id}`,
            label: `${localText(a.name, a.name_en, i18n.language)} · ${t(a.kind === 'expert' ? 'workorders.expert' : 'workorders.workerRole')}`,
          }))}
        />
      </Form.Item>
    </>
  );
}

export const toAssignee = (v: string | undefined) => {
  if (!v) return null;
  const [kind, id] = v.split(':');
  return { kind: kind === 'expert' ? ('expert' as const) : ('user' as const), id: Number(id) };
};

/** The "new work order" dialog; `prefill` comes from an event or an inspection finding. */
export function CreateWorkOrderModal({ open, prefill, onClose }: { open: boolean; prefill: WorkOrderPrefill | null; onClose: (createdId?: number) => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const create = useCreateWorkOrder();
  useEffect(() => {
    if (open && prefill) form.setFieldsValue({ title: prefill.title, title_en: prefill.title_en, description: prefill.description ?? '', priority: prefill.priority, assignee: undefined });
  }, [open, prefill, form]);
  return (
    <Modal
      open={open}
      title={t('workorders.create')}
      okText={t('workorders.submit')}
      cancelText={t('workorders.cancel')}
      confirmLoading={create.isPending}
      okButtonProps={{ 'data-testid': 'wo-create-ok' }}
      onCancel={() => onClose()}
      onOk={() =>
        void form.validateFields().then((v) => {
          if (!prefill) return;
          create.mutate(
            { project_id: prefill.project_id, source: prefill.source, device_id: prefill.device_id ?? null, title: v.title, title_en: v.title_en ?? '', description: v.description ?? '', priority: v.priority, assignee: toAssignee(v.assignee) },
            { onSuccess: (d) => onClose(d.id) },
          );
        })
      }
      destroyOnHidden
    >
      <Form form={form} layout="vertical" initialValues={{ priority: 'normal' }} data-testid="wo-create-form">
        <WorkOrderFields projectId={prefill?.project_id ?? null} />
      </Form>
    </Modal>
  );
}

import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useDisplayZone } from '../../shared/format/useSiteZone';
import { SCHEDULE_KINDS, type CheckpointKind, type InspectionPlan, type InspectionSchedule, type InspectionTemplate } from '@gridops/contract';
import { siteDate } from '@gridops/format';
import { App, Button, Checkbox, Drawer, Form, Input, InputNumber, Select, Space } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { localText } from '../../shared/ui/localName';
import { inspectionCalls, usePlanOptions } from './api';
import { showRefusal } from './formErrors';

interface Values {
  name: string;
  name_en: string;
  checkpoints: { ref: string; template_id: number }[];
  kind: InspectionSchedule['kind'];
  start_date: string;
  until: string;
  weekdays: number[];
  month_day: number | null;
  window_start: string;
  window_end: string;
  assignee_id: number;
}

const refOf = (kind: CheckpointKind, id: number) => `${kind}:${id}`;

/** Create or edit a plan: the route (checkpoints in order, each with its checklist), schedule, window and assignee. */
export function PlanDrawer({ projectId, plan, templates, open, onClose, onSaved }: { projectId: number; plan: InspectionPlan | null; templates: InspectionTemplate[]; open: boolean; onClose: () => void; onSaved: () => void }) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const options = usePlanOptions(projectId);
  const displayZone = useDisplayZone();
  const zone = options.data?.timezone ?? displayZone;

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(
      plan
        ? {
            name: plan.name,
            name_en: plan.name_en,
            checkpoints: plan.checkpoints.map((c) => ({ ref: refOf(c.kind, c.ref_id), template_id: c.template_id })),
            kind: plan.schedule.kind,
            start_date: plan.schedule.start_date,
            until: plan.schedule.until ?? '',
            weekdays: plan.schedule.weekdays,
            month_day: plan.schedule.month_day,
            window_start: plan.window_start,
            window_end: plan.window_end,
            assignee_id: plan.assignee_id,
          }
        : { name: '', name_en: '', checkpoints: [{ ref: '', template_id: templates[0]?.id ?? 0 }], kind: 'daily', start_date: siteDate(zone), until: '', weekdays: [1], month_day: 1, window_start: '09:00', window_end: '12:00' },
    );
  }, [open, plan, form, templates, zone]);

  const save = async () => {
    const v = await form.validateFields();
    const body = {
      name: v.name,
      name_en: v.name_en ?? '',
      checkpoints: v.checkpoints.map((c) => {
        const [kind, id] = c.ref.split(':');
        return { kind: kind as CheckpointKind, ref_id: Number(id), template_id: c.template_id };
      }),
      schedule: { kind: v.kind, start_date: v.start_date, until: v.until || null, weekdays: v.kind === 'weekly' ? v.weekdays : [], month_day: v.kind === 'monthly' ? v.month_day : null },
      window_start: v.window_start,
      window_end: v.window_end,
      assignee_id: v.assignee_id,
    };
    setSaving(true);
    try {
      if (plan) await inspectionCalls.updatePlan({ id: plan.id, ...body, version: plan.version });
      else await inspectionCalls.createPlan({ project_id: projectId, ...body });
      message.success(t('inspection.saved'));
      onSaved();
    } catch (e) {
      message.error(showRefusal(form, e, { ref_id: 'ref', kind: 'ref', start_date: 'start_date' }).message);
    } finally {
      setSaving(false);
    }
  };

  const req = [{ required: true, message: t('inspection.required') }];
  const cpOptions = (options.data?.checkpoints ?? []).map((c) => ({
    value: refOf(c.kind, c.ref_id),
    label: `${t(`inspection.${c.kind}`)} · ${c.room ? `${localText(c.room, c.room_en, i18n.language)} / ` : ''}${localText(c.name, c.name_en, i18n.language)} (${c.code})`,
  }));
  return (
    <Drawer open={open} onClose={onClose} title={plan ? t('inspection.edit') : t('inspection.add')} size={620} destroyOnHidden extra={<Button type="primary" loading={saving} onClick={() => void save()} data-testid="plan-save">{t('inspection.save')}</Button>}>
      <Form form={form} layout="vertical" data-testid="plan-form">
        <Space.Compact block>
          <Form.Item name="name" label={t('inspection.name')} rules={req} style={{ flex: 1 }}>
            <Input maxLength={60} data-testid="plan-name" />
          </Form.Item>
          <Form.Item name="name_en" label={t('inspection.nameEn')} style={{ flex: 1 }}>
            <Input maxLength={80} data-testid="plan-name-en" />
          </Form.Item>
        </Space.Compact>
        <Form.Item label={t('inspection.route')} required>
          <Form.List name="checkpoints">
            {(fields, { add, remove }) => (
              <>
                {fields.map((f, i) => (
                  <Space key={f.key} align="baseline" style={{ display: 'flex' }}>
                    <span>{i + 1}.</span>
                    <Form.Item name={[f.name, 'ref']} rules={req} style={{ width: 330 }}>
                      <Select showSearch={{ optionFilterProp: 'label' }} options={cpOptions} placeholder={t('inspection.checkpoint')} data-testid={`plan-cp-${i}`} />
                    </Form.Item>
                    <Form.Item name={[f.name, 'template_id']} rules={req} style={{ width: 170 }}>
                      <Select options={templates.map((x) => ({ value: x.id, label: localText(x.name, x.name_en, i18n.language) }))} placeholder={t('inspection.checklist')} data-testid={`plan-tpl-${i}`} />
                    </Form.Item>
                    <Button type="text" danger icon={<DeleteOutlined />} onClick={() => remove(f.name)} disabled={fields.length === 1} />
                  </Space>
                ))}
                <Button icon={<PlusOutlined />} onClick={() => add({ ref: '', template_id: templates[0]?.id })} data-testid="plan-add-cp">
                  {t('inspection.addCheckpoint')}
                </Button>
              </>
            )}
          </Form.List>
        </Form.Item>
        <Space wrap>
          <Form.Item name="kind" label={t('inspection.schedule')} rules={req}>
            <Select style={{ width: 110 }} options={SCHEDULE_KINDS.map((k) => ({ value: k, label: t(`inspection.kind.${k}`) }))} data-testid="plan-kind" />
          </Form.Item>
          <Form.Item name="start_date" label={t('inspection.startDate')} rules={req}>
            <Input type="date" data-testid="plan-start" />
          </Form.Item>
          <Form.Item name="until" label={t('inspection.until')}>
            <Input type="date" />
          </Form.Item>
        </Space>
        <Form.Item noStyle shouldUpdate={(a: Values, b: Values) => a.kind !== b.kind}>
          {() =>
            form.getFieldValue('kind') === 'weekly' ? (
              <Form.Item name="weekdays" label={t('inspection.weekdays')} rules={req}>
                <Checkbox.Group options={[1, 2, 3, 4, 5, 6, 7].map((d) => ({ value: d, label: t(`inspection.weekday.${d}`) }))} />
              </Form.Item>
            ) : form.getFieldValue('kind') === 'monthly' ? (
              <Form.Item name="month_day" label={t('inspection.monthDay')} rules={req}>
                <InputNumber min={1} max={31} />
              </Form.Item>
            ) : null
          }
        </Form.Item>
        <Space wrap>
          <Form.Item name="window_start" label={`${t('inspection.window')} · ${t('inspection.windowStart')}`} rules={req}>
            <Input type="time" data-testid="plan-window-start" />
          </Form.Item>
          <Form.Item name="window_end" label={t('inspection.windowEnd')} rules={req}>
            <Input type="time" data-testid="plan-window-end" />
          </Form.Item>
          <Form.Item name="assignee_id" label={t('inspection.assignee')} rules={req}>
            <Select style={{ width: 180 }} options={(options.data?.workers ?? []).map((w) => ({ value: w.id, label: localText(w.name, w.name_en, i18n.language) }))} data-testid="plan-assignee" />
          </Form.Item>
        </Space>
      </Form>
    </Drawer>
  );
}

import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { ITEM_CATEGORIES, ITEM_KINDS, type InspectionItem, type InspectionTemplate } from '@gridops/contract';
import { App, Button, Card, Checkbox, Drawer, Form, Input, InputNumber, Select, Space } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { inspectionCalls } from './api';
import { showRefusal } from './formErrors';

interface Values {
  name: string;
  name_en: string;
  items: InspectionItem[];
}

let keySeq = 0;
const newKey = () => `i${Date.now().toString(36)}${(keySeq++).toString(36)}`;

/** Create or edit an inspection template: its check items (visual, reading with unit and range, photo, choice). */
export function TemplateDrawer({ projectId, template, open, onClose, onSaved }: { projectId: number; template: InspectionTemplate | null; open: boolean; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(template ? { name: template.name, name_en: template.name_en, items: template.items } : { name: '', name_en: '', items: [{ key: newKey(), kind: 'visual', category: 'electrical', name: '', name_en: '', unit: '', min: null, max: null, options: [] }] });
  }, [open, template, form]);

  const save = async () => {
    const v = await form.validateFields();
    const items = v.items.map((i) => ({ ...i, unit: i.unit ?? '', min: i.min ?? null, max: i.max ?? null, options: i.kind === 'choice' ? (i.options ?? []).map((o) => ({ zh: o.zh, en: o.en ?? '', abnormal: !!o.abnormal })) : [] }));
    setSaving(true);
    try {
      if (template) await inspectionCalls.updateTemplate({ id: template.id, name: v.name, name_en: v.name_en ?? '', items, version: template.version });
      else await inspectionCalls.createTemplate({ project_id: projectId, name: v.name, name_en: v.name_en ?? '', items });
      message.success(t('inspection.saved'));
      onSaved();
    } catch (e) {
      message.error(showRefusal(form, e).message);
    } finally {
      setSaving(false);
    }
  };

  const req = [{ required: true, message: t('inspection.required') }];
  return (
    <Drawer open={open} onClose={onClose} title={template ? t('inspection.edit') : t('inspection.add')} size={560} destroyOnHidden extra={<Button type="primary" loading={saving} onClick={() => void save()} data-testid="template-save">{t('inspection.save')}</Button>}>
      <Form form={form} layout="vertical" data-testid="template-form">
        <Space.Compact block>
          <Form.Item name="name" label={t('inspection.name')} rules={req} style={{ flex: 1 }}>
            <Input maxLength={60} />
          </Form.Item>
          <Form.Item name="name_en" label={t('inspection.nameEn')} style={{ flex: 1 }}>
            <Input maxLength={80} />
          </Form.Item>
        </Space.Compact>
        <Form.List name="items">
          {(fields, { add, remove }) => (
            <>
              {fields.map((f) => (
                <Card key={f.key} size="small" style={{ marginBottom: 8 }} extra={<Button size="small" type="text" danger icon={<DeleteOutlined />} onClick={() => remove(f.name)} />}>
                  <Form.Item name={[f.name, 'key']} hidden>
                    <Input />
                  </Form.Item>
                  <Space wrap>
                    <Form.Item name={[f.name, 'kind']} label={t('inspection.items')} rules={req}>
                      <Select style={{ width: 150 }} options={ITEM_KINDS.map((k) => ({ value: k, label: t(`inspection.itemKind.${k}`) }))} />
                    </Form.Item>
                    <Form.Item name={[f.name, 'category']} label={t('inspection.categoryLabel')} rules={req}>
                      <Select style={{ width: 110 }} options={ITEM_CATEGORIES.map((k) => ({ value: k, label: t(`inspection.category.${k}`) }))} />
                    </Form.Item>
                    <Form.Item name={[f.name, 'name']} label={t('inspection.name')} rules={req}>
                      <Input maxLength={60} />
                    </Form.Item>
                    <Form.Item name={[f.name, 'name_en']} label={t('inspection.nameEn')}>
                      <Input maxLength={80} />
                    </Form.Item>
                  </Space>
                  <Form.Item noStyle shouldUpdate>
                    {() => {
                      const kind = form.getFieldValue(['items', f.name, 'kind']) as string;
                      if (kind === 'reading')
                        return (
                          <Space wrap>
                            <Form.Item name={[f.name, 'unit']} label={t('inspection.unit')}>
                              <Input style={{ width: 80 }} maxLength={20} />
                            </Form.Item>
                            <Form.Item name={[f.name, 'min']} label={t('inspection.min')}>
                              <InputNumber />
                            </Form.Item>
                            <Form.Item name={[f.name, 'max']} label={t('inspection.max')}>
                              <InputNumber />
                            </Form.Item>
                          </Space>
                        );
                      if (kind === 'choice')
                        return (
                          <Form.List name={[f.name, 'options']}>
                            {(opts, o) => (
                              <Form.Item label={t('inspection.options')}>
                                {opts.map((op) => (
                                  <Space key={op.key} align="baseline">
                                    <Form.Item name={[op.name, 'zh']} rules={req}>
                                      <Input style={{ width: 110 }} />
                                    </Form.Item>
                                    <Form.Item name={[op.name, 'en']}>
                                      <Input style={{ width: 110 }} />
                                    </Form.Item>
                                    <Form.Item name={[op.name, 'abnormal']} valuePropName="checked">
                                      <Checkbox>{t('inspection.abnormalOption')}</Checkbox>
                                    </Form.Item>
                                    <Button size="small" type="text" icon={<DeleteOutlined />} onClick={() => o.remove(op.name)} />
                                  </Space>
                                ))}
                                <Button size="small" icon={<PlusOutlined />} onClick={() => o.add({ zh: '', en: '', abnormal: false })}>
                                  {t('inspection.addOption')}
                                </Button>
                              </Form.Item>
                            )}
                          </Form.List>
                        );
                      return null;
                    }}
                  </Form.Item>
                </Card>
              ))}
              <Button block icon={<PlusOutlined />} onClick={() => add({ key: newKey(), kind: 'visual', category: 'electrical', name: '', name_en: '', unit: '', min: null, max: null, options: [] })} data-testid="template-add-item">
                {t('inspection.addItem')}
              </Button>
            </>
          )}
        </Form.List>
      </Form>
    </Drawer>
  );
}

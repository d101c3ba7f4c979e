import type { EnergyType, IeCategory } from '@gridops/contract';
import { Alert, App, Button, Form, Input, InputNumber, Modal, Space, Table, Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmAction } from '../../shared/ui/ConfirmAction';
import { QueryState } from '../../shared/ui/QueryState';
import { SiteGate } from '../../shared/ui/SiteGate';
import { localName } from '../../shared/ui/localName';
import { toEditError } from '../../api/editError';
import { useCanConfigure } from '../../session/permissions';
import { SETUP_QUERY, SETUP_SITE } from '../../shared/ui/setupPageLooks';
import { ieApi, useIeCategories, useInvalidateIe } from './api';

interface CategoryValues {
  name: string;
  name_en: string;
  sort: number;
}

/** The use categories of one energy type (/RunSetup/Ie*TypeSet): list, add, rename, delete when unused. */
function IeTypes({ projectId, type }: { projectId: number; type: EnergyType }) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const lang = i18n.language;
  const canEdit = useCanConfigure();
  const list = useIeCategories(projectId, type);
  const invalidate = useInvalidateIe();
  const [editing, setEditing] = useState<IeCategory | 'new' | null>(null);
  const [saving, setSaving] = useState(false);
  const [form] = Form.useForm<CategoryValues>();
  const typeName = t(`ieSets.typeName.${type}`);

  useEffect(() => {
    if (editing === null) return;
    const next = (list.data?.categories.reduce((m, c) => Math.max(m, c.sort), 0) ?? 0) + 10;
    form.setFieldsValue(editing === 'new' ? { name: '', name_en: '', sort: Math.min(next, 999) } : { name: editing.name, name_en: editing.name_en, sort: editing.sort });
  }, [editing, form, list.data]);

  const submit = async () => {
    let v: CategoryValues;
    try {
      v = await form.validateFields();
    } catch {
      return;
    }
    setSaving(true);
    try {
      if (editing === 'new') await ieApi.createCategory({ project_id: projectId, energy_type: type, ...v });
      else if (editing) await ieApi.updateCategory(editing.id, { ...v, version: editing.version });
      setEditing(null);
      message.success(t('energySetup.tree.saved'));
    } catch (e) {
      const err = toEditError(e);
      if (err.field === 'name' || err.field === 'name_en' || err.field === 'sort') form.setFields([{ name: err.field, errors: [err.message] }]);
      else message.error(err.message);
    } finally {
      setSaving(false);
      await invalidate();
    }
  };

  const columns: TableColumnsType<IeCategory> = [
    { title: t('ieSets.sort'), dataIndex: 'sort', key: 'sort', width: 80 },
    { title: t('ieSets.name'), key: 'name', render: (_, c) => <span data-testid={`ie-category-${c.key}`}>{localName(c, lang)}</span> },
    // The English name beside the Chinese one while working in Chinese; an English console shows English only.
    ...(lang.startsWith('en') ? [] : [{ title: t('ieSets.nameEn'), key: 'name_en', render: (_: unknown, c: IeCategory) => c.name_en }]),
    { title: t('ieSets.origin'), key: 'origin', width: 110, render: (_, c) => <Tag color={c.builtin ? 'blue' : 'default'}>{t(c.builtin ? 'ieSets.builtin' : 'ieSets.custom')}</Tag> },
    { title: t('ieSets.meters'), dataIndex: 'meter_count', key: 'meters', width: 110, align: 'right' },
    ...(canEdit
      ? [
          {
            title: t('common.actions'),
            key: 'actions',
            width: 160,
            render: (_: unknown, c: IeCategory) => (
              <Space>
                <Button size="small" onClick={() => setEditing(c)} data-testid={`ie-edit-${c.key}`}>
                  {t('ieSets.edit')}
                </Button>
                <ConfirmAction
                  title={t('ieSets.confirmDelete', { name: localName(c, lang) })}
                  okText={t('common.delete')}
                  label={t('common.delete')}
                  run={() => ieApi.deleteCategory(c.id, c.version)}
                  done={t('ieSets.deleted')}
                  failure={(e) => toEditError(e).message}
                  settle={invalidate}
                  button={{ 'data-testid': `ie-delete-${c.key}` }}
                />
              </Space>
            ),
          },
        ]
      : []),
  ];

  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }} data-testid="ie-types">
      <Alert type="info" showIcon title={t('ieSets.typesIntro', { type: typeName })} />
      {canEdit ? (
        <Button type="primary" onClick={() => setEditing('new')} style={{ alignSelf: 'flex-start' }} data-testid="ie-add-category">
          {t('ieSets.add')}
        </Button>
      ) : (
        <Tag data-testid="read-only">{t('ieSets.readOnly')}</Tag>
      )}
      <QueryState look={SETUP_QUERY} loading={list.isPending} error={list.error} onRetry={() => void list.refetch()}>
        <Table<IeCategory> rowKey="id" size="small" columns={columns} dataSource={list.data?.categories ?? []} pagination={false} />
      </QueryState>
      <Modal
        open={editing !== null}
        title={t(editing === 'new' ? 'ieSets.addTitle' : 'ieSets.editTitle')}
        onCancel={() => setEditing(null)}
        onOk={() => void submit()}
        okButtonProps={{ loading: saving, 'data-testid': 'ie-category-save' }}
        okText={t('common.save')}
        cancelText={t('common.cancel')}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" name="ie-category">
          <Form.Item name="name" label={t('ieSets.name')} rules={[{ required: true, whitespace: true, message: t('ieSets.required', { field: t('ieSets.name') }) }, { max: 32 }]}>
            <Input maxLength={32} data-testid="ie-category-name" />
          </Form.Item>
          <Form.Item name="name_en" label={t('ieSets.nameEn')} rules={[{ required: true, whitespace: true, message: t('ieSets.required', { field: t('ieSets.nameEn') }) }, { max: 32 }]}>
            <Input maxLength={32} data-testid="ie-category-name-en" />
          </Form.Item>
          <Form.Item name="sort" label={t('ieSets.sort')} rules={[{ required: true, message: t('ieSets.required', { field: t('ieSets.sort') }) }]}>
            <InputNumber min={0} max={999} precision={0} />
          </Form.Item>
        </Form>
      </Modal>
    </Space>
  );
}

export const IeTypesPage = ({ type }: { type: EnergyType }) => (
  <SiteGate prompt={SETUP_SITE} testId={`ie-types-${type}`}>
    {(id) => <IeTypes key={`${id}-${type}`} projectId={id} type={type} />}
  </SiteGate>
);

import { DEVICE_KINDS, POINT_KEY_PATTERN, POINT_TYPES, type BuiltinTemplateRow, type DeviceKind, type DeviceTemplateRow, type TemplatePoint } from '@gridops/contract';
import { Alert, App, Button, Card, Form, Input, InputNumber, Modal, Select, Space, Table, Tag, TreeSelect } from 'antd';
import type { TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmAction } from '../../shared/ui/ConfirmAction';
import { QueryState } from '../../shared/ui/QueryState';
import type { QueryLook } from '../../shared/ui/QueryState';
import { localName } from '../../shared/ui/localName';
import { refusal, templateCalls, templateKeys, useCanAdminGateways, useDeviceTemplates } from './api';
import { useQueryClient } from '@tanstack/react-query';
import { useDictionary } from '../dictionary/store';
import { useAdminOrgs } from '../org-admin/api';
import { useSession } from '../../session/store';

interface TemplateValues {
  name: string;
  name_en?: string;
  kind: DeviceKind;
  /** New templates of a centre user: the organisation being onboarded (his own by default). */
  org_id?: number;
  points: TemplatePoint[];
}

interface OrgNode {
  value: number;
  title: string;
  children: OrgNode[];
}
function orgTree(orgs: { id: number; parent_id: number | null; name: string; name_en: string }[], lang: string): OrgNode[] {
  const ids = new Set(orgs.map((o) => o.id));
  const node = (o: (typeof orgs)[number]): OrgNode => ({ value: o.id, title: localName(o, lang), children: orgs.filter((c) => c.parent_id === o.id).map(node) });
  return orgs.filter((o) => o.parent_id === null || !ids.has(o.parent_id)).map(node);
}

const QUERY: QueryLook = {
  text: { loadFailed: 'common.loadFailed', retry: 'common.retry', noData: 'common.noData' },
  error: 'alert',
  rows: 5,
  testIds: { loading: 'state-loading', error: 'state-error', empty: 'state-empty' },
};

type Editing = { mode: 'new'; from?: BuiltinTemplateRow } | { mode: 'edit'; row: DeviceTemplateRow } | { mode: 'view'; row: BuiltinTemplateRow };

const isKind = (k: string): k is DeviceKind => (DEVICE_KINDS as readonly string[]).includes(k);
const emptyPoint = (): TemplatePoint => ({ key: '', name: '', name_en: '', unit: '', type: 'analog', scale: 1, precision: 2, low: null, high: null });

/** Server fields such as `points[2].key` → the form path ['points', 2, 'key']. */
function fieldPath(field: string): (string | number)[] {
  return field.split(/[.[\]]+/).filter((s) => s !== '').map((s) => (/^\d+$/.test(s) ? Number(s) : s));
}

/** /RunSetup/DevTemplateSet: built-in templates (read-only) and the organisation's custom templates. */
export function DevTemplateSetPage() {
  const { t, i18n } = useTranslation();
  const dict = useDictionary();
  const lang = i18n.language;
  const { message } = App.useApp();
  const canEdit = useCanAdminGateways();
  const templates = useDeviceTemplates();
  const client = useQueryClient();
  const invalidate = () => client.invalidateQueries({ queryKey: templateKeys.list });
  const [editing, setEditing] = useState<Editing | null>(null);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [form] = Form.useForm<TemplateValues>();
  const readOnly = editing?.mode === 'view' || !canEdit;
  const user = useSession((s) => s.userInfo);
  const isCentre = user?.userType === 0;
  const orgs = useAdminOrgs(isCentre && canEdit);

  const open = (e: Editing) => {
    setError(null);
    form.resetFields();
    const src = e.mode === 'new' ? e.from : e.row;
    if (src) form.setFieldsValue({ name: src.name, name_en: src.name_en, kind: isKind(src.kind) ? src.kind : undefined, points: src.points.map((p) => ({ ...p })) });
    else form.setFieldsValue({ points: [emptyPoint()] });
    if (e.mode === 'new' && user) form.setFieldsValue({ org_id: user.org_id });
    setEditing(e);
  };

  const submit = async () => {
    if (!editing || editing.mode === 'view') return setEditing(null);
    let v: TemplateValues;
    try {
      v = await form.validateFields();
    } catch {
      return;
    }
    setSaving(true);
    setError(null);
    const body = {
      name: v.name.trim(),
      name_en: (v.name_en ?? '').trim(),
      kind: v.kind,
      points: v.points.map((p) => ({ ...p, key: p.key.trim(), name_en: p.name_en ?? '', unit: p.unit ?? '', scale: p.scale ?? 1, precision: p.precision ?? 2, low: p.low ?? null, high: p.high ?? null })),
    };
    try {
      if (editing.mode === 'edit') await templateCalls.update(editing.row.id, { ...body, version: editing.row.version });
      else await templateCalls.create({ ...body, ...(isCentre && v.org_id ? { org_id: v.org_id } : {}) });
      setEditing(null);
      message.success(t('gateways.saved'));
      await invalidate();
    } catch (e) {
      const r = refusal(e);
      if (r.field && r.field !== 'version') form.setFields([{ name: fieldPath(r.field) as never, errors: [r.message] }]);
      else setError(r.message);
    } finally {
      setSaving(false);
    }
  };

  const kindOptions = DEVICE_KINDS.map((k) => ({ value: k, label: dict.label('deviceKind', k) }));
  const typeOptions = POINT_TYPES.map((p) => ({ value: p, label: t(`gateways.tpl.type.${p}`) }));
  const pointSummary = (points: TemplatePoint[]) => points.map((p) => p.key).join(', ');

  const builtinColumns: TableColumnsType<BuiltinTemplateRow> = [
    { title: t('gateways.tpl.name'), key: 'name', width: 220, render: (_, r) => localName(r, lang) },
    { title: t('gateways.tpl.points'), key: 'points', render: (_, r) => pointSummary(r.points), ellipsis: true },
    {
      title: t('common.actions'),
      key: 'actions',
      width: 220,
      render: (_, r) => (
        <Space size={4}>
          <Button size="small" onClick={() => open({ mode: 'view', row: r })}>
            {t('gateways.tpl.view')}
          </Button>
          {canEdit && (
            <Button size="small" onClick={() => open({ mode: 'new', from: r })} data-testid={`copy-${r.kind}`}>
              {t('gateways.tpl.copy')}
            </Button>
          )}
        </Space>
      ),
    },
  ];
  const customColumns: TableColumnsType<DeviceTemplateRow> = [
    { title: t('gateways.tpl.name'), key: 'name', width: 220, render: (_, r) => localName(r, lang) },
    { title: t('gateways.tpl.kind'), key: 'kind', width: 160, render: (_, r) => dict.label('deviceKind', r.kind) },
    { title: t('gateways.tpl.points'), key: 'points', render: (_, r) => pointSummary(r.points), ellipsis: true },
    { title: t('gateways.tpl.version'), dataIndex: 'version', width: 80, render: (v: number) => <Tag>v{v}</Tag> },
    ...(canEdit
      ? [
          {
            title: t('common.actions'),
            key: 'actions',
            width: 160,
            render: (_: unknown, r: DeviceTemplateRow) => (
              <Space size={4}>
                <Button size="small" onClick={() => open({ mode: 'edit', row: r })} data-testid={`edit-template-${r.id}`}>
                  {t('gateways.tpl.edit')}
                </Button>
                <ConfirmAction
                  title={t('gateways.tpl.confirmDelete', { name: localName(r, lang) })}
                  okText={t('common.delete')}
                  label={t('common.delete')}
                  run={() => templateCalls.remove(r.id)}
                  done={t('gateways.deleted')}
                  failure={(e) => refusal(e).message}
                  settle={invalidate}
                />
              </Space>
            ),
          },
        ]
      : []),
  ];

  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }} data-testid="dev-template-set">
      <Alert type="info" showIcon title={t('gateways.tpl.intro')} />
      <QueryState look={QUERY} loading={templates.isPending} error={templates.error} onRetry={() => void invalidate()}>
        <Card
          size="small"
          title={t('gateways.tpl.custom')}
          extra={
            canEdit && (
              <Button type="primary" size="small" onClick={() => open({ mode: 'new' })} data-testid="add-template">
                {t('gateways.tpl.add')}
              </Button>
            )
          }
        >
          <Table<DeviceTemplateRow>
            rowKey="id"
            size="small"
            columns={customColumns}
            dataSource={templates.data?.custom ?? []}
            pagination={{ pageSize: 20, hideOnSinglePage: true }}
            locale={{ emptyText: t('gateways.tpl.empty') }}
            data-testid="custom-templates"
          />
        </Card>
        <Card size="small" title={t('gateways.tpl.builtin')} style={{ marginTop: 12 }}>
          <Table<BuiltinTemplateRow> rowKey="kind" size="small" columns={builtinColumns} dataSource={templates.data?.builtin ?? []} pagination={false} data-testid="builtin-templates" />
        </Card>
      </QueryState>
      <Modal
        open={editing !== null}
        width={1100}
        title={editing?.mode === 'edit' ? t('gateways.tpl.edit') : editing?.mode === 'view' ? t('gateways.tpl.view') : t('gateways.tpl.add')}
        onCancel={() => setEditing(null)}
        onOk={() => void submit()}
        confirmLoading={saving}
        okText={readOnly ? t('common.close') : t('common.save')}
        cancelText={t('common.cancel')}
        destroyOnHidden
      >
        {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 12 }} />}
        <Form form={form} name="template" layout="vertical" disabled={readOnly}>
          <Space wrap size={12}>
            <Form.Item name="name" label={t('gateways.tpl.name')} rules={[{ required: true, whitespace: true, max: 64, message: t('gateways.tpl.rule.name') }]}>
              <Input maxLength={64} style={{ width: 240 }} data-testid="template-name" />
            </Form.Item>
            <Form.Item name="name_en" label={t('gateways.tpl.name_en')}>
              <Input maxLength={64} style={{ width: 240 }} data-testid="template-name-en" />
            </Form.Item>
            <Form.Item name="kind" label={t('gateways.tpl.kind')} rules={[{ required: true, message: t('gateways.tpl.rule.kind') }]}>
              <Select options={kindOptions} style={{ width: 220 }} showSearch={{ optionFilterProp: 'label' }} />
            </Form.Item>
            {editing?.mode === 'new' && isCentre && (orgs.data?.length ?? 0) > 1 && (
              <Form.Item name="org_id" label={t('gateways.tpl.org')} rules={[{ required: true }]}>
                <TreeSelect treeData={orgTree(orgs.data ?? [], lang)} treeDefaultExpandAll style={{ width: 260 }} data-testid="template-org" />
              </Form.Item>
            )}
          </Space>
          <Form.List name="points" rules={[{ validator: async (_, v: unknown[] | undefined) => (v && v.length > 0 ? Promise.resolve() : Promise.reject(new Error(t('gateways.tpl.rule.points')))) }]}>
            {(fields, { add, remove }, { errors }) => (
              <>
                <Table
                  size="small"
                  rowKey="key"
                  pagination={false}
                  dataSource={fields}
                  scroll={{ x: 1080, y: 360 }}
                  data-testid="point-table"
                  columns={[
                    {
                      title: t('gateways.tpl.col.key'),
                      width: 130,
                      render: (_, f) => (
                        <Form.Item
                          name={[f.name, 'key']}
                          noStyle={false}
                          style={{ margin: 0 }}
                          dependencies={fields.filter((o) => o.key !== f.key).map((o) => ['points', o.name, 'key'])}
                          rules={[
                            { required: true, pattern: POINT_KEY_PATTERN, message: t('gateways.tpl.rule.key') },
                            ({ getFieldValue }) => ({
                              validator: async (_r, value: string | undefined) => {
                                const all = (getFieldValue('points') as TemplatePoint[] | undefined) ?? [];
                                if (value && all.filter((p) => p.key?.trim() === value.trim()).length > 1) throw new Error(t('gateways.tpl.rule.dupKey'));
                              },
                            }),
                          ]}
                        >
                          <Input maxLength={32} />
                        </Form.Item>
                      ),
                    },
                    {
                      title: t('gateways.tpl.col.name'),
                      width: 150,
                      render: (_, f) => (
                        <Form.Item name={[f.name, 'name']} style={{ margin: 0 }} rules={[{ required: true, whitespace: true, message: t('gateways.tpl.rule.pointName') }]}>
                          <Input maxLength={64} />
                        </Form.Item>
                      ),
                    },
                    {
                      title: t('gateways.tpl.col.name_en'),
                      width: 160,
                      render: (_, f) => (
                        <Form.Item name={[f.name, 'name_en']} style={{ margin: 0 }}>
                          <Input maxLength={64} />
                        </Form.Item>
                      ),
                    },
                    {
                      title: t('gateways.tpl.col.unit'),
                      width: 80,
                      render: (_, f) => (
                        <Form.Item name={[f.name, 'unit']} style={{ margin: 0 }}>
                          <Input maxLength={16} />
                        </Form.Item>
                      ),
                    },
                    {
                      title: t('gateways.tpl.col.type'),
                      width: 110,
                      render: (_, f) => (
                        <Form.Item name={[f.name, 'type']} style={{ margin: 0 }} rules={[{ required: true }]}>
                          <Select options={typeOptions} />
                        </Form.Item>
                      ),
                    },
                    {
                      title: t('gateways.tpl.col.scale'),
                      width: 90,
                      render: (_, f) => (
                        <Form.Item name={[f.name, 'scale']} style={{ margin: 0 }}>
                          <InputNumber style={{ width: '100%' }} />
                        </Form.Item>
                      ),
                    },
                    {
                      // Decimals shown for the point: kept as the source template had them (PF 0.955 needs 3).
                      title: t('gateways.tpl.col.precision'),
                      width: 80,
                      render: (_, f) => (
                        <Form.Item name={[f.name, 'precision']} style={{ margin: 0 }}>
                          <InputNumber min={0} max={6} precision={0} style={{ width: '100%' }} data-testid={`point-precision-${f.name}`} />
                        </Form.Item>
                      ),
                    },
                    {
                      title: t('gateways.tpl.col.low'),
                      width: 90,
                      render: (_, f) => (
                        <Form.Item name={[f.name, 'low']} style={{ margin: 0 }}>
                          <InputNumber style={{ width: '100%' }} />
                        </Form.Item>
                      ),
                    },
                    {
                      title: t('gateways.tpl.col.high'),
                      width: 90,
                      render: (_, f) => (
                        <Form.Item
                          name={[f.name, 'high']}
                          style={{ margin: 0 }}
                          dependencies={[['points', f.name, 'low']]}
                          rules={[
                            ({ getFieldValue }) => ({
                              validator: async (_r, high: number | null | undefined) => {
                                const low = getFieldValue(['points', f.name, 'low']) as number | null | undefined;
                                if (typeof low === 'number' && typeof high === 'number' && low > high) throw new Error(t('gateways.tpl.rule.lowHigh'));
                              },
                            }),
                          ]}
                        >
                          <InputNumber style={{ width: '100%' }} />
                        </Form.Item>
                      ),
                    },
                    ...(readOnly
                      ? []
                      : [
                          {
                            title: '',
                            width: 70,
                            render: (_: unknown, f: { name: number }) => (
                              <Button size="small" danger onClick={() => remove(f.name)}>
                                {t('common.delete')}
                              </Button>
                            ),
                          },
                        ]),
                  ]}
                />
                <Form.ErrorList errors={errors} />
                {!readOnly && (
                  <Button style={{ marginTop: 8 }} onClick={() => add(emptyPoint())} data-testid="add-point">
                    {t('gateways.tpl.addPoint')}
                  </Button>
                )}
              </>
            )}
          </Form.List>
        </Form>
      </Modal>
    </Space>
  );
}

import type { AdminOrg } from '@gridops/contract';
import { Alert, App, Button, Card, Col, Empty, Form, Input, Modal, Popconfirm, Row, Select, Space, Switch, Tag, Tree, Typography } from 'antd';
import type { ButtonProps, TreeDataNode, TreeProps } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../shared/ui/QueryState';
import { localName } from '../../shared/ui/localName';
import { adminApi, toAdminError, useAdminOrgs, useCanManage, useInvalidateAdmin, type AdminError } from './api';
import { ADMIN_QUERY } from './pageStates';
import { dropTarget, orgTree } from './orgTree';

interface OrgValues {
  name: string;
  name_en: string;
  tier: number;
  enabled: boolean;
}

function useTierOptions(minTier = 1) {
  const { t } = useTranslation();
  return [1, 2, 3].map((v) => ({ value: v, label: t(`orgAdmin.tier.${v}`), disabled: v < minTier }));
}

/** Puts a server refusal next to its field when the form has it, and in the alert above in any case. */
function showError<T extends object>(form: ReturnType<typeof Form.useForm<T>>[0], err: AdminError) {
  if (err.field && err.field in form.getFieldsValue(true)) form.setFields([{ name: err.field as never, errors: [err.message] }]);
}

/** The selected organisation: rename (zh + en), re-tier, enable/disable, add a child, delete. */
function OrgDetails({ org, orgs, canEdit, onDeleted }: { org: AdminOrg; orgs: AdminOrg[]; canEdit: boolean; onDeleted: () => void }) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<OrgValues>();
  const [error, setError] = useState<AdminError | null>(null);
  const [saving, setSaving] = useState(false);
  const [adding, setAdding] = useState(false);
  const invalidate = useInvalidateAdmin();
  const parent = orgs.find((o) => o.id === org.parent_id);
  const tiers = useTierOptions(parent ? parent.tier + 1 : 1);

  useEffect(() => {
    form.resetFields();
    form.setFieldsValue({ name: org.name, name_en: org.name_en, tier: org.tier, enabled: org.enabled });
  }, [org, form]);

  const save = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    setSaving(true);
    setError(null);
    try {
      await adminApi.updateOrg(org.id, { ...v, tier: v.tier as 1 | 2 | 3, name_en: v.name_en ?? '', version: org.version });
      message.success(t('orgAdmin.org.saved'));
      await invalidate();
    } catch (e) {
      const err = toAdminError(e);
      setError(err);
      showError(form, err);
    } finally {
      setSaving(false);
    }
  };

  const remove = async () => {
    setError(null);
    try {
      await adminApi.deleteOrg(org.id, org.version);
      message.success(t('orgAdmin.org.deleted'));
      onDeleted();
      await invalidate();
    } catch (e) {
      setError(toAdminError(e));
    }
  };

  return (
    <Card
      title={localName(org, i18n.language)}
      extra={<Typography.Text type="secondary">{t('orgAdmin.org.version', { version: org.version })}</Typography.Text>}
      data-testid="org-details"
    >
      {error && <Alert type="error" showIcon style={{ marginBottom: 12 }} title={error.message} data-testid="org-error" data-field={error.field ?? ''} />}
      <Form form={form} layout="vertical" disabled={!canEdit} data-testid="org-form">
        <Form.Item name="name" label={t('orgAdmin.field.name')} rules={[{ required: true, message: t('orgAdmin.field.name') }]}>
          <Input maxLength={64} data-testid="org-name" />
        </Form.Item>
        <Form.Item name="name_en" label={t('orgAdmin.field.name_en')}>
          <Input maxLength={128} data-testid="org-name-en" />
        </Form.Item>
        <Form.Item name="tier" label={t('orgAdmin.field.tier')}>
          <Select options={tiers} data-testid="org-tier" />
        </Form.Item>
        <Form.Item name="enabled" label={t('orgAdmin.field.enabled')} valuePropName="checked">
          <Switch data-testid="org-enabled" />
        </Form.Item>
      </Form>
      {canEdit && (
        <Space wrap>
          <Button type="primary" loading={saving} onClick={() => void save()} data-testid="org-save">
            {t('common.save')}
          </Button>
          <Button onClick={() => setAdding(true)} disabled={org.tier >= 3} data-testid="org-add-child">
            {t('orgAdmin.org.addChild')}
          </Button>
          <Popconfirm
            title={t('orgAdmin.org.deleteConfirm')}
            okText={t('common.delete')}
            cancelText={t('common.cancel')}
            okButtonProps={{ 'data-testid': 'org-delete-confirm' } as ButtonProps}
            onConfirm={() => void remove()}
          >
            <Button danger data-testid="org-delete">
              {t('common.delete')}
            </Button>
          </Popconfirm>
        </Space>
      )}
      <NewOrgDialog parent={adding ? org : null} onClose={() => setAdding(false)} />
    </Card>
  );
}

function NewOrgDialog({ parent, onClose }: { parent: AdminOrg | null; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ name: string; name_en: string; tier: number }>();
  const [error, setError] = useState<AdminError | null>(null);
  const [saving, setSaving] = useState(false);
  const invalidate = useInvalidateAdmin();
  const tiers = useTierOptions(parent ? parent.tier + 1 : 1);

  useEffect(() => {
    if (!parent) return;
    form.resetFields();
    form.setFieldsValue({ name: '', name_en: '', tier: Math.min(3, parent.tier + 1) });
  }, [parent, form]);
  const close = () => {
    setError(null);
    onClose();
  };

  const submit = async () => {
    if (!parent) return;
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    setSaving(true);
    try {
      await adminApi.createOrg({ parent_id: parent.id, name: v.name, name_en: v.name_en ?? '', tier: v.tier as 1 | 2 | 3 });
      message.success(t('orgAdmin.org.created'));
      await invalidate();
      close();
    } catch (e) {
      const err = toAdminError(e);
      setError(err);
      showError(form, err);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={parent !== null}
      title={parent ? t('orgAdmin.org.newTitle', { parent: localName(parent, i18n.language) }) : ''}
      onCancel={close}
      onOk={() => void submit()}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={saving}
      okButtonProps={{ 'data-testid': 'org-new-save' } as ButtonProps}
      destroyOnHidden
    >
      {error && <Alert type="error" showIcon style={{ marginBottom: 12 }} title={error.message} />}
      <Form form={form} layout="vertical" data-testid="org-new-form">
        <Form.Item name="name" label={t('orgAdmin.field.name')} rules={[{ required: true, message: t('orgAdmin.field.name') }]}>
          <Input maxLength={64} data-testid="org-new-name" />
        </Form.Item>
        <Form.Item name="name_en" label={t('orgAdmin.field.name_en')}>
          <Input maxLength={128} data-testid="org-new-name-en" />
        </Form.Item>
        <Form.Item name="tier" label={t('orgAdmin.field.tier')}>
          <Select options={tiers} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/**
 * /CentreUser/CentreOrganManage and /UserCenter/OrganManage: the organisation tree in its tiers. Drag a node
 * onto another to move it; the server refuses cycles and levels that do not descend, and says why.
 */
export function OrgManagePage() {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const lang = i18n.language;
  const orgs = useAdminOrgs();
  const can = useCanManage();
  const invalidate = useInvalidateAdmin();
  const [selected, setSelected] = useState<number | null>(null);
  const [moveError, setMoveError] = useState<string | null>(null);
  const list = useMemo(() => orgs.data ?? [], [orgs.data]);
  const byId = useMemo(() => new Map(list.map((o) => [o.id, o])), [list]);
  // Every node is open unless the user closed it: `defaultExpandAll` only opens the nodes present at the first
  // render, so a child added under a node that had none (the root of a new database) stayed hidden.
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(() => new Set());
  const expandedKeys = useMemo(() => list.map((o) => String(o.id)).filter((k) => !collapsed.has(k)), [list, collapsed]);

  const treeData = useMemo<TreeDataNode[]>(
    () =>
      orgTree(list, (o) => (
        <span data-testid={`org-node-${o.id}`}>
          {localName(o, lang)} <Tag color={o.tier === 1 ? 'gold' : o.tier === 2 ? 'blue' : 'green'}>{t(`orgAdmin.tier.${o.tier}`)}</Tag>
          {!o.enabled && <Tag>{t('orgAdmin.tree.disabled')}</Tag>}
          <Typography.Text type="secondary" style={{ fontSize: 12, marginInlineStart: 4, whiteSpace: 'nowrap' }}>
            {t('orgAdmin.tree.counts', { projects: o.project_count, users: o.user_count })}
          </Typography.Text>
        </span>
      )),
    [list, lang, t],
  );

  const onDrop: TreeProps['onDrop'] = async (info) => {
    const dragged = byId.get(Number(info.dragNode.key));
    const parentId = dropTarget(list, Number(info.node.key), info.dropToGap);
    if (!dragged || parentId === null || parentId === dragged.parent_id) return;
    setMoveError(null);
    try {
      await adminApi.moveOrg(dragged.id, parentId, dragged.version);
      message.success(t('orgAdmin.tree.moved'));
    } catch (e) {
      setMoveError(toAdminError(e).message);
    }
    await invalidate();
  };

  const current = selected === null ? undefined : byId.get(selected);
  return (
    <Row gutter={16} data-testid="org-manage">
      <Col xs={24} lg={11}>
        <Card title={t('orgAdmin.tree.title')}>
          <Typography.Paragraph type="secondary">{can.orgs ? t('orgAdmin.tree.dragHint') : t('orgAdmin.tree.readOnly')}</Typography.Paragraph>
          {moveError && <Alert type="error" showIcon closable style={{ marginBottom: 12 }} title={moveError} data-testid="move-error" />}
          <QueryState look={ADMIN_QUERY} loading={orgs.isLoading} error={orgs.error} empty={list.length === 0} emptyText={t('orgAdmin.tree.empty')} onRetry={() => void orgs.refetch()}>
            <Tree
              data-testid="org-tree"
              treeData={treeData}
              draggable={can.orgs ? { icon: false } : false}
              blockNode
              expandedKeys={expandedKeys}
              onExpand={(keys) => {
                const open = new Set(keys.map(String));
                setCollapsed(new Set(list.map((o) => String(o.id)).filter((k) => !open.has(k))));
              }}
              selectedKeys={selected === null ? [] : [String(selected)]}
              onSelect={(keys) => setSelected(keys.length ? Number(keys[0]) : null)}
              onDrop={(info) => void onDrop(info)}
            />
          </QueryState>
        </Card>
      </Col>
      <Col xs={24} lg={13}>
        {current ? (
          <OrgDetails key={current.id} org={current} orgs={list} canEdit={can.orgs} onDeleted={() => setSelected(null)} />
        ) : (
          <Card>
            <Empty description={t('orgAdmin.org.pick')} />
          </Card>
        )}
      </Col>
    </Row>
  );
}

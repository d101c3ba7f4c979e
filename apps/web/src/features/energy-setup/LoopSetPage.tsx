import type { EnergyLoop, MeterNode } from '@gridops/contract';
import {
  Alert,
  App,
  Button,
  Form,
  Input,
  Modal,
  Space,
  Select,
  Table,
  Tag,
  Typography,
} from 'antd';
import type { TableColumnsType } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmAction } from '../../shared/ui/ConfirmAction';
import { setupApi, useInvalidateSetup, useLoops, useMeterPoints, useMeterTree } from './api';
import { toEditError } from '../../api/editError';
import { useCanConfigure } from '../../session/permissions';
import type { EditError } from '../../api/editError';
import { LOOP_CLASSES, loopMembers } from './loops';
import { flatToTree } from './treeEdit';
import type { EditorNode } from './treeEdit';
import { SETUP_QUERY, SETUP_SITE } from '../../shared/ui/setupPageLooks';
import { QueryState } from '../../shared/ui/QueryState';
import { SiteGate } from '../../shared/ui/SiteGate';
import { localName } from '../../shared/ui/localName';

interface LoopValues {
  name: string;
  name_en: string;
  node_ids: number[];
}

/** Loops of the site with their members by class (source, grid, load, storage, charging) and each member's meter. */
function LoopSet({ projectId }: { projectId: number }) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const lang = i18n.language;
  const canEdit = useCanConfigure();
  const loops = useLoops(projectId);
  // Device names in the current language come with the points (the tree carries the Chinese name only).
  const points = useMeterPoints(projectId);
  const deviceName = useMemo(() => {
    const m = new Map(
      (points.data ?? []).map((p) => [
        p.point_id,
        localName({ name: p.device_name, name_en: p.device_name_en }, lang),
      ]),
    );
    return (n: MeterNode) => (n.point_id !== null ? m.get(n.point_id) : undefined) ?? n.device_name ?? '';
  }, [points.data, lang]);
  const tree = useMeterTree(projectId, 'power');
  const invalidate = useInvalidateSetup();
  const [editing, setEditing] = useState<EnergyLoop | 'new' | null>(null);
  const [error, setError] = useState<EditError | null>(null);
  const [saving, setSaving] = useState(false);
  const [form] = Form.useForm<LoopValues>();
  const open = (l: EnergyLoop | 'new') => {
    setError(null);
    setEditing(l);
  };
  const nodes = useMemo(() => tree.data?.nodes ?? [], [tree.data]);

  useEffect(() => {
    if (editing === null) return;
    form.setFieldsValue(
      editing === 'new'
        ? { name: '', name_en: '', node_ids: [] }
        : { name: editing.name, name_en: editing.name_en, node_ids: editing.node_ids },
    );
  }, [editing, form]);

  // A flat, indented list: a loop picks individual nodes, so checking a parent must not pull in its subtree.
  const nodeOptions = useMemo(() => {
    const out: { value: number; label: string }[] = [];
    const walk = (list: EditorNode[]) => {
      for (const e of list) {
        out.push({
          value: e.node.id,
          label: `${'\u3000'.repeat(e.depth)}${localName(e.node, lang)} · ${t(`energySetup.nodeType.${e.node.node_type}`)}`,
        });
        walk(e.children);
      }
    };
    walk(flatToTree(nodes));
    return out;
  }, [nodes, lang, t]);

  const member = (n: MeterNode) => (
    <Tag key={n.id} style={{ marginBottom: 4 }}>
      {localName(n, lang)}
      {n.point_key ? (
        <Typography.Text
          type="secondary"
          style={{ fontSize: 12, marginLeft: 4 }}
        >{`${deviceName(n)} · ${n.point_key}`}</Typography.Text>
      ) : null}
    </Tag>
  );

  const columns: TableColumnsType<EnergyLoop> = [
    {
      title: t('energySetup.loop.name'),
      key: 'name',
      width: 180,
      render: (_, l) => <span data-testid={`loop-${l.id}`}>{localName(l, lang)}</span>,
    },
    ...LOOP_CLASSES.map((c) => ({
      title: t(`energySetup.loopClass.${c}`),
      key: c,
      render: (_: unknown, l: EnergyLoop) => {
        const list = loopMembers(l, nodes).byClass[c];
        return list.length ? list.map(member) : <Typography.Text type="secondary">-</Typography.Text>;
      },
    })),
    ...(canEdit
      ? [
          {
            title: t('common.actions'),
            key: 'actions',
            width: 140,
            render: (_: unknown, l: EnergyLoop) => (
              <Space>
                <Button size="small" onClick={() => open(l)}>
                  {t('energySetup.tree.edit')}
                </Button>
                <ConfirmAction
                  title={t('energySetup.loop.confirmDelete', { name: localName(l, lang) })}
                  okText={t('common.delete')}
                  label={t('common.delete')}
                  run={() => setupApi.deleteLoop(l.id)}
                  done={t('energySetup.tree.deleted')}
                  failure={(e) => toEditError(e).message}
                  settle={invalidate}
                />
              </Space>
            ),
          },
        ]
      : []),
  ];

  const submit = async () => {
    let v: LoopValues;
    try {
      v = await form.validateFields();
    } catch {
      return;
    }
    setSaving(true);
    setError(null);
    try {
      const body = { name: v.name, name_en: v.name_en ?? '', node_ids: v.node_ids ?? [] };
      if (editing === 'new') await setupApi.createLoop({ project_id: projectId, ...body });
      else if (editing) await setupApi.updateLoop(editing.id, body);
      setEditing(null);
      message.success(t('energySetup.tree.saved'));
      await invalidate();
    } catch (e) {
      const err = toEditError(e);
      setError(err);
      if (err.field === 'name' || err.field === 'node_ids')
        form.setFields([{ name: err.field, errors: [err.message] }]);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }}>
      <Alert type="info" showIcon title={t('energySetup.pages.loopIntro')} />
      {canEdit ? (
        <Button
          type="primary"
          onClick={() => open('new')}
          style={{ alignSelf: 'flex-start' }}
          data-testid="add-loop"
        >
          {t('energySetup.loop.add')}
        </Button>
      ) : (
        <Tag data-testid="read-only">{t('energySetup.common.readOnly')}</Tag>
      )}
      <QueryState
        look={SETUP_QUERY}
        loading={loops.isPending || tree.isPending}
        error={loops.error ?? tree.error}
        onRetry={() => void invalidate()}
      >
        <Table<EnergyLoop>
          rowKey="id"
          size="small"
          columns={columns}
          dataSource={loops.data ?? []}
          pagination={false}
          locale={{ emptyText: t('energySetup.loop.empty') }}
          data-testid="loop-table"
          scroll={{ x: 900 }}
        />
      </QueryState>
      <Modal
        open={editing !== null}
        title={editing === 'new' ? t('energySetup.loop.add') : t('energySetup.loop.edit')}
        onCancel={() => setEditing(null)}
        onOk={() => void submit()}
        confirmLoading={saving}
        okText={t('common.save')}
        cancelText={t('common.cancel')}
        width={560}
      >
        {error && (
          <Alert
            type="error"
            showIcon
            style={{ marginBottom: 12 }}
            title={error.message}
            data-testid="loop-error"
          />
        )}
        <Form form={form} layout="vertical">
          <Form.Item
            name="name"
            label={t('energySetup.field.name')}
            rules={[
              { required: true, whitespace: true, max: 64, message: t('energySetup.dialog.nameRequired') },
            ]}
          >
            <Input maxLength={64} />
          </Form.Item>
          <Form.Item name="name_en" label={t('energySetup.field.name_en')}>
            <Input maxLength={64} />
          </Form.Item>
          <Form.Item name="node_ids" label={t('energySetup.loop.members')}>
            <Select
              mode="multiple"
              options={nodeOptions}
              showSearch={{ optionFilterProp: 'label' }}
              maxTagCount={8}
            />
          </Form.Item>
        </Form>
      </Modal>
    </Space>
  );
}

export function LoopSetPage() {
  return (
    <SiteGate prompt={SETUP_SITE} testId="setup-loops">
      {(id) => <LoopSet key={id} projectId={id} />}
    </SiteGate>
  );
}

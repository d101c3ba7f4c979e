import { ENERGY_TYPES } from '@gridops/contract';
import type { EnergyType, MeterNode, MeterNodeType } from '@gridops/contract';
import {
  App,
  Alert,
  Button,
  Card,
  Descriptions,
  Popconfirm,
  Segmented,
  Space,
  Tag,
  Tree,
  Typography,
} from 'antd';
import type { ButtonProps, TreeDataNode, TreeProps } from 'antd';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { setupApi, useInvalidateSetup, useMeterPoints, useMeterTree } from './api';
import { toEditError } from '../../api/editError';
import { useCanConfigure } from '../../session/permissions';
import { NodeDialog } from './NodeDialog';
import type { DialogMode } from './NodeDialog';
import { canDelete, defaultChildType, flatToTree, focusIds, validateMove } from './treeEdit';
import type { EditorNode } from './treeEdit';
import { SETUP_QUERY } from '../../shared/ui/setupPageLooks';
import { QueryState } from '../../shared/ui/QueryState';
import { localName } from '../../shared/ui/localName';
import { nodeTypeTag } from '../../shared/theme/nodeTypes';


export interface MeterTreeEditorProps {
  projectId: number;
  /** Node types this page is about (new energy: pv, wind); the tree shows them with their ancestors. */
  focus?: readonly MeterNodeType[];
  /** Offer the water/gas/heat trees too (branch structure only). */
  allTypes?: boolean;
}

/**
 * The metering-tree editor behind the branch, new-energy and storage structure pages: an antd Tree (drag a node
 * onto another to move it), the selected node's details, and add child / edit (rename, rebind) / move / delete.
 */
export function MeterTreeEditor({ projectId, focus, allTypes }: MeterTreeEditorProps) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const canEdit = useCanConfigure();
  const [energyType, setEnergyType] = useState<EnergyType>('power');
  const tree = useMeterTree(projectId, energyType);
  const points = useMeterPoints(projectId);
  const invalidate = useInvalidateSetup();
  const [selected, setSelected] = useState<number | null>(null);
  const [dialog, setDialog] = useState<DialogMode | null>(null);
  const [opError, setOpError] = useState<string | null>(null);
  const lang = i18n.language;

  const nodes = useMemo(() => tree.data?.nodes ?? [], [tree.data]);
  const visible = useMemo(
    () => focusIds(nodes, energyType === 'power' ? focus : undefined),
    [nodes, focus, energyType],
  );
  const selectedNode = nodes.find((n) => n.id === selected) ?? null;
  const pointById = useMemo(() => new Map((points.data ?? []).map((p) => [p.point_id, p])), [points.data]);

  const meterText = useCallback(
    (n: MeterNode) => {
      if (n.point_id === null) return null;
      const p = pointById.get(n.point_id);
      return p
        ? `${localName({ name: p.device_name, name_en: p.device_name_en }, lang)} · ${p.key}`
        : `${n.device_name ?? ''} · ${n.point_key ?? ''}`;
    },
    [pointById, lang],
  );

  const treeData = useMemo(() => {
    const toData = (list: EditorNode[]): TreeDataNode[] =>
      list
        .filter((e) => visible.has(e.node.id))
        .map((e) => {
          const n = e.node;
          const meter = meterText(n);
          const inFocus = !focus || energyType !== 'power' || focus.includes(n.node_type);
          return {
            key: n.id,
            title: (
              <span
                data-testid={`tree-node-${n.id}`}
                data-name={n.name}
                style={{ opacity: inFocus ? 1 : 0.6 }}
              >
                <span style={{ marginRight: 8 }}>{localName(n, lang)}</span>
                <Tag color={nodeTypeTag(n.node_type)} style={{ marginRight: 6 }}>
                  {t(`energySetup.nodeType.${n.node_type}`)}
                </Tag>
                {meter ? (
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {meter}
                  </Typography.Text>
                ) : (
                  <Typography.Text type="warning" style={{ fontSize: 12 }}>
                    {t('energySetup.tree.unbound')}
                  </Typography.Text>
                )}
              </span>
            ),
            children: toData(e.children),
          };
        });
    return toData(flatToTree(nodes));
  }, [nodes, visible, meterText, lang, t, focus, energyType]);

  const onDrop: TreeProps['onDrop'] = async (info) => {
    const dragId = Number(info.dragNode.key);
    const dropId = Number(info.node.key);
    const dropNode = nodes.find((n) => n.id === dropId);
    // Dropped between nodes: it becomes a sibling of the drop target; onto a node: its child.
    const parent = info.dropToGap ? (dropNode?.parent_id ?? null) : dropId;
    const problem = validateMove(nodes, dragId, parent);
    if (problem === 'unchanged') return;
    if (problem) return void message.warning(t(`energySetup.move.${problem}`));
    try {
      await setupApi.updateNode(dragId, { parent_id: parent });
      message.success(t('energySetup.tree.moved'));
      setOpError(null);
    } catch (e) {
      setOpError(toEditError(e).message);
    }
    await invalidate();
  };

  const remove = async (n: MeterNode) => {
    try {
      await setupApi.deleteNode(n.id);
      message.success(t('energySetup.tree.deleted'));
      setSelected(null);
      setOpError(null);
    } catch (e) {
      setOpError(toEditError(e).message);
    }
    await invalidate();
  };

  const loading = tree.isPending || points.isPending;
  return (
    <Space
      orientation="vertical"
      size={12}
      style={{ width: '100%' }}
      data-testid="meter-tree-editor"
      data-energy-type={energyType}
      data-can-edit={canEdit ? '1' : '0'}
    >
      <Space wrap>
        {allTypes && (
          <Segmented<EnergyType>
            value={energyType}
            onChange={(v) => {
              setEnergyType(v);
              setSelected(null);
            }}
            options={ENERGY_TYPES.map((k) => ({ value: k, label: t(`energySetup.energyType.${k}`) }))}
            data-testid="tree-energy-type"
          />
        )}
        {canEdit ? (
          <Button
            type="primary"
            onClick={() => setDialog({ kind: 'add', parentId: null })}
            data-testid="add-root"
          >
            {t('energySetup.tree.addRoot')}
          </Button>
        ) : (
          <Tag data-testid="read-only">{t('energySetup.common.readOnly')}</Tag>
        )}
        {canEdit && <Typography.Text type="secondary">{t('energySetup.tree.dragHint')}</Typography.Text>}
      </Space>
      {opError && (
        <Alert
          type="error"
          showIcon
          closable
          onClose={() => setOpError(null)}
          title={opError}
          data-testid="tree-op-error"
        />
      )}
      <QueryState
        look={SETUP_QUERY}
        loading={loading}
        error={tree.error ?? points.error}
        onRetry={() => void invalidate()}
      >
        <div style={{ display: 'grid', gridTemplateColumns: 'minmax(0, 3fr) minmax(280px, 2fr)', gap: 12 }}>
          <Card size="small" title={t('energySetup.tree.title')} data-testid="tree-card">
            {treeData.length === 0 ? (
              <Typography.Text type="secondary" data-testid="tree-empty">
                {t('energySetup.tree.empty')}
              </Typography.Text>
            ) : (
              <Tree
                showLine
                blockNode
                defaultExpandAll
                draggable={canEdit ? { icon: false } : false}
                treeData={treeData}
                selectedKeys={selected === null ? [] : [selected]}
                onSelect={(keys) => setSelected(keys.length ? Number(keys[0]) : null)}
                onDrop={(info) => void onDrop(info)}
                data-testid="meter-tree"
              />
            )}
          </Card>
          <Card size="small" title={t('energySetup.tree.details')} data-testid="node-details">
            {selectedNode ? (
              <Space orientation="vertical" style={{ width: '100%' }}>
                <Descriptions size="small" column={1} bordered>
                  <Descriptions.Item label={t('energySetup.field.name')}>
                    {selectedNode.name}
                  </Descriptions.Item>
                  <Descriptions.Item label={t('energySetup.field.name_en')}>
                    {selectedNode.name_en || '-'}
                  </Descriptions.Item>
                  <Descriptions.Item label={t('energySetup.field.node_type')}>
                    {t(`energySetup.nodeType.${selectedNode.node_type}`)}
                  </Descriptions.Item>
                  <Descriptions.Item label={t('energySetup.field.point_id')}>
                    <span data-testid="detail-meter">
                      {meterText(selectedNode) ?? t('energySetup.tree.unbound')}
                    </span>
                  </Descriptions.Item>
                  <Descriptions.Item label={t('energySetup.field.unit')}>
                    {selectedNode.unit}
                  </Descriptions.Item>
                </Descriptions>
                {canEdit && (
                  <Space wrap>
                    <Button
                      onClick={() => setDialog({ kind: 'add', parentId: selectedNode.id })}
                      data-testid="add-child"
                    >
                      {t('energySetup.tree.addChild')}
                    </Button>
                    <Button
                      onClick={() => setDialog({ kind: 'edit', node: selectedNode })}
                      data-testid="edit-node"
                    >
                      {t('energySetup.tree.edit')}
                    </Button>
                    <Button
                      onClick={() => setDialog({ kind: 'move', node: selectedNode })}
                      data-testid="move-node"
                    >
                      {t('energySetup.tree.move')}
                    </Button>
                    {canDelete(nodes, selectedNode.id) ? (
                      <Popconfirm
                        title={t('energySetup.tree.confirmDelete', { name: localName(selectedNode, lang) })}
                        okText={t('common.delete')}
                        cancelText={t('common.cancel')}
                        okButtonProps={{ danger: true, 'data-testid': 'confirm-delete' } as ButtonProps}
                        onConfirm={() => remove(selectedNode)}
                      >
                        <Button danger data-testid="delete-node">
                          {t('common.delete')}
                        </Button>
                      </Popconfirm>
                    ) : (
                      <Button
                        danger
                        disabled
                        title={t('energySetup.tree.hasChildren')}
                        data-testid="delete-node"
                      >
                        {t('common.delete')}
                      </Button>
                    )}
                  </Space>
                )}
              </Space>
            ) : (
              <Typography.Text type="secondary">{t('energySetup.tree.pick')}</Typography.Text>
            )}
          </Card>
        </div>
      </QueryState>
      <NodeDialog
        mode={dialog}
        projectId={projectId}
        energyType={energyType}
        nodes={nodes}
        points={points.data ?? []}
        defaultType={defaultChildType(focus, energyType)}
        onClose={() => setDialog(null)}
        onSaved={(n) => {
          setDialog(null);
          setSelected(n.id);
          message.success(t('energySetup.tree.saved'));
          void invalidate();
        }}
      />
    </Space>
  );
}

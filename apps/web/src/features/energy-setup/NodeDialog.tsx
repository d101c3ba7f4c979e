import type { EnergyType, MeterNode, MeterNodeType, MeterPoint } from '@gridops/contract';
import { Alert, Form, Input, Modal, Select, Tag, TreeSelect } from 'antd';
import type { ButtonProps } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { setupApi } from './api';
import { toEditError } from '../../api/editError';
import type { EditError } from '../../api/editError';
import { allowedParents, flatToTree, nextSort, pointOptions, typesForTree, validateMove } from './treeEdit';
import type { EditorNode } from './treeEdit';
import { localName } from '../../shared/ui/localName';

export type DialogMode =
  | { kind: 'add'; parentId: number | null }
  | { kind: 'edit'; node: MeterNode }
  | { kind: 'move'; node: MeterNode };

interface Values {
  name: string;
  name_en: string;
  node_type: MeterNodeType;
  point_id: number | null;
  power_point_id: number | null;
  parent_id: number | null;
}

interface ParentOption {
  value: number;
  title: string;
  disabled: boolean;
  children: ParentOption[];
}

const ROOT = -1; // TreeSelect needs a value for "no parent"

/**
 * Add / edit / move one node. Server refusals (10006 invalid, 10008 meter bound twice or children left) stay in
 * the dialog with the field marked, so nothing the user typed is lost and the tree is unchanged.
 */
export function NodeDialog(props: {
  mode: DialogMode | null;
  projectId: number;
  energyType: EnergyType;
  nodes: readonly MeterNode[];
  points: readonly MeterPoint[];
  defaultType: MeterNodeType;
  onClose: () => void;
  onSaved: (node: MeterNode) => void;
}) {
  const { t, i18n } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [error, setError] = useState<EditError | null>(null);
  const [saving, setSaving] = useState(false);
  const { mode, nodes } = props;
  const editingId = mode && mode.kind !== 'add' ? mode.node.id : null;
  const pointId = Form.useWatch('point_id', form);

  useEffect(() => {
    if (!mode) return;
    form.resetFields();
    const n = mode.kind === 'add' ? null : mode.node;
    form.setFieldsValue({
      name: n?.name ?? '',
      name_en: n?.name_en ?? '',
      node_type: n?.node_type ?? props.defaultType,
      point_id: n?.point_id ?? null,
      power_point_id: n?.power_point_id ?? null,
      parent_id: (mode.kind === 'add' ? mode.parentId : n?.parent_id) ?? ROOT,
    });
  }, [mode, form, props.defaultType]);

  const counters = useMemo(
    () => pointOptions(props.points, nodes, { kind: 'counter', energyType: props.energyType, editingId }),
    [props.points, nodes, props.energyType, editingId],
  );
  const powers = useMemo(
    () => pointOptions(props.points, nodes, { kind: 'analog', energyType: props.energyType, editingId }),
    [props.points, nodes, props.energyType, editingId],
  );
  const lang = i18n.language;
  const pointLabel = (p: MeterPoint) =>
    `${localName({ name: p.device_name, name_en: p.device_name_en }, lang)} · ${localName(p, lang)} (${p.key})`;
  const chosenCounter = counters.find((o) => o.point.point_id === pointId);

  const parentTree = useMemo(() => {
    const allowed = new Set((editingId === null ? nodes : allowedParents(nodes, editingId)).map((n) => n.id));
    const toData = (list: EditorNode[]): ParentOption[] =>
      list.map((e) => ({
        value: e.node.id,
        title: localName(e.node, lang),
        disabled: !allowed.has(e.node.id),
        children: toData(e.children),
      }));
    return [
      {
        value: ROOT,
        title: t('energySetup.tree.rootLevel'),
        disabled: false,
        children: toData(flatToTree(nodes)),
      },
    ];
  }, [nodes, editingId, lang, t]);

  const submit = async () => {
    let v: Values;
    try {
      v = await form.validateFields();
    } catch {
      return;
    }
    const parent = v.parent_id === ROOT ? null : v.parent_id;
    setError(null);
    if (mode?.kind === 'move') {
      const problem = validateMove(nodes, mode.node.id, parent);
      if (problem === 'unchanged') return props.onClose();
      if (problem) {
        form.setFields([{ name: 'parent_id', errors: [t(`energySetup.move.${problem}`)] }]);
        return;
      }
    }
    setSaving(true);
    try {
      const saved =
        mode?.kind === 'add'
          ? await setupApi.createNode({
              project_id: props.projectId,
              energy_type: props.energyType,
              parent_id: parent,
              node_type: v.node_type,
              name: v.name,
              name_en: v.name_en ?? '',
              point_id: v.point_id ?? null,
              power_point_id: v.power_point_id ?? null,
              sort: nextSort(nodes, parent),
            })
          : mode?.kind === 'move'
            ? await setupApi.updateNode(mode.node.id, { parent_id: parent, sort: nextSort(nodes, parent) })
            : await setupApi.updateNode(editingId as number, {
                name: v.name,
                name_en: v.name_en ?? '',
                node_type: v.node_type,
                point_id: v.point_id ?? null,
                power_point_id: v.power_point_id ?? null,
              });
      setError(null);
      props.onSaved(saved);
    } catch (e) {
      const err = toEditError(e);
      setError(err);
      if (err.field && err.field in form.getFieldsValue(true))
        form.setFields([{ name: err.field as keyof Values, errors: [err.message] }]);
    } finally {
      setSaving(false);
    }
  };

  const title = mode ? t(`energySetup.dialog.${mode.kind}`) : '';
  const fieldsHidden = mode?.kind === 'move';
  return (
    <Modal
      open={mode !== null}
      title={title}
      onCancel={() => {
        setError(null);
        props.onClose();
      }}
      onOk={() => void submit()}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={saving}
      destroyOnHidden
      okButtonProps={{ 'data-testid': 'node-save' } as ButtonProps}
      width={560}
    >
      {error && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 12 }}
          data-testid="node-error"
          data-code={error.code}
          data-field={error.field ?? ''}
          title={error.message}
          description={
            error.field
              ? t('energySetup.dialog.fieldHint', {
                  field: t(`energySetup.field.${error.field}`, { defaultValue: error.field }),
                })
              : undefined
          }
        />
      )}
      <Form form={form} layout="vertical" requiredMark="optional" data-testid="node-form">
        <Form.Item name="parent_id" label={t('energySetup.field.parent_id')} hidden={mode?.kind === 'edit'}>
          <TreeSelect
            treeData={parentTree}
            treeDefaultExpandAll
            disabled={mode?.kind === 'add'}
            data-testid="node-parent"
          />
        </Form.Item>
        <div style={{ display: fieldsHidden ? 'none' : undefined }}>
          <Form.Item
            name="name"
            label={t('energySetup.field.name')}
            rules={[
              {
                required: !fieldsHidden,
                whitespace: true,
                max: 64,
                message: t('energySetup.dialog.nameRequired'),
              },
            ]}
          >
            <Input maxLength={64} data-testid="node-name" />
          </Form.Item>
          <Form.Item name="name_en" label={t('energySetup.field.name_en')}>
            <Input maxLength={64} data-testid="node-name-en" />
          </Form.Item>
          <Form.Item name="node_type" label={t('energySetup.field.node_type')}>
            <Select
              options={typesForTree(props.energyType).map((k) => ({
                value: k,
                label: t(`energySetup.nodeType.${k}`),
              }))}
              data-testid="node-type"
            />
          </Form.Item>
          <Form.Item
            name="point_id"
            label={t('energySetup.field.point_id')}
            extra={
              chosenCounter?.boundTo ? (
                <span style={{ color: '#faad14' }} data-testid="point-bound-warning">
                  {t('energySetup.dialog.boundWarning', { node: localName(chosenCounter.boundTo, lang) })}
                </span>
              ) : undefined
            }
          >
            <Select
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              placeholder={t('energySetup.dialog.noMeter')}
              data-testid="node-point"
              options={counters.map((o) => ({
                value: o.point.point_id,
                label: pointLabel(o.point),
                bound: o.boundTo
                  ? localName(o.boundTo, lang)
                  : o.boundElsewhere
                    ? t('energySetup.dialog.otherTree')
                    : null,
              }))}
              optionRender={(o) => (
                <span data-testid={`point-option-${String(o.value)}`}>
                  {o.label}
                  {o.data.bound ? (
                    <Tag color="orange" style={{ marginLeft: 8 }}>
                      {t('energySetup.dialog.usedBy', { node: o.data.bound })}
                    </Tag>
                  ) : (
                    <Tag color="green" style={{ marginLeft: 8 }}>
                      {t('energySetup.dialog.free')}
                    </Tag>
                  )}
                </span>
              )}
            />
          </Form.Item>
          <Form.Item
            name="power_point_id"
            label={t('energySetup.field.power_point_id')}
            extra={t('energySetup.dialog.powerHint')}
          >
            <Select
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              placeholder={t('energySetup.dialog.noMeter')}
              data-testid="node-power-point"
              options={powers.map((o) => ({ value: o.point.point_id, label: pointLabel(o.point) }))}
            />
          </Form.Item>
        </div>
      </Form>
    </Modal>
  );
}

import { DEVICE_KINDS, deviceCatalog, type DeviceKind, type GatewayDeviceRow } from '@gridops/contract';
import { Alert, App, Button, Form, Input, Modal, Popconfirm, Select, Space, Table, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../shared/ui/QueryState';
import type { QueryLook } from '../../shared/ui/QueryState';
import { localName } from '../../shared/ui/localName';
import { gatewayCalls, refusal, useGateways, useGatewayDevices, useInvalidateGateways } from './api';

const DEVICE_SN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

interface DeviceValues {
  gateway_id: number;
  sn: string;
  kind: DeviceKind;
  name: string;
  name_en?: string;
}

const isKind = (k: string): k is DeviceKind => (DEVICE_KINDS as readonly string[]).includes(k);

/** Devices under the site's gateways: add one of a catalogue kind (with its points), rename, remove. */
export function DevicesTab({ projectId, canEdit, look }: { projectId: number; canEdit: boolean; look: QueryLook }) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const lang = i18n.language;
  const devices = useGatewayDevices(projectId);
  const gateways = useGateways(projectId);
  const invalidate = useInvalidateGateways();
  const [editing, setEditing] = useState<GatewayDeviceRow | 'new' | null>(null);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [form] = Form.useForm<DeviceValues>();
  const kindOptions = DEVICE_KINDS.map((k) => ({ value: k, label: localName(deviceCatalog[k], lang) }));
  const gatewayOptions = (gateways.data ?? []).map((g) => ({ value: g.id, label: `${g.sn} · ${localName(g, lang)}` }));

  const open = (d: GatewayDeviceRow | 'new') => {
    setError(null);
    form.resetFields();
    if (d !== 'new') form.setFieldsValue({ gateway_id: d.gateway_id, sn: d.sn, kind: isKind(d.kind) ? d.kind : undefined, name: d.name, name_en: d.name_en });
    setEditing(d);
  };

  const submit = async () => {
    let v: DeviceValues;
    try {
      v = await form.validateFields();
    } catch {
      return;
    }
    setSaving(true);
    setError(null);
    try {
      const names = { name: v.name.trim(), name_en: (v.name_en ?? '').trim() };
      if (editing === 'new') await gatewayCalls.createDevice({ gateway_id: v.gateway_id, sn: v.sn.trim(), kind: v.kind, ...names });
      else if (editing) await gatewayCalls.updateDevice(editing.id, names);
      setEditing(null);
      message.success(t('gateways.saved'));
      await invalidate();
    } catch (e) {
      const r = refusal(e);
      if (r.field && ['gateway_id', 'sn', 'kind', 'name', 'name_en'].includes(r.field)) form.setFields([{ name: r.field as keyof DeviceValues, errors: [r.message] }]);
      else setError(r.message);
    } finally {
      setSaving(false);
    }
  };

  const columns: TableColumnsType<GatewayDeviceRow> = [
    { title: t('gateways.col.gateway'), dataIndex: 'gateway_sn', width: 230, render: (sn: string) => <Typography.Text code style={{ whiteSpace: 'nowrap' }}>{sn}</Typography.Text> },
    { title: t('gateways.col.deviceSn'), dataIndex: 'sn', width: 150 },
    { title: t('gateways.col.name'), key: 'name', render: (_, d) => localName(d, lang) },
    { title: t('gateways.field.kind'), key: 'kind', width: 150, render: (_, d) => (isKind(d.kind) ? localName(deviceCatalog[d.kind], lang) : d.kind) },
    { title: t('gateways.col.pointCount'), dataIndex: 'points', width: 90 },
    ...(canEdit
      ? [
          {
            title: t('common.actions'),
            key: 'actions',
            width: 150,
            render: (_: unknown, d: GatewayDeviceRow) => (
              <Space size={4}>
                <Button size="small" onClick={() => open(d)}>
                  {t('gateways.action.edit')}
                </Button>
                <Popconfirm
                  title={t('gateways.confirmDelete', { name: localName(d, lang) })}
                  okText={t('common.delete')}
                  cancelText={t('common.cancel')}
                  onConfirm={async () => {
                    try {
                      await gatewayCalls.deleteDevice(d.id);
                      message.success(t('gateways.deleted'));
                    } catch (e) {
                      message.error(refusal(e).message);
                    }
                    await invalidate();
                  }}
                >
                  <Button size="small" danger>
                    {t('common.delete')}
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]
      : []),
  ];

  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }}>
      <Alert type="info" showIcon title={t('gateways.devicesIntro')} />
      {canEdit && (
        <Button type="primary" style={{ alignSelf: 'flex-start' }} onClick={() => open('new')} disabled={gatewayOptions.length === 0} data-testid="add-device">
          {t('gateways.action.addDevice')}
        </Button>
      )}
      <QueryState look={look} loading={devices.isPending} error={devices.error} onRetry={() => void invalidate()}>
        <Table<GatewayDeviceRow>
          rowKey="id"
          size="small"
          columns={columns}
          dataSource={devices.data ?? []}
          pagination={{ pageSize: 20, hideOnSinglePage: true }}
          locale={{ emptyText: t('gateways.emptyDevices') }}
          data-testid="device-table"
          scroll={{ x: 900 }}
        />
      </QueryState>
      <Modal
        open={editing !== null}
        title={editing === 'new' ? t('gateways.action.addDevice') : t('gateways.action.edit')}
        onCancel={() => setEditing(null)}
        onOk={() => void submit()}
        confirmLoading={saving}
        okText={t('common.save')}
        cancelText={t('common.cancel')}
      >
        {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 12 }} />}
        <Form form={form} layout="vertical">
          <Form.Item name="gateway_id" label={t('gateways.col.gateway')} rules={[{ required: true, message: t('gateways.rule.gateway') }]}>
            <Select options={gatewayOptions} disabled={editing !== 'new'} />
          </Form.Item>
          <Form.Item name="sn" label={t('gateways.field.device_sn')} rules={[{ required: true, pattern: DEVICE_SN, message: t('gateways.rule.deviceSn') }]}>
            <Input maxLength={64} disabled={editing !== 'new'} />
          </Form.Item>
          <Form.Item name="kind" label={t('gateways.field.kind')} rules={[{ required: true, message: t('gateways.rule.kind') }]}>
            <Select options={kindOptions} showSearch={{ optionFilterProp: 'label' }} disabled={editing !== 'new'} />
          </Form.Item>
          <Form.Item name="name" label={t('gateways.field.name')} rules={[{ required: true, whitespace: true, max: 64, message: t('gateways.rule.name') }]}>
            <Input maxLength={64} />
          </Form.Item>
          <Form.Item name="name_en" label={t('gateways.field.name_en')}>
            <Input maxLength={64} />
          </Form.Item>
        </Form>
      </Modal>
    </Space>
  );
}

import { DEVICE_KINDS, IMPORT_COLUMNS, type DeviceImportResult, type DeviceKind, type GatewayDeviceRow, type ImportRowError } from '@gridops/contract';
import { Alert, App, Button, Form, Input, Modal, Select, Space, Switch, Table, Tag, Typography, Upload } from 'antd';
import type { TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmAction } from '../../shared/ui/ConfirmAction';
import { QueryState } from '../../shared/ui/QueryState';
import type { QueryLook } from '../../shared/ui/QueryState';
import { localName } from '../../shared/ui/localName';
import { exportXlsx } from '../../shared/export/xlsx';
import { gatewayCalls, refusal, templateCalls, useDeviceTemplates, useGatewayRooms, useGateways, useGatewayDevices, useInvalidateGateways } from './api';
import { MoveToRoomModal } from './MoveToRoomModal';
import { ParentDeviceField } from './ParentDeviceField';
import { useDictionary } from '../dictionary/store';

const DEVICE_SN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

interface DeviceValues {
  gateway_id: number;
  sn: string;
  /** A catalogue kind, or `tpl:<id>` for a custom template. */
  kind: string;
  name: string;
  name_en?: string;
  /** Absent from the form value when cleared: the device is not placed. */
  room_id?: number | null;
  /** The upstream device; absent when cleared. */
  parent_id?: number | null;
}

const isKind = (k: string): k is DeviceKind => (DEVICE_KINDS as readonly string[]).includes(k);

/**
 * Devices under the site's gateways: add one of a catalogue kind (with its points) in a room, rename, place in
 * another room (one or many at once), remove. Devices in no room are flagged: the real-time page, the diagram
 * editor and the site checklist only see placed devices.
 */
export function DevicesTab({ projectId, canEdit, look }: { projectId: number; canEdit: boolean; look: QueryLook }) {
  const { t, i18n } = useTranslation();
  const dict = useDictionary();
  const { message } = App.useApp();
  const lang = i18n.language;
  const devices = useGatewayDevices(projectId);
  const gateways = useGateways(projectId);
  const rooms = useGatewayRooms(projectId);
  const [selected, setSelected] = useState<number[]>([]);
  const [moving, setMoving] = useState(false);
  const [onlyUnplaced, setOnlyUnplaced] = useState(false);
  const roomOptions = (rooms.data ?? []).map((r) => ({ value: r.id, label: localName(r, lang) }));
  const unplaced = (devices.data ?? []).filter((d) => d.room_id === null).length;
  const shown = (devices.data ?? []).filter((d) => !onlyUnplaced || d.room_id === null);
  const invalidate = useInvalidateGateways();
  const [editing, setEditing] = useState<GatewayDeviceRow | 'new' | null>(null);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [form] = Form.useForm<DeviceValues>();
  const pickedRoom = Form.useWatch('room_id', form);
  const pickedParent = Form.useWatch('parent_id', form);
  const templates = useDeviceTemplates();
  const [report, setReport] = useState<DeviceImportResult | null>(null);
  const [importing, setImporting] = useState(false);
  const kindOptions = [
    ...(templates.data?.custom ?? []).map((tpl) => ({ value: `tpl:${tpl.id}`, label: t('gateways.templateOption', { name: localName(tpl, lang) }) })),
    ...DEVICE_KINDS.map((k) => ({ value: k, label: dict.label('deviceKind', k) })),
  ];
  const importColumns = IMPORT_COLUMNS.map((c) => ({ title: `${t(`gateways.imp.cols.${c}`)} (${c})`, key: c }));
  const downloadTemplate = () =>
    void exportXlsx(t('gateways.imp.sheet'), importColumns, [{ gateway_sn: gateways.data?.[0]?.sn ?? '', device_sn: 'M-001', name: '1#电表', name_en: 'Meter 1', template: 'meter', room: '', parent_sn: '' }], {
      sheet: t('gateways.imp.sheet'),
    });
  const upload = async (file: File) => {
    setImporting(true);
    try {
      const bytes = new Uint8Array(await file.arrayBuffer());
      let bin = '';
      for (let i = 0; i < bytes.length; i += 0x8000) bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
      const r = await templateCalls.importDevices(projectId, btoa(bin));
      setReport(r);
      if (r.ok) await invalidate();
    } catch (e) {
      message.error(refusal(e).message);
    } finally {
      setImporting(false);
    }
  };
  const reportColumns: TableColumnsType<ImportRowError> = [
    { title: t('gateways.imp.row'), dataIndex: 'row', width: 70 },
    { title: t('gateways.imp.column'), dataIndex: 'column', width: 160, render: (c: string) => t(`gateways.imp.cols.${c}`) },
    { title: t('gateways.imp.message'), key: 'message', render: (_, r) => (lang.startsWith('en') ? r.message.en : r.message.zh) },
  ];
  const gatewayOptions = (gateways.data ?? []).map((g) => ({ value: g.id, label: `${g.sn} · ${localName(g, lang)}` }));

  const open = (d: GatewayDeviceRow | 'new') => {
    setError(null);
    form.resetFields();
    if (d !== 'new') form.setFieldsValue({ gateway_id: d.gateway_id, sn: d.sn, kind: d.kind, name: d.name, name_en: d.name_en, room_id: d.room_id, parent_id: d.parent_id });
    // A new device goes into the site's only room without asking.
    else if (roomOptions.length === 1) form.setFieldsValue({ room_id: roomOptions[0]!.value });
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
      const names = { name: v.name.trim(), name_en: (v.name_en ?? '').trim(), room_id: v.room_id ?? null, parent_id: v.parent_id ?? null };
      if (editing === 'new') {
        const choice: { kind?: DeviceKind; template_id?: number } = v.kind.startsWith('tpl:') ? { template_id: Number(v.kind.slice(4)) } : isKind(v.kind) ? { kind: v.kind } : {};
        await gatewayCalls.createDevice({ gateway_id: v.gateway_id, sn: v.sn.trim(), ...choice, ...names });
      }
      else if (editing) await gatewayCalls.updateDevice(editing.id, names);
      setEditing(null);
      message.success(t('gateways.saved'));
      await invalidate();
    } catch (e) {
      const r = refusal(e);
      if (r.field === 'template_id') form.setFields([{ name: 'kind', errors: [r.message] }]);
      else if (r.field && ['gateway_id', 'sn', 'kind', 'name', 'name_en', 'room_id', 'parent_id'].includes(r.field)) form.setFields([{ name: r.field as keyof DeviceValues, errors: [r.message] }]);
      else setError(r.message);
    } finally {
      setSaving(false);
    }
  };

  const columns: TableColumnsType<GatewayDeviceRow> = [
    { title: t('gateways.col.gateway'), dataIndex: 'gateway_sn', width: 230, render: (sn: string) => <Typography.Text code style={{ whiteSpace: 'nowrap' }}>{sn}</Typography.Text> },
    { title: t('gateways.col.deviceSn'), dataIndex: 'sn', width: 150 },
    { title: t('gateways.col.name'), key: 'name', render: (_, d) => localName(d, lang) },
    { title: t('gateways.field.kind'), key: 'kind', width: 150, render: (_, d) => dict.label('deviceKind', d.kind) },
    {
      title: t('gateways.room.col'),
      key: 'room',
      width: 160,
      render: (_, d) =>
        d.room_id === null ? (
          <Tag color="orange" data-testid={`device-unplaced-${d.id}`}>
            {t('gateways.room.none')}
          </Tag>
        ) : (
          localName({ name: d.room_name ?? '', name_en: d.room_name_en ?? '' }, lang)
        ),
    },
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
                <ConfirmAction
                  title={t('gateways.confirmDelete', { name: localName(d, lang) })}
                  okText={t('common.delete')}
                  label={t('common.delete')}
                  run={() => gatewayCalls.deleteDevice(d.id)}
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
    <Space orientation="vertical" size={12} style={{ width: '100%' }}>
      <Alert type="info" showIcon title={t('gateways.devicesIntro')} />
      {unplaced > 0 && <Alert type="warning" showIcon title={t('gateways.room.unplaced', { count: unplaced })} data-testid="devices-unplaced" />}
      {canEdit && rooms.data?.length === 0 && <Alert type="warning" showIcon title={t('gateways.room.noRooms')} />}
      {canEdit && (
        <Button type="primary" style={{ alignSelf: 'flex-start' }} onClick={() => open('new')} disabled={gatewayOptions.length === 0} data-testid="add-device">
          {t('gateways.action.addDevice')}
        </Button>
      )}
      {canEdit && (
        <Space size={8}>
          <Button onClick={downloadTemplate} data-testid="import-template">
            {t('gateways.imp.download')}
          </Button>
          <Upload
            accept=".xlsx"
            showUploadList={false}
            beforeUpload={(file) => {
              void upload(file);
              return false;
            }}
          >
            <Button loading={importing} data-testid="import-devices">
              {t('gateways.imp.upload')}
            </Button>
          </Upload>
        </Space>
      )}
      <Modal open={report !== null} title={t('gateways.imp.title')} onCancel={() => setReport(null)} footer={null} width={760}>
        {report?.ok ? (
          <Alert type="success" showIcon title={t('gateways.imp.ok', { n: report.created })} />
        ) : (
          <Space orientation="vertical" style={{ width: '100%' }}>
            <Alert type="error" showIcon title={t('gateways.imp.failed', { n: report?.errors.length ?? 0 })} />
            <Table<ImportRowError>
              rowKey={(r) => `${r.row}-${r.column}`}
              size="small"
              columns={reportColumns}
              dataSource={report?.errors ?? []}
              pagination={{ pageSize: 20, hideOnSinglePage: true }}
              data-testid="import-report"
            />
          </Space>
        )}
      </Modal>
      <Space size={12} wrap>
        {canEdit && (
          <Button disabled={selected.length === 0 || roomOptions.length === 0} onClick={() => setMoving(true)} data-testid="move-devices">
            {t('gateways.room.move')}
            {selected.length > 0 ? ` (${selected.length})` : ''}
          </Button>
        )}
        <Space size={4}>
          <Switch size="small" checked={onlyUnplaced} onChange={setOnlyUnplaced} data-testid="only-unplaced" />
          {t('gateways.room.onlyUnplaced')}
        </Space>
      </Space>
      <MoveToRoomModal
        open={moving}
        projectId={projectId}
        deviceIds={selected}
        rooms={roomOptions}
        onClose={(moved) => {
          setMoving(false);
          if (moved) {
            setSelected([]);
            void invalidate();
          }
        }}
      />
      <QueryState look={look} loading={devices.isPending} error={devices.error} onRetry={() => void invalidate()}>
        <Table<GatewayDeviceRow>
          rowKey="id"
          size="small"
          columns={columns}
          rowSelection={canEdit ? { selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(Number)) } : undefined}
          dataSource={shown}
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
        <Form form={form} name="device" layout="vertical">
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
          <Form.Item name="room_id" label={t('gateways.room.field')} extra={roomOptions.length === 0 ? t('gateways.room.noRooms') : undefined}>
            <Select allowClear options={roomOptions} placeholder={t('gateways.room.none')} data-testid="device-room" />
          </Form.Item>
          <ParentDeviceField devices={devices.data ?? []} selfId={editing !== null && editing !== 'new' ? editing.id : undefined} roomId={pickedRoom} current={pickedParent} />
        </Form>
      </Modal>
    </Space>
  );
}

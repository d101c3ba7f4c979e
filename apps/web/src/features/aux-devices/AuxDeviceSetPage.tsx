import { AUX_DEVICE_XLSX_COLUMNS, AUX_KINDS, AUX_SETPOINTS, type AuxDevice, type AuxDeviceList, type AuxKind } from '@gridops/contract';
import { Alert, App, Button, Col, Form, Input, InputNumber, Row, Select, Space, Switch, Tabs, Tag, Upload } from 'antd';
import type { TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { exportXlsx } from '../../shared/export/xlsx';
import { ListFormPage, listQueryProps } from '../../shared/ui/listForm/ListFormPage';
import { SiteGate } from '../../shared/ui/SiteGate';
import { localName, localText } from '../../shared/ui/localName';
import { useCanConfigure } from '../../session/permissions';
import { SETUP_QUERY, SETUP_SITE } from '../../shared/ui/setupPageLooks';
import { auxCalls, useAuxDevices, useSettleAux } from './api';
import { AutomationTab } from './AutomationTab';

/** `existing`: an edit (the kind is fixed once the device has its points). */
type DeviceValues = { existing: boolean; name: string; name_en: string; kind: AuxKind; room_id: number; gateway_id: number; sn: string; setpoint_min: number | null; setpoint_max: number | null; remote_control: boolean };

export const toBase64 = (file: File) =>
  file.arrayBuffer().then((buf) => {
    let s = '';
    const bytes = new Uint8Array(buf);
    for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    return btoa(s);
  });

/** "16–30 °C" of a device's effective set-point range, or that it has none. */
function rangeText(d: AuxDevice, none: string) {
  return d.setpoint ? `${d.setpoint.min}–${d.setpoint.max}${d.setpoint.unit ? ` ${d.setpoint.unit}` : ''}` : none;
}

function ExportImport({ projectId, list }: { projectId: number; list: AuxDeviceList }) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const settle = useSettleAux();
  const [errors, setErrors] = useState<string[]>([]);
  const en = i18n.language.startsWith('en');
  return (
    <>
      <Space>
        <Button onClick={() => void exportXlsx(`aux-devices-${projectId}`, AUX_DEVICE_XLSX_COLUMNS.map((k) => ({ title: k, key: k, ...(k === 'remote_control' ? { format: (v: unknown) => (v ? 'true' : 'false') } : {}) })), list.devices)} data-testid="aux-export">
          {t('auxSet.export')}
        </Button>
        <Upload
          accept=".xlsx"
          showUploadList={false}
          beforeUpload={async (file) => {
            setErrors([]);
            try {
              const r = await auxCalls.importXlsx({ project_id: projectId, file_base64: await toBase64(file) });
              if (r.ok) message.success(t('auxSet.imported', { created: r.created, updated: r.updated }));
              else setErrors(r.errors.map((e) => t('auxSet.importRow', { row: e.row, column: e.column, message: en ? e.message.en : e.message.zh })));
            } catch (e) {
              message.error(e instanceof Error ? e.message : String(e));
            }
            await settle();
            return false;
          }}
        >
          <Button data-testid="aux-import">{t('auxSet.import')}</Button>
        </Upload>
      </Space>
      {errors.length > 0 && <Alert type="error" showIcon title={errors.join('\n')} style={{ whiteSpace: 'pre-line' }} data-testid="aux-import-errors" />}
    </>
  );
}

function DevicesTab({ projectId }: { projectId: number }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const q = useAuxDevices(projectId);
  const settle = useSettleAux();
  const canEdit = useCanConfigure();
  const list = q.data;
  const columns: TableColumnsType<AuxDevice> = [
    { title: t('auxSet.name'), key: 'name', render: (_, d) => <span data-testid={`aux-device-${d.sn}`}>{localName(d, lang)}</span> },
    { title: t('auxSet.kind'), key: 'kind', render: (_, d) => t(`auxSet.kinds.${d.kind}`) },
    { title: t('auxSet.room'), key: 'room', render: (_, d) => localText(d.room_name, d.room_name_en, lang) },
    { title: t('auxSet.gateway'), key: 'gw', render: (_, d) => `${d.gateway_sn} / ${d.sn}` },
    { title: t('auxSet.points'), key: 'points', render: (_, d) => d.points.map((p) => localText(p.name, p.name_en, lang)).join(lang === 'en' ? ', ' : '、') },
    { title: t('auxSet.setpoint'), key: 'sp', render: (_, d) => <span data-testid={`aux-range-${d.sn}`}>{rangeText(d, t('auxSet.noSetpoint'))}</span> },
    { title: t('auxSet.remote'), key: 'remote', render: (_, d) => <Tag color={d.remote_control ? 'green' : 'default'}>{d.remote_control ? t('auxSet.remoteOn') : t('auxSet.remoteOff')}</Tag> },
  ];
  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }}>
      {list && canEdit ? <ExportImport projectId={projectId} list={list} /> : null}
      <ListFormPage<AuxDevice, DeviceValues>
        testId="aux-set"
        look={SETUP_QUERY}
        intro={t('auxSet.intro')}
        {...listQueryProps({ ...q, data: q.data ? { items: q.data.devices } : undefined })}
        canEdit={canEdit}
        text={{ add: t('auxSet.add'), addTitle: t('auxSet.addTitle'), editTitle: t('auxSet.editTitle'), readOnly: t('auxSet.readOnly'), saved: t('auxSet.saved'), deleted: t('auxSet.deleted'), deleteTitle: (d) => t('auxSet.confirmDelete', { name: localName(d, lang) }) }}
        columns={columns}
        initialValues={(d) =>
          d
            ? { existing: true, name: d.name, name_en: d.name_en, kind: d.kind, room_id: d.room_id, gateway_id: d.gateway_id, sn: d.sn, setpoint_min: d.setpoint_min, setpoint_max: d.setpoint_max, remote_control: d.remote_control }
            : { existing: false, name: '', name_en: '', kind: 'fan', room_id: list?.rooms[0]?.id ?? 0, gateway_id: list?.gateways[0]?.id ?? 0, sn: '', setpoint_min: null, setpoint_max: null, remote_control: true }
        }
        fields={() => <DeviceFields list={list} />}
        save={(v, d) => (d ? auxCalls.update({ ...v, id: d.id, version: d.version }) : auxCalls.create({ ...v, project_id: projectId }))}
        remove={(d) => auxCalls.remove(d.id, d.version)}
        settle={settle}
        width={640}
      />
    </Space>
  );
}

function DeviceFields({ list }: { list: AuxDeviceList | undefined }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const kind = Form.useWatch<AuxKind | undefined>('kind');
  const kindFixed = Form.useWatch<boolean | undefined>('existing') === true;
  const def = kind ? AUX_SETPOINTS[kind] : undefined;
  const required = (field: string) => [{ required: true, message: t('auxSet.required', { field }) }];
  return (
    <>
      <Form.Item name="existing" hidden>
        <Input />
      </Form.Item>
      <Row gutter={12}>
        <Col span={12}>
          <Form.Item name="name" label={t('auxSet.name')} rules={[...required(t('auxSet.name')), { max: 64 }]}>
            <Input maxLength={64} data-testid="aux-name" />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="name_en" label={t('auxSet.nameEn')} rules={[...required(t('auxSet.nameEn')), { max: 64 }]}>
            <Input maxLength={64} data-testid="aux-name-en" />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="kind" label={t('auxSet.kind')}>
            <Select disabled={kindFixed} options={AUX_KINDS.map((k) => ({ value: k, label: t(`auxSet.kinds.${k}`) }))} data-testid="aux-kind" />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="room_id" label={t('auxSet.room')} rules={required(t('auxSet.room'))}>
            <Select options={(list?.rooms ?? []).map((r) => ({ value: r.id, label: localName(r, lang) }))} data-testid="aux-room" />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="gateway_id" label={t('auxSet.gateway')} rules={required(t('auxSet.gateway'))}>
            <Select options={(list?.gateways ?? []).map((g) => ({ value: g.id, label: `${g.sn} ${localName(g, lang)}` }))} data-testid="aux-gateway" />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="sn" label={t('auxSet.sn')} rules={[...required(t('auxSet.sn')), { pattern: /^[A-Za-z0-9._-]+$/ }]}>
            <Input maxLength={64} data-testid="aux-sn" />
          </Form.Item>
        </Col>
      </Row>
      {def ? (
        <Row gutter={12}>
          <Col span={12}>
            <Form.Item name="setpoint_min" label={t('auxSet.setpointMin')} extra={t('auxSet.kindRange', { min: def.min, max: def.max, unit: '' })}>
              <InputNumber min={def.min} max={def.max} step={def.step} style={{ width: '100%' }} data-testid="aux-sp-min" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="setpoint_max" label={t('auxSet.setpointMax')}>
              <InputNumber min={def.min} max={def.max} step={def.step} style={{ width: '100%' }} data-testid="aux-sp-max" />
            </Form.Item>
          </Col>
        </Row>
      ) : null}
      <Form.Item name="remote_control" label={t('auxSet.remote')} valuePropName="checked">
        <Switch data-testid="aux-remote" />
      </Form.Item>
    </>
  );
}

/** /RunSetup/AuxDeviceSet: the site's auxiliary devices, and the automation rules that switch them. */
export function AuxDeviceSetPage() {
  const { t } = useTranslation();
  return (
    <SiteGate prompt={SETUP_SITE} testId="aux-device-set-page">
      {(id) => (
        <Tabs
          key={id}
          items={[
            { key: 'devices', label: t('auxSet.tabs.devices'), children: <DevicesTab projectId={id} /> },
            { key: 'automation', label: <span data-testid="aux-tab-automation">{t('auxSet.tabs.automation')}</span>, children: <AutomationTab projectId={id} /> },
          ]}
        />
      )}
    </SiteGate>
  );
}

import { CONNECTOR_TYPES, type AssetDevice, type Charger, type PvArray } from '@gridops/contract';
import { Col, Form, Input, InputNumber, Row, Select, Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../shared/format';
import { ListFormPage } from '../../shared/ui/listForm/ListFormPage';
import { localName } from '../../shared/ui/localName';
import { assetsApi, useChargers, usePvArrays } from './api';
import { assetPage, useAssetListProps } from './assetList';

/** Name fields every asset form starts with. */
export function NameFields() {
  const { t } = useTranslation();
  const required = (field: string) => ({ required: true, whitespace: true, message: t('assets.required', { field }) });
  return (
    <Row gutter={12}>
      <Col span={12}>
        <Form.Item name="name" label={t('assets.name')} rules={[required(t('assets.name')), { max: 64 }]}>
          <Input maxLength={64} data-testid="asset-name" />
        </Form.Item>
      </Col>
      <Col span={12}>
        <Form.Item name="name_en" label={t('assets.nameEn')} rules={[required(t('assets.nameEn')), { max: 64 }]}>
          <Input maxLength={64} data-testid="asset-name-en" />
        </Form.Item>
      </Col>
    </Row>
  );
}

/** A number field with the contract's bounds (the server checks them again). */
export function NumberField({ name, label, min, max, precision = 2, testId }: { name: string | (string | number)[]; label: string; min: number; max: number; precision?: number; testId?: string }) {
  const { t } = useTranslation();
  return (
    <Form.Item name={name} label={label} rules={[{ required: true, message: t('assets.required', { field: label }) }]}>
      <InputNumber min={min} max={max} precision={precision} style={{ width: '100%' }} data-testid={testId} />
    </Form.Item>
  );
}

export const deviceOptions = (devices: AssetDevice[] | undefined, lang: string) => (devices ?? []).map((d) => ({ value: d.id, label: `${localName(d, lang)} (${d.sn})` }));
export const deviceNames = (ids: (number | null)[], devices: AssetDevice[] | undefined, lang: string) =>
  ids
    .map((id) => devices?.find((d) => d.id === id))
    .filter((d): d is AssetDevice => d !== undefined)
    .map((d) => localName(d, lang));

type PvValues = Omit<PvArray, 'id' | 'project_id' | 'version'>;

function PvSet({ projectId }: { projectId: number }) {
  const { t, i18n } = useTranslation();
  const f = useFormat();
  const lang = i18n.language;
  const q = usePvArrays(projectId);
  const common = useAssetListProps('pv', q);
  const columns: TableColumnsType<PvArray> = [
    { title: t('assets.name'), key: 'name', render: (_, a) => <span data-testid={`pv-${a.id}`}>{localName(a, lang)}</span> },
    { title: t('assets.pv.capacity'), key: 'kwp', align: 'right', render: (_, a) => f.unit(a.capacity_kwp, 'kWp').text },
    { title: t('assets.pv.azimuth'), dataIndex: 'azimuth_deg', key: 'az', align: 'right' },
    { title: t('assets.pv.tilt'), dataIndex: 'tilt_deg', key: 'tilt', align: 'right' },
    { title: t('assets.pv.pr'), key: 'pr', align: 'right', render: (_, a) => f.number(a.performance_ratio, 2) },
    { title: t('assets.pv.inverters'), key: 'inv', render: (_, a) => deviceNames(a.inverter_ids, q.data?.devices, lang).map((n) => <Tag key={n}>{n}</Tag>) },
  ];
  return (
    <ListFormPage<PvArray, PvValues>
      {...common}
      columns={columns}
      initialValues={(a) => (a ? { ...a } : { name: '', name_en: '', capacity_kwp: 100, azimuth_deg: 180, tilt_deg: 20, performance_ratio: 0.8, inverter_ids: [] })}
      fields={() => (
        <>
          <NameFields />
          <Row gutter={12}>
            <Col span={12}>
              <NumberField name="capacity_kwp" label={t('assets.pv.capacity')} min={0.1} max={1_000_000} testId="pv-kwp" />
            </Col>
            <Col span={12}>
              <NumberField name="performance_ratio" label={t('assets.pv.pr')} min={0.5} max={1} />
            </Col>
            <Col span={12}>
              <NumberField name="azimuth_deg" label={t('assets.pv.azimuth')} min={0} max={360} precision={0} />
            </Col>
            <Col span={12}>
              <NumberField name="tilt_deg" label={t('assets.pv.tilt')} min={0} max={90} precision={0} testId="pv-tilt" />
            </Col>
          </Row>
          <Form.Item name="inverter_ids" label={t('assets.pv.inverters')}>
            <Select mode="multiple" options={deviceOptions(q.data?.devices, lang)} data-testid="pv-inverters" />
          </Form.Item>
        </>
      )}
      save={(v, a) => (a ? assetsApi.pv.update({ ...v, id: a.id, version: a.version }) : assetsApi.pv.create({ ...v, project_id: projectId }))}
    />
  );
}

type ChargerValues = Omit<Charger, 'id' | 'project_id' | 'version'>;

function ChargeSet({ projectId }: { projectId: number }) {
  const { t, i18n } = useTranslation();
  const f = useFormat();
  const lang = i18n.language;
  const q = useChargers(projectId);
  const common = useAssetListProps('charger', q);
  const columns: TableColumnsType<Charger> = [
    { title: t('assets.name'), key: 'name', render: (_, c) => <span data-testid={`charger-${c.id}`}>{localName(c, lang)}</span> },
    { title: t('assets.device'), key: 'device', render: (_, c) => deviceNames([c.device_id], q.data?.devices, lang).join('') || '-' },
    { title: t('assets.charger.type'), key: 'type', render: (_, c) => t(`assets.charger.types.${c.connector_type}`) },
    { title: t('assets.charger.connectors'), dataIndex: 'connectors', key: 'n', align: 'right' },
    { title: t('assets.charger.rated'), key: 'kw', align: 'right', render: (_, c) => f.unit(c.rated_kw, 'kW').text },
    { title: t('assets.charger.fee'), key: 'fee', align: 'right', render: (_, c) => f.number(c.service_fee_yuan_kwh, 2) },
  ];
  return (
    <ListFormPage<Charger, ChargerValues>
      {...common}
      columns={columns}
      initialValues={(c) => (c ? { ...c } : { name: '', name_en: '', device_id: 0, connectors: 1, connector_type: 'gbt_dc', rated_kw: 60, service_fee_yuan_kwh: 0.6 })}
      fields={() => (
        <>
          <NameFields />
          <Form.Item name="device_id" label={t('assets.device')} rules={[{ required: true, type: 'number', min: 1, message: t('assets.required', { field: t('assets.device') }) }]}>
            <Select options={deviceOptions(q.data?.devices, lang)} data-testid="charger-device" />
          </Form.Item>
          <Row gutter={12}>
            <Col span={12}>
              <Form.Item name="connector_type" label={t('assets.charger.type')}>
                <Select options={CONNECTOR_TYPES.map((k) => ({ value: k, label: t(`assets.charger.types.${k}`) }))} />
              </Form.Item>
            </Col>
            <Col span={12}>
              <NumberField name="connectors" label={t('assets.charger.connectors')} min={1} max={8} precision={0} />
            </Col>
            <Col span={12}>
              <NumberField name="rated_kw" label={t('assets.charger.rated')} min={1} max={1000} />
            </Col>
            <Col span={12}>
              <NumberField name="service_fee_yuan_kwh" label={t('assets.charger.fee')} min={0} max={5} testId="charger-fee" />
            </Col>
          </Row>
        </>
      )}
      save={(v, c) => (c ? assetsApi.charger.update({ ...v, id: c.id, version: c.version }) : assetsApi.charger.create({ ...v, project_id: projectId }))}
    />
  );
}

/** /RunSetup/PvSet */
export const PvSetPage = assetPage(PvSet, 'pv-set-page');

/** /RunSetup/ChargeSet */
export const ChargeSetPage = assetPage(ChargeSet, 'charge-set-page');

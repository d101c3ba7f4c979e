import type { Building } from '@gridops/contract';
import { Button, Col, Form, Input, InputNumber, Row, Select, Space, Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../shared/format';
import { ListFormPage } from '../../shared/ui/listForm/ListFormPage';
import { localName } from '../../shared/ui/localName';
import { buildingWrites, useBuildings } from './api';
import { deviceName, deviceOptions, NameFields, NumberField, SetExport, setPage, useSetListProps } from './setCommon';

type Values = Omit<Building, 'id' | 'project_id' | 'version'>;

/** /RunSetup/BuildGroupSet: the site's buildings, each with its floors bottom to top and its incoming meter. */
function GroupSet({ projectId }: { projectId: number }) {
  const { t, i18n } = useTranslation();
  const f = useFormat();
  const lang = i18n.language;
  const q = useBuildings(projectId);
  const devices = q.data?.devices;
  const common = useSetListProps('group', 'build-group-set', q, buildingWrites.buildings.remove);
  const columns: TableColumnsType<Building> = [
    { title: t('building.name'), key: 'name', render: (_, b) => <span data-testid={`building-${b.id}`}>{localName(b, lang)}</span> },
    { title: t('building.group.area'), key: 'area', align: 'right', render: (_, b) => f.unit(b.area_m2, 'm²', { precision: 0 }).text },
    { title: t('building.group.meter'), key: 'meter', render: (_, b) => deviceName(b.meter_device_id, devices, lang) },
    { title: t('building.group.floors'), key: 'floors', render: (_, b) => b.floors.map((fl) => <Tag key={fl.code}>{fl.code}</Tag>) },
  ];
  return (
    <>
      <SetExport
        fileName={t('building.group.floors')}
        rows={q.data?.items.flatMap((b) => b.floors.map((fl, i) => ({ building: localName(b, lang), order: i + 1, ...fl, floor: localName(fl, lang) }))) ?? []}
        columns={[
          { title: t('building.building'), key: 'building' },
          { title: '#', key: 'order' },
          { title: t('building.group.code'), key: 'code' },
          { title: t('building.floor'), key: 'floor' },
          { title: t('building.group.floorArea'), key: 'area_m2' },
        ]}
      />
      <ListFormPage<Building, Values>
        {...common}
        width={860}
        columns={columns}
        initialValues={(b) => (b ? { ...b } : { name: '', name_en: '', area_m2: 1000, meter_device_id: null, floors: [{ code: '1F', name: '1层', name_en: 'Floor 1', area_m2: 1000, sensor_device_id: null }] })}
        fields={() => (
          <>
            <NameFields />
            <Row gutter={12}>
              <Col span={12}>
                <NumberField name="area_m2" label={t('building.group.area')} min={1} max={10_000_000} precision={0} />
              </Col>
              <Col span={12}>
                <Form.Item name="meter_device_id" label={t('building.group.meter')}>
                  <Select allowClear options={deviceOptions(devices, lang, ['feeder', 'meter'])} placeholder={t('building.none')} data-testid="building-meter" />
                </Form.Item>
              </Col>
            </Row>
            <Form.Item label={t('building.group.floors')} required>
              <Form.List name="floors">
                {(rows, { add, remove }) => (
                  <Space orientation="vertical" style={{ width: '100%' }}>
                    {rows.map((r) => (
                      <Space key={r.key} align="start" wrap>
                        <Form.Item name={[r.name, 'code']} rules={[{ required: true, message: t('building.required', { field: t('building.group.code') }) }]} noStyle={false} style={{ marginBottom: 0 }}>
                          <Input placeholder={t('building.group.code')} style={{ width: 70 }} maxLength={16} />
                        </Form.Item>
                        <Form.Item name={[r.name, 'name']} rules={[{ required: true, whitespace: true, message: t('building.required', { field: t('building.name') }) }]} style={{ marginBottom: 0 }}>
                          <Input placeholder={t('building.name')} style={{ width: 120 }} maxLength={64} />
                        </Form.Item>
                        <Form.Item name={[r.name, 'name_en']} rules={[{ required: true, whitespace: true, message: t('building.required', { field: t('building.nameEn') }) }]} style={{ marginBottom: 0 }}>
                          <Input placeholder={t('building.nameEn')} style={{ width: 130 }} maxLength={64} />
                        </Form.Item>
                        <Form.Item name={[r.name, 'area_m2']} rules={[{ required: true, message: t('building.required', { field: t('building.group.floorArea') }) }]} style={{ marginBottom: 0 }}>
                          <InputNumber placeholder={t('building.group.floorArea')} min={0} max={1_000_000} style={{ width: 100 }} />
                        </Form.Item>
                        <Form.Item name={[r.name, 'sensor_device_id']} style={{ marginBottom: 0 }}>
                          <Select allowClear placeholder={t('building.group.sensor')} style={{ width: 190 }} options={deviceOptions(devices, lang, ['comfort_sensor'])} />
                        </Form.Item>
                        <Button onClick={() => remove(r.name)} disabled={rows.length <= 1}>
                          {t('common.delete')}
                        </Button>
                      </Space>
                    ))}
                    <Button onClick={() => add({ code: '', name: '', name_en: '', area_m2: 0, sensor_device_id: null })} data-testid="building-add-floor">
                      {t('building.group.addFloor')}
                    </Button>
                  </Space>
                )}
              </Form.List>
            </Form.Item>
          </>
        )}
        save={(v, b) => (b ? buildingWrites.buildings.update({ ...v, id: b.id, version: b.version }) : buildingWrites.buildings.create({ ...v, project_id: projectId }))}
      />
    </>
  );
}

export const BuildGroupSetPage = setPage(GroupSet, 'page-build-group-set');

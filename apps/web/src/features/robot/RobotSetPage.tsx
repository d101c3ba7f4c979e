import type { RobotConfig, RobotFields } from '@gridops/contract';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Col, Divider, Form, Input, InputNumber, Row, Select, Space, Tag } from 'antd';
import type { FormInstance, TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { ExportButton, type ExportColumn } from '../../shared/export';
import { listQueryProps, ListFormPage } from '../../shared/ui/listForm/ListFormPage';
import { localName } from '../../shared/ui/localName';
import { SiteGate } from '../../shared/ui/SiteGate';
import { useCanConfigure } from '../../session/permissions';
import { SETUP_QUERY, SETUP_SITE } from '../../shared/ui/setupPageLooks';
import { robotWrites, useRobotConfigs, useSettleRobots } from './api';
import { RouteEditor } from './RouteEditor';

const NEW_ROBOT: RobotFields = {
  name: '',
  name_en: '',
  room_id: 0,
  serial: '',
  gateway_id: 0,
  camera_id: null,
  speed_mps: 0.4,
  plan: { width_m: 12, depth_m: 8, dock: { x: 0.8, y: 6.5 }, cabinets: [] },
  stops: [],
  schedule: ['08:00', '14:00', '20:00'],
};

const fieldsOf = (r: RobotConfig): RobotFields => ({ name: r.name, name_en: r.name_en, room_id: r.room_id, serial: r.serial, gateway_id: r.gateway_id, camera_id: r.camera_id, speed_mps: r.speed_mps, plan: r.plan, stops: r.stops, schedule: r.schedule });

function Cabinets() {
  const { t } = useTranslation();
  const n = (name: (string | number)[], label: string, min: number) => (
    <Form.Item name={name} label={label} rules={[{ required: true, message: t('robot.set.required', { field: label }) }]}>
      <InputNumber size="small" min={min} max={500} step={0.1} style={{ width: '100%' }} />
    </Form.Item>
  );
  return (
    <Form.List name={['plan', 'cabinets']}>
      {(fields, { add, remove }) => (
        <>
          {fields.map((f) => (
            <Row key={f.key} gutter={6}>
              <Col span={5}>
                <Form.Item name={[f.name, 'name']} label={t('robot.set.name')} rules={[{ required: true, whitespace: true, message: t('robot.set.required', { field: t('robot.set.name') }) }]}>
                  <Input size="small" maxLength={64} />
                </Form.Item>
              </Col>
              <Col span={5}>
                <Form.Item name={[f.name, 'name_en']} label={t('robot.set.nameEn')} rules={[{ required: true, whitespace: true, message: t('robot.set.required', { field: t('robot.set.nameEn') }) }]}>
                  <Input size="small" maxLength={64} />
                </Form.Item>
              </Col>
              <Col span={3}>{n([f.name, 'x'], 'X (m)', 0)}</Col>
              <Col span={3}>{n([f.name, 'y'], 'Y (m)', 0)}</Col>
              <Col span={3}>{n([f.name, 'w'], `${t('robot.set.width')}`, 0.1)}</Col>
              <Col span={3}>{n([f.name, 'd'], `${t('robot.set.depth')}`, 0.1)}</Col>
              <Col span={2} style={{ paddingTop: 30 }}>
                <Button size="small" type="text" danger icon={<DeleteOutlined />} aria-label={t('robot.set.remove')} onClick={() => remove(f.name)} />
              </Col>
            </Row>
          ))}
          <Button size="small" icon={<PlusOutlined />} onClick={() => add({ name: '', name_en: '', x: 1, y: 1, w: 1, d: 0.8 })}>
            {t('robot.set.addCabinet')}
          </Button>
        </>
      )}
    </Form.List>
  );
}

function RobotSet({ projectId }: { projectId: number }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const q = useRobotConfigs(projectId);
  const settle = useSettleRobots();
  const canEdit = useCanConfigure();
  const opts = q.data;
  const nameOf = (list: { id: number; name: string; name_en: string }[] | undefined, id: number | null) => {
    const hit = list?.find((x) => x.id === id);
    return hit ? localName(hit, lang) : '-';
  };
  const columns: TableColumnsType<RobotConfig> = [
    { title: t('robot.set.name'), key: 'name', render: (_, r) => <span data-testid={`robot-config-${r.id}`}>{localName(r, lang)}</span> },
    { title: t('robot.set.room'), key: 'room', render: (_, r) => nameOf(opts?.rooms, r.room_id) },
    { title: t('robot.set.serial'), dataIndex: 'serial', key: 'serial' },
    { title: t('robot.set.camera'), key: 'camera', render: (_, r) => nameOf(opts?.cameras, r.camera_id) },
    { title: t('robot.set.stopsCount'), key: 'stops', align: 'right', render: (_, r) => r.stops.length },
    { title: t('robot.set.readingsCount'), key: 'readings', align: 'right', render: (_, r) => r.stops.reduce((a, s) => a + s.readings.length, 0) },
    { title: t('robot.set.schedule'), key: 'schedule', render: (_, r) => r.schedule.map((s) => <Tag key={s}>{s}</Tag>) },
  ];
  const exportColumns: ExportColumn<RobotConfig>[] = [
    { title: t('robot.set.name'), key: 'name', format: (_, r) => localName(r, lang) },
    { title: t('robot.set.room'), key: 'room_id', format: (_, r) => nameOf(opts?.rooms, r.room_id) },
    { title: t('robot.set.serial'), key: 'serial' },
    { title: t('robot.set.speed'), key: 'speed_mps' },
    { title: t('robot.set.stopsCount'), key: 'stops', format: (_, r) => r.stops.length },
    { title: t('robot.set.readingsCount'), key: 'readings', format: (_, r) => r.stops.reduce((a, s) => a + s.readings.length, 0) },
    { title: t('robot.set.schedule'), key: 'schedule', format: (_, r) => r.schedule.join(' ') },
  ];
  const fields = (form: FormInstance<RobotFields>) => (
    <>
      <Row gutter={12}>
        <Col span={8}>
          <Form.Item name="name" label={t('robot.set.name')} rules={[{ required: true, whitespace: true, message: t('robot.set.required', { field: t('robot.set.name') }) }]}>
            <Input maxLength={64} data-testid="robot-name" />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item name="name_en" label={t('robot.set.nameEn')} rules={[{ required: true, whitespace: true, message: t('robot.set.required', { field: t('robot.set.nameEn') }) }]}>
            <Input maxLength={64} data-testid="robot-name-en" />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item name="serial" label={t('robot.set.serial')} rules={[{ required: true, whitespace: true, message: t('robot.set.required', { field: t('robot.set.serial') }) }]}>
            <Input maxLength={64} data-testid="robot-serial" />
          </Form.Item>
        </Col>
        <Col span={6}>
          <Form.Item name="room_id" label={t('robot.set.room')} rules={[{ required: true, type: 'number', min: 1, message: t('robot.set.required', { field: t('robot.set.room') }) }]}>
            <Select options={(opts?.rooms ?? []).map((r) => ({ value: r.id, label: localName(r, lang) }))} data-testid="robot-room" />
          </Form.Item>
        </Col>
        <Col span={6}>
          <Form.Item name="gateway_id" label={t('robot.set.gateway')} rules={[{ required: true, type: 'number', min: 1, message: t('robot.set.required', { field: t('robot.set.gateway') }) }]}>
            <Select options={(opts?.gateways ?? []).map((g) => ({ value: g.id, label: g.name }))} data-testid="robot-gateway" />
          </Form.Item>
        </Col>
        <Col span={6}>
          <Form.Item name="camera_id" label={t('robot.set.camera')}>
            <Select allowClear options={(opts?.cameras ?? []).map((c) => ({ value: c.id, label: localName(c, lang) }))} />
          </Form.Item>
        </Col>
        <Col span={6}>
          <Form.Item name="speed_mps" label={t('robot.set.speed')}>
            <InputNumber min={0.1} max={1.5} step={0.05} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item name="schedule" label={t('robot.set.schedule')} rules={[{ type: 'array', defaultField: { pattern: /^([01]\d|2[0-3]):[0-5]\d$/, message: 'HH:mm' } }]}>
            <Select mode="tags" tokenSeparators={[',', ' ']} open={false} data-testid="robot-schedule" />
          </Form.Item>
        </Col>
      </Row>
      <Divider titlePlacement="start">{t('robot.set.plan')}</Divider>
      <Row gutter={12}>
        {(
          [
            [['plan', 'width_m'], 'width', 2],
            [['plan', 'depth_m'], 'depth', 2],
            [['plan', 'dock', 'x'], 'dockX', 0],
            [['plan', 'dock', 'y'], 'dockY', 0],
          ] as const
        ).map(([name, label, min]) => (
          <Col span={6} key={label}>
            <Form.Item name={[...name]} label={t(`robot.set.${label}`)} rules={[{ required: true, message: t('robot.set.required', { field: t(`robot.set.${label}`) }) }]}>
              <InputNumber min={min} max={500} step={0.1} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
        ))}
      </Row>
      <Cabinets />
      <Divider />
      <RouteEditor form={form} devices={opts?.devices ?? []} />
    </>
  );
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <ListFormPage<RobotConfig, RobotFields>
        testId="robot-set"
        look={SETUP_QUERY}
        intro={t('robot.set.intro')}
        {...listQueryProps(q)}
        columns={columns}
        canEdit={canEdit}
        width={1100}
        text={{
          add: t('robot.set.add'),
          addTitle: t('robot.set.addTitle'),
          editTitle: t('robot.set.editTitle'),
          readOnly: t('robot.set.readOnly'),
          saved: t('robot.set.saved'),
          deleted: t('robot.set.deleted'),
          deleteTitle: (r) => t('robot.set.confirmDelete', { name: localName(r, lang) }),
        }}
        initialValues={(r) => (r ? fieldsOf(r) : NEW_ROBOT)}
        fields={fields}
        save={(v, r) => (r ? robotWrites.update({ ...v, id: r.id, version: r.version }) : robotWrites.create({ ...v, project_id: projectId }))}
        remove={(r) => robotWrites.remove(r.id, r.version)}
        settle={settle}
      />
      <ExportButton<RobotConfig> fileName={t('robot.set.fileName')} columns={exportColumns} rows={q.data?.items ?? []} />
    </Space>
  );
}

/** /RunSetup/RobotSet: the site's robots, their plans, routes, readings and limits. */
export function RobotSetPage() {
  return <SiteGate prompt={SETUP_SITE} testId="robot-set-page">{(id) => <RobotSet key={id} projectId={id} />}</SiteGate>;
}

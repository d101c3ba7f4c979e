import { deviceCatalog, DEVICE_KINDS, ROBOT_READING_KINDS, type DeviceKind, type RobotConfigList, type RobotFields, type RobotStop } from '@gridops/contract';
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Card, Col, Form, Input, InputNumber, Row, Select, Space, Typography } from 'antd';
import type { FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { localName } from '../../shared/ui/localName';
import { RoomPlan } from './RoomPlan';

type Devices = RobotConfigList['devices'];
const isKind = (k: string): k is DeviceKind => (DEVICE_KINDS as readonly string[]).includes(k);

/** The next free reading key: r1, r2, … (keys must be unique on the robot). */
export function nextReadingKey(stops: RobotStop[] | undefined): string {
  const used = new Set((stops ?? []).flatMap((s) => (s?.readings ?? []).map((r) => r?.key)));
  let n = 1;
  while (used.has(`r${n}`)) n++;
  return `r${n}`;
}

/** The plan editor: the room drawn from the form's plan; a click adds a stop there at the end of the route. */
function PlanPicker({ form }: { form: FormInstance<RobotFields> }) {
  const { t } = useTranslation();
  const plan = Form.useWatch('plan', form);
  const stops = (Form.useWatch('stops', form) ?? []) as RobotStop[];
  if (!plan || !(plan.width_m > 0) || !(plan.depth_m > 0)) return null;
  const safePlan = { ...plan, dock: plan.dock ?? { x: 0, y: 0 }, cabinets: (plan.cabinets ?? []).filter((c) => c && c.w > 0 && c.d > 0) };
  const add = (p: { x: number; y: number }) => {
    const n = stops.length + 1;
    form.setFieldValue('stops', [...stops, { name: `巡检点${n}`, name_en: `Stop ${n}`, x: p.x, y: p.y, dwell_s: 20, readings: [] }]);
  };
  return (
    <div data-testid="robot-plan-editor">
      <Typography.Text type="secondary">{t('robot.set.clickHint')}</Typography.Text>
      <RoomPlan plan={safePlan} stops={stops.filter(Boolean).map((s) => ({ name: s.name, x: s.x ?? 0, y: s.y ?? 0, readings: [] }))} state={null} onPick={add} height={260} />
    </div>
  );
}

function Readings({ form, stopField, devices }: { form: FormInstance<RobotFields>; stopField: number; devices: Devices }) {
  const { t, i18n } = useTranslation();
  const roomId = Form.useWatch('room_id', form);
  const readings = (Form.useWatch(['stops', stopField, 'readings'], form) ?? []) as RobotStop['readings'];
  const inRoom = devices.filter((d) => roomId === undefined || d.room_id === roomId);
  const targetOptions = (inRoom.length ? inRoom : devices).map((d) => ({ value: d.id, label: localName(d, i18n.language) }));
  const meterKeys = (targetId: number | undefined) => {
    const kind = devices.find((d) => d.id === targetId)?.kind ?? '';
    return isKind(kind) ? deviceCatalog[kind].points.filter((p) => p.kind === 'analog').map((p) => ({ value: p.key, label: `${i18n.language === 'en' ? p.name_en : p.name} (${p.key})` })) : [];
  };
  return (
    <Form.List name={[stopField, 'readings']}>
      {(fields, { add, remove }) => (
        <>
          {fields.map((f) => {
            const kind = readings[f.name]?.kind;
            return (
              <Row key={f.key} gutter={6} align="top" data-testid={`robot-reading-row-${stopField}-${f.name}`}>
                <Col span={4}>
                  <Form.Item name={[f.name, 'kind']} label={t('robot.kind')}>
                    <Select size="small" options={ROBOT_READING_KINDS.map((k) => ({ value: k, label: t(`robot.kinds.${k}`) }))} />
                  </Form.Item>
                </Col>
                <Col span={3}>
                  <Form.Item name={[f.name, 'key']} label={t('robot.set.key')} rules={[{ required: true, pattern: /^[a-z][a-z0-9_]{0,31}$/, message: 'a-z, 0-9, _' }]}>
                    <Input size="small" />
                  </Form.Item>
                </Col>
                <Col span={4}>
                  <Form.Item name={[f.name, 'name']} label={t('robot.set.name')} rules={[{ required: true, whitespace: true, message: t('robot.set.required', { field: t('robot.set.name') }) }]}>
                    <Input size="small" maxLength={64} />
                  </Form.Item>
                </Col>
                <Col span={4}>
                  <Form.Item name={[f.name, 'name_en']} label={t('robot.set.nameEn')} rules={[{ required: true, whitespace: true, message: t('robot.set.required', { field: t('robot.set.nameEn') }) }]}>
                    <Input size="small" maxLength={64} />
                  </Form.Item>
                </Col>
                <Col span={4}>
                  <Form.Item name={[f.name, 'target_device_id']} label={t('robot.set.target')} rules={[{ required: true, message: t('robot.set.required', { field: t('robot.set.target') }) }]}>
                    <Select size="small" showSearch optionFilterProp="label" options={targetOptions} />
                  </Form.Item>
                </Col>
                {kind === 'switch' ? (
                  <Col span={4}>
                    <Form.Item name={[f.name, 'expected']} label={t('robot.set.expectedPos')}>
                      <Select size="small" options={[{ value: 1, label: t('robot.closed') }, { value: 0, label: t('robot.open') }]} />
                    </Form.Item>
                  </Col>
                ) : (
                  <>
                    {kind === 'meter' && (
                      <Col span={4}>
                        <Form.Item name={[f.name, 'target_key']} label={t('robot.set.targetKey')}>
                          <Select size="small" options={meterKeys(readings[f.name]?.target_device_id)} />
                        </Form.Item>
                      </Col>
                    )}
                    {kind === 'meter' && (
                      <Col span={2}>
                        <Form.Item name={[f.name, 'unit']} label={t('robot.set.unit')}>
                          <Input size="small" maxLength={16} />
                        </Form.Item>
                      </Col>
                    )}
                    <Col span={kind === 'meter' ? 3 : 2}>
                      <Form.Item name={[f.name, 'low']} label={t('robot.set.low')}>
                        <InputNumber size="small" style={{ width: '100%' }} />
                      </Form.Item>
                    </Col>
                    <Col span={kind === 'meter' ? 3 : 2}>
                      <Form.Item name={[f.name, 'high']} label={t('robot.set.high')}>
                        <InputNumber size="small" style={{ width: '100%' }} />
                      </Form.Item>
                    </Col>
                  </>
                )}
                <Col span={1} style={{ paddingTop: 30 }}>
                  <Button size="small" type="text" danger icon={<DeleteOutlined />} aria-label={t('robot.set.remove')} onClick={() => remove(f.name)} />
                </Col>
              </Row>
            );
          })}
          <Button
            size="small"
            icon={<PlusOutlined />}
            onClick={() => add({ key: nextReadingKey(form.getFieldValue('stops') as RobotStop[]), kind: 'ir_temp', name: '', name_en: '', target_device_id: undefined, target_key: '', unit: '', low: null, high: 70, expected: null })}
          >
            {t('robot.set.addReading')}
          </Button>
        </>
      )}
    </Form.List>
  );
}

/** The route: the plan editor, then each stop (name, position, dwell, order) with its readings. */
export function RouteEditor({ form, devices }: { form: FormInstance<RobotFields>; devices: Devices }) {
  const { t } = useTranslation();
  const num = (name: (string | number)[], label: string, min: number, max: number) => (
    <Form.Item name={name} label={label} rules={[{ required: true, message: t('robot.set.required', { field: label }) }]}>
      <InputNumber size="small" min={min} max={max} step={0.1} style={{ width: '100%' }} />
    </Form.Item>
  );
  return (
    <>
      <PlanPicker form={form} />
      <Typography.Title level={5} style={{ marginTop: 12 }}>
        {t('robot.set.stops')}
      </Typography.Title>
      <Form.List name="stops">
        {(fields, { remove, move }) =>
          fields.map((f, i) => (
            <Card
              key={f.key}
              size="small"
              style={{ marginBottom: 8 }}
              data-testid={`robot-stop-card-${i}`}
              title={`${t('robot.stop')} ${i + 1}`}
              extra={
                <Space size={2}>
                  <Button size="small" type="text" icon={<ArrowUpOutlined />} disabled={i === 0} aria-label={t('robot.set.up')} onClick={() => move(i, i - 1)} />
                  <Button size="small" type="text" icon={<ArrowDownOutlined />} disabled={i === fields.length - 1} aria-label={t('robot.set.down')} onClick={() => move(i, i + 1)} />
                  <Button size="small" type="text" danger icon={<DeleteOutlined />} aria-label={t('robot.set.remove')} onClick={() => remove(f.name)} />
                </Space>
              }
            >
              <Row gutter={6}>
                <Col span={7}>
                  <Form.Item name={[f.name, 'name']} label={t('robot.set.name')} rules={[{ required: true, whitespace: true, message: t('robot.set.required', { field: t('robot.set.name') }) }]}>
                    <Input size="small" maxLength={64} />
                  </Form.Item>
                </Col>
                <Col span={7}>
                  <Form.Item name={[f.name, 'name_en']} label={t('robot.set.nameEn')} rules={[{ required: true, whitespace: true, message: t('robot.set.required', { field: t('robot.set.nameEn') }) }]}>
                    <Input size="small" maxLength={64} />
                  </Form.Item>
                </Col>
                <Col span={3}>{num([f.name, 'x'], 'X (m)', 0, 500)}</Col>
                <Col span={3}>{num([f.name, 'y'], 'Y (m)', 0, 500)}</Col>
                <Col span={4}>
                  <Form.Item name={[f.name, 'dwell_s']} label={t('robot.set.dwell')}>
                    <InputNumber size="small" min={5} max={600} precision={0} style={{ width: '100%' }} />
                  </Form.Item>
                </Col>
              </Row>
              <Readings form={form} stopField={f.name} devices={devices} />
            </Card>
          ))
        }
      </Form.List>
    </>
  );
}

import type { AuxDeviceList, AuxRule } from '@gridops/contract';
import { Col, Form, Input, InputNumber, Row, Select, Switch, Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../shared/format';
import { ListFormPage, listQueryProps } from '../../shared/ui/listForm/ListFormPage';
import { localName, localText } from '../../shared/ui/localName';
import { useCanConfigure } from '../../session/permissions';
import { SETUP_QUERY } from '../../shared/ui/setupPageLooks';
import { auxCalls, useAuxDevices, useAuxRules, useSettleAux } from './api';

type RuleValues = Omit<AuxRule, 'id' | 'project_id' | 'room_id' | 'version' | 'last_action' | 'last_action_at'>;
const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;

/** "湿度 > 68 %RH 启动，< 63 %RH 停止" of a rule, from the site's devices and points. */
export function ruleText(r: Pick<AuxRule, 'point_id' | 'above' | 'on_threshold' | 'off_threshold'>, list: AuxDeviceList | undefined, t: (k: string, o?: Record<string, unknown>) => string, lang: string) {
  const p = list?.points.find((x) => x.point_id === r.point_id);
  const unit = p?.unit ? ` ${p.unit}` : '';
  return t('auxSet.rule.text', { point: p ? localText(p.name, p.name_en, lang) : String(r.point_id), cmp: r.above ? '>' : '<', cmpOff: r.above ? '<' : '>', on: r.on_threshold, off: r.off_threshold, unit });
}

/** The automation rules of the site (tab "自动控制 / Automation" of /RunSetup/AuxDeviceSet). */
export function AutomationTab({ projectId }: { projectId: number }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const f = useFormat();
  const q = useAuxRules(projectId);
  const devices = useAuxDevices(projectId).data;
  const settle = useSettleAux();
  const deviceName = (id: number) => {
    const d = devices?.devices.find((x) => x.id === id);
    return d ? `${localText(d.room_name, d.room_name_en, lang)} · ${localName(d, lang)}` : String(id);
  };
  const columns: TableColumnsType<AuxRule> = [
    { title: t('auxSet.rule.name'), key: 'name', render: (_, r) => <span data-testid={`aux-rule-${r.id}`}>{localName(r, lang)}</span> },
    { title: t('auxSet.rule.device'), key: 'device', render: (_, r) => deviceName(r.device_id) },
    { title: t('auxSet.rule.condition'), key: 'cond', render: (_, r) => ruleText(r, devices, t, lang) },
    { title: `${t('auxSet.rule.minOn')} / ${t('auxSet.rule.minOff')}`, key: 'times', render: (_, r) => t('auxSet.rule.times', { on: r.min_on_s, off: r.min_off_s }) },
    { title: t('auxSet.rule.window'), key: 'window', render: (_, r) => (r.window_start ? `${r.window_start}–${r.window_end}` : t('auxSet.rule.allDay')) },
    { title: t('auxSet.rule.enabled'), key: 'enabled', render: (_, r) => <Tag color={r.enabled ? 'green' : 'default'}>{r.enabled ? t('auxSet.rule.isOn') : t('auxSet.rule.isOff')}</Tag> },
    {
      title: t('auxSet.rule.state'),
      key: 'state',
      render: (_, r) => (r.last_action && r.last_action_at ? `${t(`auxSet.rule.${r.last_action}`)} ${f.date(r.last_action_at, 'MM-DD HH:mm')}` : t('auxSet.rule.never')),
    },
  ];
  const deviceOptions = (devices?.devices ?? []).map((d) => ({ value: d.id, label: deviceName(d.id) }));
  return (
    <ListFormPage<AuxRule, RuleValues>
      testId="aux-rules"
      look={SETUP_QUERY}
      intro={t('auxSet.ruleIntro')}
      {...listQueryProps({ ...q, data: q.data ? { items: q.data } : undefined })}
      canEdit={useCanConfigure()}
      text={{ add: t('auxSet.addRule'), addTitle: t('auxSet.addRuleTitle'), editTitle: t('auxSet.editRuleTitle'), readOnly: t('auxSet.readOnly'), saved: t('auxSet.saved'), deleted: t('auxSet.deleted'), deleteTitle: (r) => t('auxSet.confirmDelete', { name: localName(r, lang) }) }}
      columns={columns}
      initialValues={(r) =>
        r
          ? { name: r.name, name_en: r.name_en, device_id: r.device_id, point_id: r.point_id, above: r.above, on_threshold: r.on_threshold, off_threshold: r.off_threshold, min_on_s: r.min_on_s, min_off_s: r.min_off_s, window_start: r.window_start, window_end: r.window_end, enabled: r.enabled }
          : { name: '', name_en: '', device_id: 0, point_id: 0, above: true, on_threshold: 80, off_threshold: 70, min_on_s: 300, min_off_s: 300, window_start: null, window_end: null, enabled: true }
      }
      fields={() => <RuleFields list={devices} deviceOptions={deviceOptions} />}
      save={(v, r) => {
        const body = { ...v, window_start: v.window_start || null, window_end: v.window_end || null };
        return r ? auxCalls.updateRule({ ...body, id: r.id, version: r.version }) : auxCalls.createRule({ ...body, project_id: projectId });
      }}
      remove={(r) => auxCalls.removeRule(r.id, r.version)}
      settle={settle}
      width={680}
    />
  );
}

function RuleFields({ list, deviceOptions }: { list: AuxDeviceList | undefined; deviceOptions: { value: number; label: string }[] }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const deviceId = Form.useWatch<number | undefined>('device_id');
  const roomId = list?.devices.find((d) => d.id === deviceId)?.room_id;
  const points = (list?.points ?? []).filter((p) => p.room_id === roomId).map((p) => ({ value: p.point_id, label: `${localText(p.device_name, p.device_name_en, lang)} · ${localText(p.name, p.name_en, lang)}${p.unit ? ` (${p.unit})` : ''}` }));
  const required = (field: string) => [{ required: true, message: t('auxSet.required', { field }) }];
  const pick = (field: string) => [{ required: true, type: 'number' as const, min: 1, message: t('auxSet.required', { field }) }];
  return (
    <Row gutter={12}>
      <Col span={12}>
        <Form.Item name="name" label={t('auxSet.rule.name')} rules={[...required(t('auxSet.rule.name')), { max: 64 }]}>
          <Input maxLength={64} data-testid="aux-rule-name" />
        </Form.Item>
      </Col>
      <Col span={12}>
        <Form.Item name="name_en" label={t('auxSet.nameEn')} rules={[...required(t('auxSet.nameEn')), { max: 64 }]}>
          <Input maxLength={64} data-testid="aux-rule-name-en" />
        </Form.Item>
      </Col>
      <Col span={12}>
        <Form.Item name="device_id" label={t('auxSet.rule.device')} rules={pick(t('auxSet.rule.device'))}>
          <Select options={deviceOptions} showSearch={{ optionFilterProp: 'label' }} data-testid="aux-rule-device" />
        </Form.Item>
      </Col>
      <Col span={12}>
        <Form.Item name="point_id" label={t('auxSet.rule.point')} rules={pick(t('auxSet.rule.point'))}>
          <Select options={points} data-testid="aux-rule-point" />
        </Form.Item>
      </Col>
      <Col span={24}>
        <Form.Item name="above" label={t('auxSet.rule.direction')}>
          <Select options={[{ value: true, label: t('auxSet.rule.above') }, { value: false, label: t('auxSet.rule.below') }]} data-testid="aux-rule-direction" />
        </Form.Item>
      </Col>
      <Col span={12}>
        <Form.Item name="on_threshold" label={t('auxSet.rule.onThreshold')} rules={[{ required: true, message: t('auxSet.required', { field: t('auxSet.rule.onThreshold') }) }]}>
          <InputNumber style={{ width: '100%' }} data-testid="aux-rule-on" />
        </Form.Item>
      </Col>
      <Col span={12}>
        <Form.Item name="off_threshold" label={t('auxSet.rule.offThreshold')} rules={[{ required: true, message: t('auxSet.required', { field: t('auxSet.rule.offThreshold') }) }]}>
          <InputNumber style={{ width: '100%' }} data-testid="aux-rule-off" />
        </Form.Item>
      </Col>
      <Col span={12}>
        <Form.Item name="min_on_s" label={t('auxSet.rule.minOn')} rules={[{ required: true }]}>
          <InputNumber min={0} max={86400} precision={0} style={{ width: '100%' }} data-testid="aux-rule-min-on" />
        </Form.Item>
      </Col>
      <Col span={12}>
        <Form.Item name="min_off_s" label={t('auxSet.rule.minOff')} rules={[{ required: true }]}>
          <InputNumber min={0} max={86400} precision={0} style={{ width: '100%' }} data-testid="aux-rule-min-off" />
        </Form.Item>
      </Col>
      <Col span={8}>
        <Form.Item name="window_start" label={t('auxSet.rule.windowStart')} rules={[{ pattern: HHMM }]}>
          <Input placeholder={t('auxSet.rule.allDay')} data-testid="aux-rule-window-start" />
        </Form.Item>
      </Col>
      <Col span={8}>
        <Form.Item name="window_end" label={t('auxSet.rule.windowEnd')} rules={[{ pattern: HHMM }]}>
          <Input placeholder={t('auxSet.rule.allDay')} data-testid="aux-rule-window-end" />
        </Form.Item>
      </Col>
      <Col span={8}>
        <Form.Item name="enabled" label={t('auxSet.rule.enabled')} valuePropName="checked">
          <Switch data-testid="aux-rule-enabled" />
        </Form.Item>
      </Col>
    </Row>
  );
}

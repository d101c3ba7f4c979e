import type { AlarmRule, AlarmRuleKind, AlarmRuleList, AlarmRulePreview } from '@gridops/contract';
import { ALARM_RULE_KINDS } from '@gridops/contract';
import {
  Alert,
  App,
  Button,
  Col,
  Drawer,
  Form,
  Input,
  InputNumber,
  Radio,
  Row,
  Select,
  Space,
  Switch,
} from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/http';
import { localName } from '../../shared/ui/localName';
import { alarmRuleCalls } from './api';
import { kindLabel, levelLabel, siteTime, typeLabel } from './labels';
import { PreviewPanel } from './PreviewPanel';

export interface RuleFormValues {
  target: 'kind' | 'device';
  device_kind: string | null;
  device_id: number | null;
  point_key: string;
  kind: AlarmRuleKind;
  threshold: number;
  deadband: number;
  on_delay_s: number;
  off_delay_s: number;
  level: number;
  event_type: number;
  name: string;
  name_en: string;
  enabled: boolean;
  shelve: 'keep' | 'none' | '1' | '8' | '24' | '168';
  shelve_note: string;
}

/** What the drawer opens on: a rule to edit, a rule to override on one device, or a new one. */
export type FormTarget =
  { mode: 'edit'; rule: AlarmRule } | { mode: 'override'; rule: AlarmRule } | { mode: 'new' };

const SHELVE_HOURS = ['1', '8', '24', '168'] as const;

function initialValues(target: FormTarget, list: AlarmRuleList): RuleFormValues {
  if (target.mode === 'new')
    return {
      target: 'device',
      device_kind: null,
      device_id: list.devices[0]?.id ?? null,
      point_key: '',
      kind: 'high',
      threshold: 0,
      deadband: 0,
      on_delay_s: 0,
      off_delay_s: 0,
      level: 2,
      event_type: 2,
      name: '',
      name_en: '',
      enabled: true,
      shelve: 'none',
      shelve_note: '',
    };
  const r = target.rule;
  const override = target.mode === 'override';
  const device = override ? list.devices.find((d) => d.kind === r.device_kind) : undefined;
  return {
    target: override || r.device_id !== null ? 'device' : 'kind',
    device_kind: r.device_kind,
    device_id: override ? (device?.id ?? null) : r.device_id,
    point_key: r.point_key,
    kind: r.kind,
    threshold: r.threshold,
    deadband: r.deadband,
    on_delay_s: r.on_delay_s,
    off_delay_s: r.off_delay_s,
    level: r.level,
    event_type: r.event_type,
    name: r.name,
    name_en: r.name_en,
    enabled: r.enabled,
    shelve: r.shelved_until && !override ? 'keep' : 'none',
    shelve_note: override ? '' : r.shelve_note,
  };
}

/** The rule form (drawer) with its preview over history; server refusals land on their field. */
export function RuleForm({
  projectId,
  list,
  target,
  onClose,
  onSaved,
}: {
  projectId: number;
  list: AlarmRuleList;
  target: FormTarget;
  onClose: () => void;
  onSaved: () => Promise<unknown>;
}) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const { message } = App.useApp();
  const [form] = Form.useForm<RuleFormValues>();
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [preview, setPreview] = useState<AlarmRulePreview | null>(null);
  const initial = useMemo(() => initialValues(target, list), [target, list]);
  const editing = target.mode === 'edit' ? target.rule : null;
  const values = Form.useWatch([], form) as RuleFormValues | undefined;
  const v: RuleFormValues = { ...initial, ...values };
  const targetPoints = useMemo(() => {
    const devs =
      v.target === 'device'
        ? list.devices.filter((d) => d.id === v.device_id)
        : list.devices.filter((d) => d.kind === v.device_kind);
    const seen = new Map<string, { key: string; name: string; name_en: string; unit: string }>();
    for (const d of devs) for (const p of d.points) if (!seen.has(p.key)) seen.set(p.key, p);
    return [...seen.values()];
  }, [v.target, v.device_id, v.device_kind, list.devices]);
  const lockTarget = target.mode === 'edit' || target.mode === 'override';
  const field = (k: string) => t(`alarmRules.form.${k}`);
  const required = (k: string) => ({
    required: true,
    message: t('alarmRules.form.required', { field: field(k) }),
  });
  const range = (k: string, min: number, max?: number) => ({
    validator: async (_: unknown, n: unknown) => {
      if (typeof n !== 'number') return;
      if (n < min) throw new Error(t('alarmRules.form.min', { field: field(k), min }));
      if (max !== undefined && n > max) throw new Error(t('alarmRules.form.max', { field: field(k), max }));
    },
  });
  const thresholdLabel =
    v.kind === 'rate'
      ? field('thresholdRate')
      : v.kind === 'digital'
        ? field('thresholdDigital')
        : v.kind === 'comm_loss'
          ? field('thresholdComm')
          : field('threshold');

  const shelvedUntil = (vals: RuleFormValues): string | null => {
    if (vals.shelve === 'keep') return editing?.shelved_until ?? null;
    if (vals.shelve === 'none') return null;
    return new Date(Date.now() + Number(vals.shelve) * 3_600_000).toISOString();
  };
  const fields = (vals: RuleFormValues) => ({
    point_key: vals.point_key,
    kind: vals.kind,
    threshold: vals.threshold,
    deadband: vals.deadband ?? 0,
    on_delay_s: vals.on_delay_s ?? 0,
    off_delay_s: vals.off_delay_s ?? 0,
    level: vals.level,
    event_type: vals.event_type,
    name: vals.name,
    name_en: vals.name_en ?? '',
    enabled: vals.enabled,
    shelved_until: shelvedUntil(vals),
    shelve_note: vals.shelve === 'none' ? '' : (vals.shelve_note ?? ''),
  });

  const refuse = (e: unknown) => {
    if (e instanceof ApiError) {
      const f = (e.data as { field?: unknown } | null)?.field;
      const name = f === 'shelved_until' ? 'shelve' : f;
      if (typeof name === 'string' && name in initial)
        form.setFields([{ name: name as keyof RuleFormValues, errors: [e.message] }]);
      else setError(e.message);
      return;
    }
    setError(e instanceof Error ? e.message : String(e));
  };

  const save = async () => {
    setError(null);
    const vals = await form.validateFields();
    setSaving(true);
    try {
      if (editing) await alarmRuleCalls.update({ id: editing.id, version: editing.version, ...fields(vals) });
      else
        await alarmRuleCalls.create({
          project_id: projectId,
          device_id: vals.target === 'device' ? vals.device_id : null,
          device_kind: vals.target === 'kind' ? vals.device_kind : null,
          ...fields(vals),
        });
      message.success(t('alarmRules.saved'));
      await onSaved();
      onClose();
    } catch (e) {
      if (e instanceof ApiError && e.code === 10008) {
        message.warning(t('alarmRules.form.conflict'));
        await onSaved();
        onClose();
      } else refuse(e);
    } finally {
      setSaving(false);
    }
  };

  const previewDevices =
    v.target === 'device'
      ? list.devices.filter((d) => d.id === v.device_id)
      : list.devices.filter((d) => d.kind === v.device_kind);
  const title = editing
    ? field('titleEdit')
    : target.mode === 'override'
      ? field('titleOverride')
      : field('titleNew');
  return (
    <Drawer
      open
      title={title}
      size={880}
      onClose={onClose}
      destroyOnHidden
      data-testid="alarm-rule-form"
      extra={
        <Space>
          <Button onClick={onClose}>{field('cancel')}</Button>
          <Button type="primary" loading={saving} onClick={() => void save()} data-testid="alarm-rule-save">
            {field('save')}
          </Button>
        </Space>
      }
    >
      {error && (
        <Alert
          type="error"
          showIcon
          title={error}
          style={{ marginBottom: 12 }}
          data-testid="alarm-rule-error"
        />
      )}
      <Form form={form} layout="vertical" initialValues={initial} onValuesChange={() => setPreview(null)}>
        <Row gutter={12}>
          <Col span={24}>
            <Form.Item name="target" label={field('target')}>
              <Radio.Group
                disabled={lockTarget}
                optionType="button"
                options={[
                  { value: 'device', label: field('targetDevice') },
                  { value: 'kind', label: field('targetKind') },
                ]}
              />
            </Form.Item>
          </Col>
          <Col span={8}>
            {v.target === 'device' ? (
              <Form.Item name="device_id" label={field('device')} rules={[required('device')]}>
                <Select
                  disabled={target.mode === 'edit'}
                  showSearch={{ optionFilterProp: 'label' }}
                  data-testid="alarm-rule-device"
                  options={list.devices
                    .filter((d) => target.mode !== 'override' || d.kind === target.rule.device_kind)
                    .map((d) => ({ value: d.id, label: localName(d, lang) }))}
                />
              </Form.Item>
            ) : (
              <Form.Item name="device_kind" label={field('deviceKind')} rules={[required('deviceKind')]}>
                <Select
                  disabled={lockTarget}
                  options={list.kinds.map((k) => ({ value: k.kind, label: localName(k, lang) }))}
                />
              </Form.Item>
            )}
          </Col>
          <Col span={8}>
            <Form.Item name="point_key" label={field('point')} rules={[required('point')]}>
              <Select
                disabled={lockTarget}
                showSearch={{ optionFilterProp: 'label' }}
                data-testid="alarm-rule-point"
                options={targetPoints.map((p) => ({
                  value: p.key,
                  label: `${localName(p, lang)} (${p.key})`,
                }))}
              />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="kind" label={field('kind')} rules={[required('kind')]}>
              <Select
                disabled={lockTarget}
                options={ALARM_RULE_KINDS.map((k) => ({ value: k, label: kindLabel(t, k) }))}
              />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item
              name="threshold"
              label={thresholdLabel}
              rules={[
                { required: true, message: t('alarmRules.form.required', { field: thresholdLabel }) },
                {
                  validator: async (_, n: unknown) => {
                    if (v.kind === 'digital' && n !== 0 && n !== 1) throw new Error(field('digitalState'));
                  },
                },
              ]}
            >
              <InputNumber style={{ width: '100%' }} data-testid="alarm-rule-threshold" />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="deadband" label={field('deadband')} rules={[range('deadband', 0)]}>
              <InputNumber
                style={{ width: '100%' }}
                disabled={v.kind === 'digital' || v.kind === 'comm_loss'}
                data-testid="alarm-rule-deadband"
              />
            </Form.Item>
          </Col>
          <Col span={6}>
            <Form.Item name="on_delay_s" label={field('onDelay')} rules={[range('onDelay', 0, 86_400)]}>
              <InputNumber style={{ width: '100%' }} precision={0} />
            </Form.Item>
          </Col>
          <Col span={6}>
            <Form.Item name="off_delay_s" label={field('offDelay')} rules={[range('offDelay', 0, 86_400)]}>
              <InputNumber style={{ width: '100%' }} precision={0} />
            </Form.Item>
          </Col>
          <Col span={6}>
            <Form.Item name="level" label={field('level')} rules={[required('level')]}>
              <Select options={[1, 2, 3, 4].map((n) => ({ value: n, label: levelLabel(t, n) }))} />
            </Form.Item>
          </Col>
          <Col span={6}>
            <Form.Item name="event_type" label={field('eventType')} rules={[required('eventType')]}>
              <Select options={[1, 2, 3].map((n) => ({ value: n, label: typeLabel(t, n) }))} />
            </Form.Item>
          </Col>
          <Col span={9}>
            <Form.Item name="name" label={field('name')} rules={[required('name'), { max: 64 }]}>
              <Input maxLength={64} data-testid="alarm-rule-name" />
            </Form.Item>
          </Col>
          <Col span={9}>
            <Form.Item name="name_en" label={field('nameEn')} rules={[{ max: 64 }]}>
              <Input maxLength={64} />
            </Form.Item>
          </Col>
          <Col span={6}>
            <Form.Item name="enabled" label={field('enabled')} valuePropName="checked">
              <Switch />
            </Form.Item>
          </Col>
          <Col span={9}>
            <Form.Item name="shelve" label={field('shelvedUntil')}>
              <Select
                options={[
                  ...(editing?.shelved_until
                    ? [
                        {
                          value: 'keep',
                          label: t('alarmRules.shelvedUntil', {
                            time: siteTime(editing.shelved_until, list.timezone),
                          }),
                        },
                      ]
                    : []),
                  { value: 'none', label: '—' },
                  ...SHELVE_HOURS.map((h) => ({
                    value: h,
                    label: lang.startsWith('en') ? `${h} h` : `${h} 小时`,
                  })),
                ]}
              />
            </Form.Item>
          </Col>
          <Col span={15}>
            <Form.Item name="shelve_note" label={field('shelveNote')} rules={[{ max: 200 }]}>
              <Input maxLength={200} disabled={v.shelve === 'none'} />
            </Form.Item>
          </Col>
        </Row>
      </Form>
      <PreviewPanel
        devices={previewDevices}
        timezone={list.timezone}
        result={preview}
        draft={{ kind: v.kind, threshold: v.threshold }}
        run={async (deviceId) => {
          setError(null);
          let vals: RuleFormValues;
          try {
            vals = await form.validateFields();
          } catch {
            return;
          }
          try {
            const p = await alarmRuleCalls.preview({
              project_id: projectId,
              device_id: deviceId,
              rule_id: editing?.id ?? (target.mode === 'override' ? target.rule.id : null),
              ...fields(vals),
            });
            setPreview(p);
          } catch (e) {
            refuse(e);
          }
        }}
      />
    </Drawer>
  );
}

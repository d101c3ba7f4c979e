import type { FireOption, FireProblem } from '@gridops/contract';
import { Col, Form, Input, InputNumber, Row, Select, Switch } from 'antd';
import type { Rule } from 'antd/es/form';
import { useTranslation } from 'react-i18next';
import { localName } from '../../shared/ui/localName';

/** A form rule that refuses what the contract's check refuses for this field, with its zh/en message. */
export function standardRule(field: string, check: (value: number) => FireProblem | null, lang: string): Rule {
  return {
    validator: async (_, value: unknown) => {
      if (typeof value !== 'number') return;
      const p = check(value);
      if (p && p.field === field) throw new Error(lang.startsWith('en') ? p.en : p.zh);
    },
  };
}

/** Name, English name: every set starts with them. */
export function NameFields() {
  const { t } = useTranslation();
  const required = (field: string) => ({ required: true, whitespace: true, message: t('fireSets.required', { field }) });
  return (
    <Row gutter={12}>
      <Col span={12}>
        <Form.Item name="name" label={t('fireSets.name')} rules={[required(t('fireSets.name')), { max: 64 }]}>
          <Input maxLength={64} data-testid="fire-name" />
        </Form.Item>
      </Col>
      <Col span={12}>
        <Form.Item name="name_en" label={t('fireSets.nameEn')} rules={[required(t('fireSets.nameEn')), { max: 64 }]}>
          <Input maxLength={64} data-testid="fire-name-en" />
        </Form.Item>
      </Col>
    </Row>
  );
}

export const optionsOf = (list: FireOption[] | undefined, lang: string) => (list ?? []).map((o) => ({ value: o.id, label: localName(o, lang) }));

/** A device (or feeder, room) picker; `optional` adds a clear button (null). */
export function PickField({ name, label, options, optional, testId }: { name: string; label: string; options: { value: number; label: string }[]; optional?: boolean; testId?: string }) {
  const { t } = useTranslation();
  return (
    <Form.Item name={name} label={label} rules={optional ? [] : [{ required: true, message: t('fireSets.required', { field: label }) }]}>
      <Select options={options} allowClear={optional} placeholder={optional ? t('fireSets.none') : undefined} data-testid={testId} />
    </Form.Item>
  );
}

/** A number with the standard's range as hint and check. */
export function LimitField({ name, label, range, rule, precision = 0, testId }: { name: string | string[]; label: string; range: { min: number; max: number }; rule: Rule; precision?: number; testId?: string }) {
  const { t } = useTranslation();
  return (
    <Form.Item name={name} label={label} rules={[{ required: true, message: t('fireSets.required', { field: label }) }, rule]} extra={`${range.min}–${range.max}`}>
      <InputNumber precision={precision} style={{ width: '100%' }} data-testid={testId} />
    </Form.Item>
  );
}

export function EnabledField() {
  const { t } = useTranslation();
  return (
    <Form.Item name="enabled" label={t('fireSets.enabled')} valuePropName="checked">
      <Switch data-testid="fire-enabled" />
    </Form.Item>
  );
}


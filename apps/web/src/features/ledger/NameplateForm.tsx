import type { LedgerDevice } from '@gridops/contract';
import { Alert, App, Button, Col, DatePicker, Form, Input, Row } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldPath, refusalOf } from '../../shared/ui/listForm/ListFormPage';
import { ledgerWrites, useSettleLedger } from './api';

interface Values {
  maker: string;
  maker_en: string;
  model: string;
  serial_no: string;
  rating: string;
  location: string;
  install_date: Dayjs | null;
  warranty_until: Dayjs | null;
}
const day = (d: Dayjs | null | undefined) => (d ? d.format('YYYY-MM-DD') : null);

/** The nameplate form: saved with the version read (10008 when someone saved first); refusals land on their field. */
export function NameplateForm({ device, canEdit }: { device: LedgerDevice; canEdit: boolean }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const settle = useSettleLedger();
  const [form] = Form.useForm<Values>();
  const [refusal, setRefusal] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const initial: Values = {
    maker: device.maker,
    maker_en: device.maker_en,
    model: device.model,
    serial_no: device.serial_no,
    rating: device.rating,
    location: device.location,
    install_date: device.install_date ? dayjs(device.install_date) : null,
    warranty_until: device.warranty_until ? dayjs(device.warranty_until) : null,
  };
  const submit = async (v: Values) => {
    setSaving(true);
    setRefusal(null);
    try {
      await ledgerWrites.saveNameplate({
        id: device.id,
        version: device.version,
        maker: v.maker ?? '',
        maker_en: v.maker_en ?? '',
        model: v.model ?? '',
        serial_no: v.serial_no ?? '',
        rating: v.rating ?? '',
        location: v.location ?? '',
        install_date: day(v.install_date),
        warranty_until: day(v.warranty_until),
      });
      message.success(t('ledger.form.saved'));
    } catch (e) {
      const r = refusalOf(e);
      setRefusal(r.message);
      if (r.field) form.setFields([{ name: fieldPath(r.field) as never, errors: [r.message] }]);
    } finally {
      setSaving(false);
      await settle();
    }
  };
  const text = (name: keyof Values, label: string, max: number, testId: string, placeholder?: string) => (
    <Form.Item name={name} label={label} rules={[{ max }]}>
      <Input maxLength={max} data-testid={testId} placeholder={placeholder} />
    </Form.Item>
  );
  return (
    <Form form={form} layout="vertical" initialValues={initial} onFinish={(v) => void submit(v)} disabled={!canEdit} data-testid="ledger-nameplate-form" key={device.version}>
      {refusal ? <Alert type="error" showIcon title={refusal} style={{ marginBottom: 12 }} data-testid="ledger-nameplate-refusal" /> : null}
      <Row gutter={12}>
        <Col span={12}>{text('maker', t('ledger.form.maker'), 60, 'ledger-maker')}</Col>
        <Col span={12}>{text('maker_en', t('ledger.form.makerEn'), 80, 'ledger-maker-en')}</Col>
        <Col span={12}>{text('model', t('ledger.form.model'), 60, 'ledger-model')}</Col>
        <Col span={12}>{text('serial_no', t('ledger.form.serial'), 60, 'ledger-serial')}</Col>
        <Col span={12}>{text('rating', t('ledger.form.rating'), 80, 'ledger-rating')}</Col>
        <Col span={12}>{text('location', t('ledger.form.location'), 80, 'ledger-location', t('ledger.form.locationHint'))}</Col>
        <Col span={12}>
          <Form.Item name="install_date" label={t('ledger.form.install')}>
            <DatePicker style={{ width: '100%' }} data-testid="ledger-install" />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="warranty_until" label={t('ledger.form.warranty')}>
            <DatePicker style={{ width: '100%' }} data-testid="ledger-warranty-until" />
          </Form.Item>
        </Col>
      </Row>
      {canEdit && (
        <Button type="primary" htmlType="submit" loading={saving} data-testid="ledger-nameplate-save">
          {t('ledger.form.save')}
        </Button>
      )}
    </Form>
  );
}

import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import {
  CERTIFICATE_PHOTO_MAX_BYTES,
  CERTIFICATE_TYPES,
  CERTIFICATES_MAX,
  SPECIALITIES,
  type CertificateType,
  type Speciality,
} from '@gridops/contract';
import { Alert, Button, Card, Form, Input, Result, Select, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LangSwitch } from '../../shared/ui/LangSwitch';
import { Logo } from '../../shared/ui/Logo';
import { expertsApi, refusal } from './api';
import { certName, fieldPath, specialityName } from './shared';

interface CertificateForm {
  cert_type: CertificateType;
  number: string;
  issued_on: string;
  expires_on: string;
  photo: string;
  photo_name?: string;
}
interface RegisterForm {
  invite_code: string;
  name: string;
  name_en?: string;
  phone: string;
  region: string;
  region_en?: string;
  specialities: Speciality[];
  certificates: CertificateForm[];
}

const readBase64 = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(file);
  });

/** Picks one photo file into the form (the server checks the type by its bytes and the size again). */
function PhotoInput({ index, form }: { index: number; form: ReturnType<typeof Form.useForm<RegisterForm>>[0] }) {
  const { t } = useTranslation();
  const name = Form.useWatch(['certificates', index, 'photo_name'], form);
  return (
    <Space direction="vertical" size={2}>
      <input
        type="file"
        accept="image/jpeg,image/png,image/webp"
        data-testid={`expert-cert-photo-${index}`}
        aria-label={t('experts.register.photo')}
        onChange={(e) => {
          const file = e.target.files?.[0];
          if (!file) return;
          if (file.size > CERTIFICATE_PHOTO_MAX_BYTES) {
            form.setFields([{ name: ['certificates', index, 'photo'], errors: [t('experts.register.photoHint')] }]);
            return;
          }
          void readBase64(file).then((photo) => {
            form.setFieldValue(['certificates', index, 'photo_name'], file.name);
            form.setFields([{ name: ['certificates', index, 'photo'], value: photo, errors: [] }]);
          });
        }}
      />
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {name ? t('experts.register.photoChosen', { name }) : t('experts.register.photoHint')}
      </Typography.Text>
    </Space>
  );
}

/** The public expert registration (reached from the login page): details, specialities, certificates with photos. */
export function RegisterExpertPage() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const [form] = Form.useForm<RegisterForm>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const required = [{ required: true, message: t('experts.required') }];

  const submit = async (v: RegisterForm) => {
    setBusy(true);
    setError(null);
    try {
      await expertsApi.register({
        invite_code: v.invite_code,
        name: v.name,
        name_en: v.name_en ?? '',
        phone: v.phone,
        region: v.region,
        region_en: v.region_en ?? '',
        specialities: v.specialities,
        certificates: v.certificates.map((c) => ({ cert_type: c.cert_type, number: c.number, issued_on: c.issued_on, expires_on: c.expires_on, photo: c.photo })),
      });
      setDone(true);
    } catch (e) {
      const r = refusal(e);
      setError(r.message);
      if (r.field) form.setFields([{ name: fieldPath(r.field), errors: [r.message] }]);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="login-page" data-testid="register-expert-page" style={{ overflow: 'auto' }}>
      <div className="login-top">
        <LangSwitch size="small" />
      </div>
      <Card className="login-card" variant="borderless" style={{ width: 560, maxWidth: '96vw', margin: '24px auto' }}>
        <Space align="center" style={{ marginBottom: 8 }}>
          <Logo size={32} />
          <Typography.Title level={4} style={{ margin: 0 }}>
            {t('experts.register.title')}
          </Typography.Title>
        </Space>
        {done ? (
          <Result status="success" title={t('experts.register.submitted')} extra={<Link to="/Login">{t('experts.register.backToLogin')}</Link>} data-testid="register-expert-done" />
        ) : (
          <>
            <Typography.Paragraph type="secondary">{t('experts.register.intro')}</Typography.Paragraph>
            {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 12 }} data-testid="register-expert-error" />}
            <Form<RegisterForm>
              form={form}
              layout="vertical"
              requiredMark={false}
              initialValues={{ certificates: [{ cert_type: 'lowVoltage' }], specialities: [] }}
              onFinish={(v) => void submit(v)}
            >
              <Form.Item name="invite_code" label={t('experts.register.inviteCode')} extra={t('experts.register.inviteCodeHint')} rules={required}>
                <Input data-testid="expert-invite-code" autoComplete="off" />
              </Form.Item>
              <Space.Compact block>
                <Form.Item name="name" label={t('experts.field.name')} rules={required} style={{ flex: 1, marginRight: 8 }}>
                  <Input data-testid="expert-name" />
                </Form.Item>
                <Form.Item name="name_en" label={t('experts.field.name_en')} style={{ flex: 1 }}>
                  <Input data-testid="expert-name-en" />
                </Form.Item>
              </Space.Compact>
              <Space.Compact block>
                <Form.Item name="phone" label={t('experts.field.phone')} rules={required} style={{ flex: 1, marginRight: 8 }}>
                  <Input data-testid="expert-phone" autoComplete="tel" />
                </Form.Item>
                <Form.Item name="region" label={t('experts.field.region')} rules={required} style={{ flex: 1, marginRight: 8 }}>
                  <Input data-testid="expert-region" />
                </Form.Item>
                <Form.Item name="region_en" label={t('experts.field.region_en')} style={{ flex: 1 }}>
                  <Input data-testid="expert-region-en" />
                </Form.Item>
              </Space.Compact>
              <Form.Item name="specialities" label={t('experts.field.specialities')} rules={required}>
                <Select mode="multiple" data-testid="expert-specialities" options={SPECIALITIES.map((s) => ({ value: s, label: specialityName(s, lang) }))} />
              </Form.Item>
              <Form.List name="certificates">
                {(fields, { add, remove }) => (
                  <>
                    {fields.map((f) => (
                      <Card
                        key={f.key}
                        size="small"
                        title={t('experts.register.certificate', { n: f.name + 1 })}
                        style={{ marginBottom: 12 }}
                        extra={
                          fields.length > 1 ? (
                            <Button type="text" size="small" icon={<MinusCircleOutlined />} onClick={() => remove(f.name)} aria-label={t('experts.register.removeCertificate')} />
                          ) : null
                        }
                      >
                        <Form.Item name={[f.name, 'cert_type']} label={t('experts.field.cert_type')} rules={required}>
                          <Select data-testid={`expert-cert-type-${f.name}`} options={CERTIFICATE_TYPES.map((c) => ({ value: c, label: certName(c, lang) }))} />
                        </Form.Item>
                        <Form.Item name={[f.name, 'number']} label={t('experts.field.number')} rules={required}>
                          <Input data-testid={`expert-cert-number-${f.name}`} />
                        </Form.Item>
                        <Space.Compact block>
                          <Form.Item name={[f.name, 'issued_on']} label={t('experts.field.issued_on')} rules={required} style={{ flex: 1, marginRight: 8 }}>
                            <Input type="date" data-testid={`expert-cert-issued-${f.name}`} />
                          </Form.Item>
                          <Form.Item name={[f.name, 'expires_on']} label={t('experts.field.expires_on')} rules={required} style={{ flex: 1 }}>
                            <Input type="date" data-testid={`expert-cert-expires-${f.name}`} />
                          </Form.Item>
                        </Space.Compact>
                        <Form.Item name={[f.name, 'photo']} label={t('experts.register.photo')} rules={required} valuePropName="data-photo">
                          <PhotoInput index={f.name} form={form} />
                        </Form.Item>
                        <Form.Item name={[f.name, 'photo_name']} hidden>
                          <Input />
                        </Form.Item>
                      </Card>
                    ))}
                    {fields.length < CERTIFICATES_MAX && (
                      <Button type="dashed" block icon={<PlusOutlined />} onClick={() => add({ cert_type: 'lowVoltage' })} style={{ marginBottom: 16 }}>
                        {t('experts.register.addCertificate')}
                      </Button>
                    )}
                  </>
                )}
              </Form.List>
              <Button type="primary" htmlType="submit" block loading={busy} data-testid="expert-register-submit">
                {t('experts.register.submit')}
              </Button>
              <div style={{ textAlign: 'center', marginTop: 12 }}>
                <Link to="/Login">{t('experts.register.backToLogin')}</Link>
              </div>
            </Form>
          </>
        )}
      </Card>
    </div>
  );
}

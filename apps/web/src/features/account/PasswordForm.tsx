import { CheckCircleFilled, CloseCircleOutlined } from '@ant-design/icons';
import { NEW_PASSWORD_FIELD, PASSWORD_RULES, passwordProblemMessage, passwordProblems, passwordRuleText } from '@gridops/contract';
import { Alert, Button, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLang } from '../../shared/i18n';
import { accountCalls, refusal } from './api';
import { useRevalidateOnLanguage } from './useRevalidateOnLanguage';

interface Values {
  old_password: string;
  new_password: string;
  confirm: string;
}

/** The policy (from the contract) as a checklist that follows what is typed. */
function PolicyList({ password, username }: { password: string; username: string }) {
  const { t } = useTranslation();
  const lang = currentLang();
  const broken = new Set(passwordProblems(password, username));
  return (
    <div data-testid="password-policy" style={{ marginBottom: 12 }}>
      <Typography.Text type="secondary">{t('account.password.rules')}</Typography.Text>
      <ul style={{ listStyle: 'none', paddingLeft: 0, margin: '4px 0 0' }}>
        {PASSWORD_RULES.map((rule) => {
          const ok = password !== '' && !broken.has(rule);
          return (
            <li key={rule} data-rule={rule} data-ok={ok ? '1' : '0'} style={{ fontSize: 12, lineHeight: '20px' }}>
              {ok ? <CheckCircleFilled style={{ color: '#52c41a' }} /> : <CloseCircleOutlined style={{ color: '#8c8c8c' }} />}{' '}
              {passwordRuleText(rule, lang)}
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/**
 * Old + new + confirm, checked against the contract's password policy as the server checks it; the server's
 * refusal (wrong current password, policy) is shown beside the field it names.
 */
export function PasswordForm({ username, onChanged }: { username: string; onChanged: () => void }) {
  const { t } = useTranslation();
  const lang = currentLang();
  const [form] = Form.useForm<Values>();
  const newPassword = Form.useWatch('new_password', form) ?? '';
  useRevalidateOnLanguage(form);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const newLabel = t('account.password.new');

  const submit = async (v: Values) => {
    setBusy(true);
    setError(null);
    try {
      await accountCalls.changePassword({ old_password: v.old_password, new_password: v.new_password });
      form.resetFields();
      onChanged();
    } catch (e) {
      const r = refusal(e);
      if (!r) return;
      if (r.field === 'old_password' || r.field === 'new_password') form.setFields([{ name: r.field, errors: [r.message] }]);
      else setError(r.message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Form form={form} layout="vertical" onFinish={(v) => void submit(v)} data-testid="password-form" style={{ maxWidth: 420 }}>
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 12 }} />}
      <Form.Item
        name="old_password"
        label={t('account.password.old')}
        rules={[{ required: true, message: t('account.password.required', { field: t('account.password.old') }) }]}
      >
        <Input.Password autoComplete="current-password" data-testid="old-password" />
      </Form.Item>
      <Form.Item
        name="new_password"
        label={newLabel}
        rules={[
          { required: true, message: t('account.password.required', { field: newLabel }) },
          {
            validator: async (_r, value: string | undefined) => {
              const problems = value ? passwordProblems(value, username) : [];
              // The sentence the server answers with, naming the field.
              if (problems.length) throw new Error(passwordProblemMessage(problems, lang, NEW_PASSWORD_FIELD));
            },
          },
        ]}
      >
        <Input.Password autoComplete="new-password" data-testid="new-password" />
      </Form.Item>
      <PolicyList password={newPassword} username={username} />
      <Form.Item
        name="confirm"
        label={t('account.password.confirm')}
        dependencies={['new_password']}
        rules={[
          { required: true, message: t('account.password.required', { field: t('account.password.confirm') }) },
          ({ getFieldValue }) => ({
            validator: async (_r, value: string | undefined) => {
              if (value && value !== getFieldValue('new_password')) throw new Error(t('account.password.mismatch'));
            },
          }),
        ]}
      >
        <Input.Password autoComplete="new-password" data-testid="confirm-password" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={busy} data-testid="change-password">
        {t('account.password.submit')}
      </Button>
    </Form>
  );
}

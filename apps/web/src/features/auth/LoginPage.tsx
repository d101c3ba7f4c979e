import { LockOutlined, ThunderboltOutlined, UserOutlined, AlertOutlined, ToolOutlined } from '@ant-design/icons';
import { Alert, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { REGISTER_EXPERT_PATH } from '../experts/paths';
import { ApiError } from '../../api/http';
import { appConfig } from '../../api/config';
import { applyLogin } from '../../session/actions';
import { LangSwitch } from '../../shared/ui/LangSwitch';
import { Logo } from '../../shared/ui/Logo';
import { login, prefetchLogin } from './api';

/** localStorage: the user closed the demo-accounts hint; it stays closed in this browser. */
export const DEMO_HINT_DISMISSED_KEY = 'gridops-demo-hint-dismissed';

/**
 * The demo accounts, only on a server that runs the demo seed (config.json `demoSeed`) — a real deployment
 * never advertises credentials — and closable for good.
 */
function DemoAccountsHint() {
  const { t } = useTranslation();
  const [dismissed, setDismissed] = useState(() => window.localStorage.getItem(DEMO_HINT_DISMISSED_KEY) === '1');
  if (!appConfig().demoSeed || dismissed) return null;
  return (
    <Alert
      type="info"
      showIcon
      closable={{
        'aria-label': t('auth.demoHintClose'),
        onClose: () => {
          window.localStorage.setItem(DEMO_HINT_DISMISSED_KEY, '1');
          setDismissed(true);
        },
      }}
      style={{ marginTop: 16, fontSize: 12 }}
      data-testid="demo-hint"
      title={t('auth.demoHint')}
    />
  );
}

interface LoginForm {
  username: string;
  password: string;
}

export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const onFinish = async (v: LoginForm) => {
    setBusy(true);
    setError(null);
    try {
      const resp = await login({ username: v.username.trim(), password: v.password });
      await navigate(applyLogin(resp), { replace: true });
    } catch (e) {
      // Transport failures were already announced by the HTTP client; server refusals are shown here.
      if (e instanceof ApiError && e.code > 0) setError(e.message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="login-page" data-testid="login-page">
      <div className="login-top">
        <LangSwitch size="small" />
      </div>
      <div className="login-hero">
        <div className="login-brand">
          <Logo size={48} />
          <div>
            {/* Plain elements styled like antd's Typography, which would bring Tooltip, TextArea and copy/edit code. */}
            <h2 className="login-product" data-testid="product-name">
              {t('shell.productName')}
            </h2>
            <span className="login-subtitle">{t('auth.subtitle')}</span>
          </div>
        </div>
        <ul className="login-features">
          <li>
            <AlertOutlined /> {t('auth.features.live')}
          </li>
          <li>
            <ThunderboltOutlined /> {t('auth.features.energy')}
          </li>
          <li>
            <ToolOutlined /> {t('auth.features.ops')}
          </li>
        </ul>
      </div>
      {/* A styled div, not antd's Card: Card brings Tabs, Dropdown and Menu into the login page's first load. */}
      <div className="login-card">
        <h4 className="login-welcome" data-testid="login-welcome">
          {t('auth.welcome')}
        </h4>
        {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} data-testid="login-error" />}
        <Form<LoginForm> layout="vertical" onFocus={prefetchLogin} onFinish={(v) => void onFinish(v)} requiredMark={false} size="large">
          <Form.Item name="username" label={t('auth.username')} rules={[{ required: true, message: t('auth.usernameRequired') }]}>
            <Input prefix={<UserOutlined />} autoComplete="username" data-testid="login-username" />
          </Form.Item>
          <Form.Item name="password" label={t('auth.password')} rules={[{ required: true, message: t('auth.passwordRequired') }]}>
            <Input.Password prefix={<LockOutlined />} autoComplete="current-password" data-testid="login-password" />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={busy} data-testid="login-submit">
            {busy ? t('auth.loggingIn') : t('auth.login')}
          </Button>
        </Form>
        <div style={{ textAlign: 'center', marginTop: 12 }}>
          <Link to={REGISTER_EXPERT_PATH} data-testid="register-expert-link">
            {t('auth.registerExpertLink')}
          </Link>
        </div>
        <DemoAccountsHint />
      </div>
    </div>
  );
}

import { LockOutlined } from '@ant-design/icons';
import { App, Button, Card, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { logout } from '../../session/actions';
import { useSession } from '../../session/store';
import { LangSwitch } from '../../shared/ui/LangSwitch';
import { Logo } from '../../shared/ui/Logo';
import { PasswordForm } from './PasswordForm';

/**
 * Shown instead of the console while the account must change its password (first login): the server answers
 * every other call with 10030 until then.
 */
export function ForcePasswordChange() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const info = useSession((s) => s.userInfo);
  return (
    <div className="login-page" data-testid="force-password-change">
      <div className="login-top">
        <LangSwitch size="small" />
      </div>
      <div style={{ display: 'flex', justifyContent: 'center', padding: '48px 16px' }}>
        <Card style={{ width: 460, maxWidth: '100%' }}>
          <div style={{ display: 'flex', alignItems: 'center', gap: 12, marginBottom: 12 }}>
            <Logo size={36} />
            <Typography.Title level={4} style={{ margin: 0 }}>
              <LockOutlined /> {t('account.force.title')}
            </Typography.Title>
          </div>
          <Typography.Paragraph type="secondary">{t('account.force.intro')}</Typography.Paragraph>
          <Typography.Paragraph>
            {t('account.profile.username')}: <Typography.Text strong>{info?.username}</Typography.Text>
          </Typography.Paragraph>
          <PasswordForm username={info?.username ?? ''} onChanged={() => void message.success(t('account.force.done'))} />
          <Button type="link" style={{ paddingLeft: 0, marginTop: 8 }} onClick={() => logout({ callServer: true })} data-testid="force-logout">
            {t('account.force.logout')}
          </Button>
        </Card>
      </div>
    </div>
  );
}

import { LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { Avatar, Dropdown, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { logout } from '../../session/actions';
import { useSession } from '../../session/store';
import { localText } from '../../shared/ui/localName';

export function UserMenu({ compact = false }: { compact?: boolean }) {
  const { t, i18n } = useTranslation();
  const info = useSession((s) => s.userInfo);
  const userType = useSession((s) => s.userType);
  const name = info ? localText(info.name, info.name_en, i18n.language) : '';
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: [
          { key: 'who', disabled: true, label: `${name} · ${t(`shell.userTypes.${userType ?? 0}`)}` },
          { type: 'divider' },
          { key: 'logout', icon: <LogoutOutlined />, label: <span data-testid="logout">{t('shell.logout')}</span>, danger: true },
        ],
        onClick: ({ key }) => {
          if (key === 'logout') logout({ callServer: true });
        },
      }}
    >
      <Space style={{ cursor: 'pointer' }} data-testid="user-menu" aria-label={t('shell.userMenu')}>
        <Avatar size="small" icon={<UserOutlined />} style={{ background: '#1d4f91' }} />
        {!compact && <Typography.Text data-testid="user-name">{name || info?.username}</Typography.Text>}
      </Space>
    </Dropdown>
  );
}

import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { NoticeBell } from '../../features/notices/NoticeBell';
import { useDictionarySync } from '../../features/dictionary/api';
import { VoiceToggle } from '../../features/alerts/VoiceToggle';
import { LangSwitch } from '../../shared/ui/LangSwitch';
import { saveLanguage } from '../../features/account/api';
import { Logo } from '../../shared/ui/Logo';
import { workerPages } from '../routes/pages';
import { MENU_ICONS } from '../../shared/ui/menuIcons';
import { UserMenu } from './UserMenu';

/** Mobile-style worker area: compact header, content column, bottom tab bar. */
export function WorkerShell() {
  const { t } = useTranslation();
  useDictionarySync();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const current = workerPages.find((p) => p.path === pathname);
  return (
    <div className="worker-shell" data-testid="worker-shell">
      <div className="shell-header" style={{ padding: '8px 12px', background: '#081a35' }}>
        <Logo size={26} />
        {/* One line: a long English title ("Inspections") ends in an ellipsis instead of breaking mid-word at 390 px. */}
        <Typography.Text strong ellipsis style={{ flex: 1, minWidth: 0 }} data-testid="page-title">
          {current ? t(`pages.${current.key}.title`) : t('shell.areas.worker')}
        </Typography.Text>
        <NoticeBell />
        <VoiceToggle />
        <LangSwitch size="small" onPicked={(lang) => void saveLanguage(lang).catch(() => undefined)} />
        <UserMenu compact />
      </div>
      <div className="worker-content">
        <Outlet />
      </div>
      <nav className="worker-tabbar" data-testid="worker-tabbar">
        {workerPages
          .filter((p) => !p.hideInMenu)
          .map((p) => (
            <button key={p.key} type="button" className={`worker-tab${pathname === p.path ? ' active' : ''}`} onClick={() => void navigate(p.path)} data-testid={`tab-${p.key}`}>
              {MENU_ICONS[p.key]}
              <span>{t(`pages.${p.key}.title`)}</span>
            </button>
          ))}
      </nav>
    </div>
  );
}

import { QueryClientProvider } from '@tanstack/react-query';
import { Layout, Menu, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { VoiceToggle } from '../../features/alerts/VoiceToggle';
import { NoticeBell } from '../../features/notices/NoticeBell';
import { PendingDialogHost } from '../../features/notices/PendingDialogHost';
import { SiteSelector } from '../../features/org/SiteSelector';
import { LangSwitch } from '../../shared/ui/LangSwitch';
import { saveLanguage } from '../../features/account/api';
import { Logo } from '../../shared/ui/Logo';
import { AREA_HOME, type Area } from '../routes/pages';
import { patchSession, useSession } from '../../session/store';
import { queryClient } from '../../api/queryClient';
import { menuItems, openKeysFor } from './menu';
import { PageHead } from './PageHead';
import { useLeafHandle } from '../../shared/ui/useLeafHandle';
import { useShellEffects } from './useShellEffects';
import { UserMenu } from './UserMenu';
import { VideoDialog } from './VideoDialog';
import { WorkerShell } from './WorkerShell';
import { ForcePasswordChange } from '../../features/account/ForcePasswordChange';

function DeskShell({ area }: { area: Area }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const userType = useSession((s) => s.userType);
  const isUE = useSession((s) => s.isUE);
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Header className="shell-header" data-testid="shell-header">
        <div className="shell-brand" onClick={() => void navigate(AREA_HOME[area])}>
          <Logo size={30} />
          <span data-testid="shell-product">{t('shell.productName')}</span>
        </div>
        <SiteSelector />
        {isUE && <Tag color="cyan">{t('shell.engine.embedded')}</Tag>}
        <div className="shell-header-spacer" />
        <div className="shell-header-tools">
          <NoticeBell />
          <VoiceToggle />
          <LangSwitch size="small" onPicked={(lang) => void saveLanguage(lang).catch(() => undefined)} />
          <UserMenu />
        </div>
      </Layout.Header>
      <Layout>
        {/* English titles are longer ("Carbon management", "Electrical fire monitoring"): a wider menu, and
            labels wrap (styles.css .shell-menu) rather than end in "…". */}
        <Layout.Sider width={i18n.language === 'en' ? 248 : 220} breakpoint="lg" collapsedWidth={56} data-testid={`menu-${area}`}>
          <Menu
            className="shell-menu"
            mode="inline"
            theme="dark"
            selectedKeys={[pathname]}
            defaultOpenKeys={openKeysFor(area, pathname)}
            items={menuItems(area, t, { backToCentre: area === 'site' && userType === 0 })}
            onClick={({ key }) => {
              // Leaving a site for the centre clears the selection so notices go back to organisation scope.
              if (key === AREA_HOME.centre && area === 'site') patchSession({ proID: null, proInfo: null });
              void navigate(key);
            }}
            style={{ borderInlineEnd: 0, height: '100%', overflow: 'auto' }}
          />
        </Layout.Sider>
        <Layout.Content className="shell-content">
          <PageHead />
          <Outlet />
        </Layout.Content>
      </Layout>
    </Layout>
  );
}

/** The logged-in frame: desk layout for centre and site areas, phone layout for workers. */
export function AppShell() {
  // First login: nothing but the password change until it is done (the server refuses the rest with 10030).
  const mustChange = useSession((s) => s.userInfo?.must_change_password === true);
  // The query cache lives with the shell (every page that queries is under it), away from the login page.
  return <QueryClientProvider client={queryClient}>{mustChange ? <ForcePasswordChange /> : <ConsoleShell />}</QueryClientProvider>;
}

function ConsoleShell() {
  useShellEffects();
  const handle = useLeafHandle();
  const area = (handle?.area ?? 'centre') as Area;
  return (
    <>
      {area === 'worker' ? <WorkerShell /> : <DeskShell area={area} />}
      <PendingDialogHost />
      <VideoDialog />
    </>
  );
}


import { App as AntApp, ConfigProvider, theme } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { fontFamily, palette } from '../shared/theme/palette';
import { FeedbackBridge } from '../shared/ui/FeedbackBridge';

/** Dark-blue energy-console look, all through antd tokens (colours shared with the charts via palette.ts). */
const appTheme = {
  algorithm: theme.darkAlgorithm,
  token: {
    colorPrimary: palette.primary,
    colorInfo: palette.primary,
    colorSuccess: palette.success,
    colorWarning: palette.warning,
    colorError: palette.error,
    colorBgBase: palette.bgBase,
    colorBgLayout: palette.bgBase,
    colorBgContainer: palette.bgContainer,
    colorBgElevated: palette.bgElevated,
    colorBorder: palette.border,
    colorBorderSecondary: palette.borderSecondary,
    borderRadius: 6,
    fontFamily,
  },
  components: {
    Layout: { headerBg: palette.headerBg, siderBg: palette.headerBg, bodyBg: palette.bgBase, headerHeight: 56, headerPadding: '0 16px' },
    Menu: { darkItemBg: palette.headerBg, darkSubMenuItemBg: palette.menuSubBg, darkItemSelectedBg: palette.menuSelectedBg },
  },
};

export function Providers({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  return (
    <ConfigProvider locale={i18n.language === 'en' ? enUS : zhCN} theme={appTheme} button={{ autoInsertSpace: false }}>
      {/* Spec §9: messages 3 s at offset 16; notifications 4.5 s, not stacked so each keeps its 16 px gap. */}
      <AntApp message={{ duration: 3, top: 16, maxCount: 5 }} notification={{ duration: 4.5, stack: false, placement: 'topRight', pauseOnHover: true }}>
        <FeedbackBridge />
        {/* The query cache (TanStack Query) is provided by the console shell, which the login page does not load. */}
        {children}
      </AntApp>
    </ConfigProvider>
  );
}

import { QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider, theme } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FeedbackBridge } from '../shared/ui/FeedbackBridge';
import { queryClient } from './queryClient';

/** Dark-blue energy-console look, all through antd tokens. */
const appTheme = {
  algorithm: theme.darkAlgorithm,
  token: {
    colorPrimary: '#2f8cff',
    colorInfo: '#2f8cff',
    colorSuccess: '#36cfc9',
    colorWarning: '#faad14',
    colorError: '#ff4d4f',
    colorBgBase: '#06101f',
    colorBgLayout: '#06101f',
    colorBgContainer: '#0c1c36',
    colorBgElevated: '#10264a',
    colorBorder: '#1d3a66',
    colorBorderSecondary: '#16305a',
    borderRadius: 6,
    fontFamily: "-apple-system, 'Segoe UI', 'PingFang SC', 'Noto Sans CJK SC', 'Microsoft YaHei', Roboto, sans-serif",
  },
  components: {
    Layout: { headerBg: '#081a35', siderBg: '#081a35', bodyBg: '#06101f', headerHeight: 56, headerPadding: '0 16px' },
    Menu: { darkItemBg: '#081a35', darkSubMenuItemBg: '#061530', darkItemSelectedBg: '#1d4f91' },
  },
};

export function Providers({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  return (
    <ConfigProvider locale={i18n.language === 'en' ? enUS : zhCN} theme={appTheme} button={{ autoInsertSpace: false }}>
      {/* Spec §9: messages 3 s at offset 16; notifications 4.5 s, not stacked so each keeps its 16 px gap. */}
      <AntApp message={{ duration: 3, top: 16, maxCount: 5 }} notification={{ duration: 4.5, stack: false, placement: 'topRight', pauseOnHover: true }}>
        <FeedbackBridge />
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </AntApp>
    </ConfigProvider>
  );
}

import type { PageModule } from '../../shared/pageModule';

/** Push settings keyed by PageDef key (app/routes/pages.ts): the centre and the user-centre entry. */
export const pushPageModules: Record<string, PageModule> = {
  CentreSendmsgTools: async () => (await import('./PushSettingsPage')).PushSettingsPage,
  UcSendmsgTools: async () => (await import('./PushSettingsPage')).PushSettingsPage,
};

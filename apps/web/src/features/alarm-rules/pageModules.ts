import type { PageModule } from '../../shared/pageModule';

/** Alarm-rule configuration keyed by PageDef key (app/routes/pages.ts). */
export const alarmRulePageModules: Record<string, PageModule> = {
  AlarmRuleSet: async () => (await import('./AlarmRulesPage')).AlarmRuleSetPage,
};

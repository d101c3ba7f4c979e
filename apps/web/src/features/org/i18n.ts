import type { Bundle } from '../../shared/i18n';

export const orgBundle: Bundle = {
  zh: {
    projectNotVisible: '您无权查看站点 #{{id}}，已切换到 {{name}}',
    noProjectVisible: '您无权查看站点 #{{id}}，当前账号没有可查看的站点',
  },
  en: {
    projectNotVisible: 'You may not see site #{{id}}; showing {{name}} instead',
    noProjectVisible: 'You may not see site #{{id}}, and this account has no site to show',
  },
};

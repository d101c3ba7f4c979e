import type { Bundle } from '../../shared/i18n';

export const workerHomeBundle: Bundle = {
  zh: {
    hello: '你好，{{name}}',
    mySites: '我的站点',
    pending: '待处理事件',
    quick: '快捷入口',
  },
  en: {
    hello: 'Hello, {{name}}',
    mySites: 'My sites',
    pending: 'Pending events',
    quick: 'Shortcuts',
  },
};

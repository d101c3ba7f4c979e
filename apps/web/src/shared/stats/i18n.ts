import type { Bundle } from '../i18n';

export const statsBundle: Bundle = {
  zh: {
    period: { day: '日', month: '月', year: '年', custom: '自定义' },
    periodKind: '统计周期',
    prev: '上一周期',
    next: '下一周期',
    rangeTooLong: '时间范围不能超过 {{days}} 天',
    mom: '环比',
    yoy: '同比',
    previousValue: '上期 {{value}}',
    samePeriodValue: '同期 {{value}}',
    noBase: '无对比数据',
    updatedAt: '更新于 {{time}}',
  },
  en: {
    period: { day: 'Day', month: 'Month', year: 'Year', custom: 'Custom' },
    periodKind: 'Period',
    prev: 'Previous period',
    next: 'Next period',
    rangeTooLong: 'The range cannot be longer than {{days}} days',
    mom: 'MoM',
    yoy: 'YoY',
    previousValue: 'Previous {{value}}',
    samePeriodValue: 'Last year {{value}}',
    noBase: 'Nothing to compare with',
    updatedAt: 'Updated {{time}}',
  },
};

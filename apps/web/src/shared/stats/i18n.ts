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
    note: '说明',
    reason: {
      base_not_covered: '对比基期早于数据起始（{{since}}），不计算变化率',
      base_not_covered_none: '对比基期没有数据，不计算变化率',
      base_zero: '对比基期为 0，不计算变化率',
      in_progress: '本时段尚未结束，不计算变化率',
    },
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
    note: 'Note',
    reason: {
      base_not_covered: 'The base period starts before the data does (data since {{since}}): no change shown',
      base_not_covered_none: 'The base period has no data: no change shown',
      base_zero: 'The base period is zero: no change shown',
      in_progress: 'This period has not ended yet: no change shown',
    },
    updatedAt: 'Updated {{time}}',
  },
};

import { TOU_BANDS, TOU_BAND_LABELS } from '@gridops/contract';
import type { Bundle } from '../i18n';

/** Band names come from the contract (one source for pages, exports and the server). */
const touLabels = (lang: 'zh' | 'en') => Object.fromEntries(TOU_BANDS.map((b) => [b, TOU_BAND_LABELS[b][lang]]));

export const chartsBundle: Bundle = {
  zh: {
    loading: '图表加载中…',
    loadFailed: '图表加载失败',
    current: '本期',
    previous: '上期',
    samePeriod: '同期',
    mom: '环比',
    yoy: '同比',
    total: '合计',
    min: '最小值',
    max: '最大值',
    range: '{{name}} 范围',
    loadRate: '负载率',
    tou: touLabels('zh'),
    load: { light: '轻载', economic: '经济', heavy: '重载', overload: '过载' },
    toolbox: { save: '保存为图片', restore: '还原', zoom: '区域缩放', zoomBack: '缩放还原' },
  },
  en: {
    loading: 'Loading chart…',
    loadFailed: 'The chart could not be loaded',
    current: 'Current',
    previous: 'Previous',
    samePeriod: 'Last year',
    mom: 'MoM',
    yoy: 'YoY',
    total: 'Total',
    min: 'Min',
    max: 'Max',
    range: '{{name}} range',
    loadRate: 'Load rate',
    tou: touLabels('en'),
    load: { light: 'Light', economic: 'Economic', heavy: 'Heavy', overload: 'Overload' },
    toolbox: { save: 'Save as image', restore: 'Restore', zoom: 'Zoom', zoomBack: 'Undo zoom' },
  },
};

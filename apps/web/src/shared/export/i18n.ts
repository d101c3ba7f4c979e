import type { Bundle } from '../i18n';

export const exportBundle: Bundle = {
  zh: { button: '导出 Excel', failed: '导出失败', empty: '没有可导出的数据' },
  en: { button: 'Export to Excel', failed: 'Export failed', empty: 'Nothing to export' },
};

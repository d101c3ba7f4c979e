import type { Bundle } from './index';

/**
 * Words every page uses, written once (`t('common.loadFailed')`). Feature bundles keep only what is their
 * own; a feature sentence that merely repeats one of these is a duplicate to remove.
 */
export const commonBundle: Bundle = {
  zh: {
    loadFailed: '数据加载失败',
    retry: '重试',
    refresh: '刷新',
    noData: '暂无数据',
    needSite: '请先选择站点',
    save: '保存',
    cancel: '取消',
    delete: '删除',
    close: '关闭',
    actions: '操作',
    edit: '编辑',
  },
  en: {
    loadFailed: 'The data could not be loaded',
    retry: 'Retry',
    refresh: 'Refresh',
    noData: 'No data',
    needSite: 'Select a site first',
    save: 'Save',
    cancel: 'Cancel',
    delete: 'Delete',
    close: 'Close',
    actions: 'Actions',
    edit: 'Edit',
  },
};

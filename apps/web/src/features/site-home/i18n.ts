import type { Bundle } from '../../shared/i18n';

export const siteHomeBundle: Bundle = {
  zh: {
    project: '站点信息',
    address: '地址',
    city: '城市',
    coordinates: '坐标',
    capacity: '配电容量',
    pv: '光伏装机',
    storage: '储能容量',
    area: '建筑面积',
    energyTypes: '能源类型',
    pending: '待处理事件',
    viewEvents: '查看事件',
    noSite: '尚未选择站点',
    noSiteHint: '请在顶部的站点选择器中选择一个站点，或从中心首页进入。',
  },
  en: {
    project: 'Site information',
    address: 'Address',
    city: 'City',
    coordinates: 'Coordinates',
    capacity: 'Distribution capacity',
    pv: 'PV capacity',
    storage: 'Storage capacity',
    area: 'Floor area',
    energyTypes: 'Energy types',
    pending: 'Pending events',
    viewEvents: 'View events',
    noSite: 'No site selected',
    noSiteHint: 'Choose a site in the selector at the top, or open one from the centre home.',
  },
};

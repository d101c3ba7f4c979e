import type { Bundle } from '../../shared/i18n';

export const shellBundle: Bundle = {
  zh: {
    productName: 'GridOps 能源与设施运维平台',
    productShort: 'GridOps',
    loading: '正在加载…',
    logout: '退出登录',
    userMenu: '用户菜单',
    notices: '待处理事件',
    voiceOn: '语音报警：开',
    voiceOff: '语音报警：关',
    selectSite: '选择站点',
    noSite: '未选择站点',
    backToCentre: '返回中心',
    areas: { centre: '运营中心', site: '站点', worker: '工作台' },
    userTypes: { 0: '中心用户', 1: '站点用户', 2: '运维人员' },
    notFound: {
      title: '页面不存在',
      desc: '您访问的地址没有对应的页面，或您的账号无权访问。',
      home: '返回首页',
      login: '前往登录',
    },
    empty: {
      what: '{{title}}：{{what}}将在此显示。',
      hint: '该页面的功能正在建设中，数据接入后自动展示。',
    },
    video: {
      title: '安防视频',
      close: '关闭',
    },
    engine: {
      embedded: '已嵌入三维场景',
    },
  },
  en: {
    productName: 'GridOps Energy & Facility Operations',
    productShort: 'GridOps',
    loading: 'Loading…',
    logout: 'Log out',
    userMenu: 'User menu',
    notices: 'Pending events',
    voiceOn: 'Voice alarm: on',
    voiceOff: 'Voice alarm: off',
    selectSite: 'Select a site',
    noSite: 'No site selected',
    backToCentre: 'Back to centre',
    areas: { centre: 'Operations centre', site: 'Site', worker: 'Workbench' },
    userTypes: { 0: 'Centre user', 1: 'Site user', 2: 'Field worker' },
    notFound: {
      title: 'Page not found',
      desc: 'Nothing lives at this address, or your account may not open it.',
      home: 'Back to home',
      login: 'Go to login',
    },
    empty: {
      what: '{{title}}: {{what}} will appear here.',
      hint: 'This page is being built; it fills in once its data is connected.',
    },
    video: {
      title: 'Security video',
      close: 'Close',
    },
    engine: {
      embedded: 'Embedded in the 3D scene',
    },
  },
};

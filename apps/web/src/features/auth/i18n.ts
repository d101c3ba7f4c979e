import type { Bundle } from '../../shared/i18n';

export const authBundle: Bundle = {
  zh: {
    welcome: '欢迎使用 GridOps 能源与设施运维平台',
    subtitle: '配电室 · 光储充微电网 · 智慧楼宇 一体化监控',
    username: '用户名',
    password: '密码',
    usernameRequired: '请输入用户名',
    passwordRequired: '请输入密码',
    login: '登录',
    loggingIn: '正在登录…',
    demoHint: '演示账号：centre / site / worker，密码 demo1234',
    demoHintClose: '关闭演示账号提示',
    registerExpertLink: '注册成为专家',
    features: {
      live: '实时告警与故障推送',
      energy: '光伏、储能、充电与用能分析',
      ops: '巡检、消缺与事件闭环处理',
    },
  },
  en: {
    welcome: 'Welcome to GridOps, the energy and facility operations console',
    subtitle: 'Distribution rooms · PV-storage-charging microgrids · smart buildings in one console',
    username: 'Username',
    password: 'Password',
    usernameRequired: 'Please enter your username',
    passwordRequired: 'Please enter your password',
    login: 'Log in',
    loggingIn: 'Logging in…',
    demoHint: 'Demo accounts: centre / site / worker, password demo1234',
    demoHintClose: 'Close the demo accounts hint',
    registerExpertLink: 'Register as an expert',
    features: {
      live: 'Live alarm and fault notifications',
      energy: 'PV, storage, charging and consumption analysis',
      ops: 'Inspections, defect elimination and event handling',
    },
  },
};

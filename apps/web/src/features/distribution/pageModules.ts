import type { PageModule } from '../../shared/pageModule';

/** Smart-distribution pages (/ElectricalRoom and its children, and the centre's /CtrlLogs), keyed by PageDef key. */
export const distributionPageModules: Record<string, PageModule> = {
  ElecIndex: async () => (await import('./pages/ElecIndexPage')).ElecIndexPage,
  DevMonitor: async () => (await import('./pages/DevMonitorPage')).DevMonitorPage,
  ErgMonitor: async () => (await import('./pages/ErgMonitorPage')).ErgMonitorPage,
  ElectricFire: async () => (await import('./pages/ElectricFirePage')).ElectricFirePage,
  AuxControl: async () => (await import('./pages/AuxControlPage')).AuxControlPage,
  DevControl: async () => (await import('./pages/DevControlPage')).DevControlPage,
  SingleLineSet: async () => (await import('./pages/SingleLineSetPage')).SingleLineSetPage,
  CtrlLogs: async () => (await import('./pages/CtrlLogsPage')).CtrlLogsPage,
};

import type { PageModule } from '../../shared/pageModule';

/** /ElectricalRoom/RobMonitor and /RunSetup/RobotSet (docs/robot.md), keyed by PageDef key. */
export const robotPageModules: Record<string, PageModule> = {
  RobMonitor: async () => (await import('./RobMonitorPage')).RobMonitorPage,
  RobotSet: async () => (await import('./RobotSetPage')).RobotSetPage,
};

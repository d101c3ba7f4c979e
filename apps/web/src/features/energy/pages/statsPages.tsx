import { ReadingsPage } from '../components/ReadingsPage';
import { StatsPage } from '../components/StatsPage';
import { StoragePeriodPage } from '../components/StoragePeriodPage';

/*
 * The statistics pages of /EnergyManage are the three generic pages with their parameters: which category of
 * meter nodes, which period the picker starts on, and whether the comparison is fixed (the MoM/YoY pages).
 */
export const NewEnergyStatsPage = () => (
  <StatsPage pageKey="NewEnergyStats" testId="energy-ne-stats" category="new_energy" defaultPeriod="month" goodDirection="up" />
);
export const NewEnergyMomPage = () => (
  <StatsPage pageKey="NewEnergyMom" testId="energy-ne-mom" category="new_energy" defaultPeriod="month" mode="mom" goodDirection="up" />
);
export const NewEnergyYoyPage = () => (
  <StatsPage pageKey="NewEnergyYoy" testId="energy-ne-yoy" category="new_energy" defaultPeriod="year" mode="yoy" goodDirection="up" />
);
export const NewEnergyReadingsPage = () => (
  <ReadingsPage pageKey="NewEnergyReadings" testId="energy-ne-readings" categories={['new_energy']} />
);
export const StorageReadingsPage = () => (
  <ReadingsPage pageKey="StorageReadings" testId="energy-st-readings" categories={['storage_charge', 'storage_discharge']} />
);
export const StorageMonthPage = () => <StoragePeriodPage pageKey="StorageMonth" testId="energy-st-month" defaultPeriod="month" />;
export const StorageYearPage = () => <StoragePeriodPage pageKey="StorageYear" testId="energy-st-year" defaultPeriod="year" />;
export const PowerStatsPage = () => (
  <StatsPage pageKey="PowerStats" testId="energy-pw-stats" category="power_use" defaultPeriod="month" defaultView="node" />
);
export const PowerReadingsPage = () => (
  <ReadingsPage pageKey="PowerReadings" testId="energy-pw-readings" categories={['power_use']} />
);
export const PowerMonthPage = () => (
  <StatsPage pageKey="PowerMonth" testId="energy-pw-month" category="power_use" defaultPeriod="month" />
);
export const PowerYearPage = () => (
  <StatsPage pageKey="PowerYear" testId="energy-pw-year" category="power_use" defaultPeriod="year" />
);

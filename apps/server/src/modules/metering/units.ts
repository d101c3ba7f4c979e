import type { EnergyType } from '@gridops/contract';

/** The unit each energy tree is metered in (a node without a bound point shows its tree's unit). */
export const UNITS: Record<EnergyType, string> = { power: 'kWh', water: 'm³', gas: 'm³', heat: 'GJ' };

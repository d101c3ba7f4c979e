import type { PageModule } from '../../app/routes/featurePages';

/** Energy pages (/EnergyManage and its children, /IntergralEnergy, /EnergyHome, /Carbon, /CentreCarbon), keyed by PageDef key. */
export const energyPageModules: Record<string, PageModule> = {};

/**
 * One name per energy quantity (issue 26 item 5): what each figure on a page, report or export is, in zh and en.
 * Pages name a figure after its quantity and say in its tooltip which one it is; the definitions follow the
 * server's formulas (docs/energy-model.md "Glossary").
 */
export const ENERGY_QUANTITIES = [
  'consumption',
  'grid_import',
  'grid_export',
  'generation',
  'storage_charge',
  'storage_discharge',
  'branch_energy',
  'node_input',
  'node_output',
  'losses',
] as const;
export type EnergyQuantity = (typeof ENERGY_QUANTITIES)[number];

export interface GlossaryEntry {
  name: { zh: string; en: string };
  /** What it measures and how it is computed, one sentence a site manager can check. */
  definition: { zh: string; en: string };
}

export const ENERGY_GLOSSARY: Record<EnergyQuantity, GlossaryEntry> = {
  consumption: {
    name: { zh: '用电量', en: 'Consumption' },
    definition: {
      zh: '站点负荷实际用掉的电量 = 电网购电 − 上网电量 + 光伏/风电发电 + 储能放电 − 储能充电。',
      en: 'Energy the site\'s loads used = grid import − grid export + PV/wind generation + storage discharge − storage charge.',
    },
  },
  grid_import: {
    name: { zh: '电网购电量', en: 'Grid import' },
    definition: {
      zh: '进线总表（计量树中的「电网进线」节点）从电网购入的电量；电费、分时电量与月报结算按此计算。',
      en: 'Energy bought from the grid at the incomer meters (the tree\'s grid nodes); the bill, the tariff-band split and the monthly report are priced on it.',
    },
  },
  grid_export: {
    name: { zh: '上网电量', en: 'Grid export' },
    definition: {
      zh: '送回电网的电量（「上网」节点），按上网电价计收入。',
      en: 'Energy sent back to the grid (grid-export nodes), credited at the feed-in price.',
    },
  },
  generation: {
    name: { zh: '发电量', en: 'Generation' },
    definition: {
      zh: '光伏、风电的发电电量（只计最上层的发电节点，不重复计算）。',
      en: 'Energy produced by PV and wind (top-most generation meters only, nothing counted twice).',
    },
  },
  storage_charge: {
    name: { zh: '储能充电量', en: 'Storage charge' },
    definition: { zh: '储能变流器充入电池的电量。', en: 'Energy the storage converters put into the battery.' },
  },
  storage_discharge: {
    name: { zh: '储能放电量', en: 'Storage discharge' },
    definition: { zh: '储能变流器从电池放出的电量。', en: 'Energy the storage converters took out of the battery.' },
  },
  branch_energy: {
    name: { zh: '支路电量', en: 'Branch energy' },
    definition: {
      zh: '支路（变压器、馈线）自身电表计量的电量：从上级流过该表的电量，不含挂在其母线上的光伏、储能。',
      en: 'What the branch\'s own meter (transformer, feeder) measured: the energy that flowed through it from upstream, not counting PV or storage on its bus.',
    },
  },
  node_input: {
    name: { zh: '供入电量', en: 'Supplied energy' },
    definition: {
      zh: '损耗分析中节点的输入 = 支路电量 + 挂在其母线上的电源（光伏、风电、储能放电）。',
      en: 'A node\'s input in the loss analysis = its branch energy + the sources on its bus (PV, wind, storage discharge).',
    },
  },
  node_output: {
    name: { zh: '下级电量', en: 'Energy to children' },
    definition: {
      zh: '损耗分析中节点的输出 = 各下级节点电量之和。',
      en: 'A node\'s output in the loss analysis = the sum of its children\'s energy.',
    },
  },
  losses: {
    name: { zh: '损耗电量', en: 'Losses' },
    definition: {
      zh: '损耗 = 供入电量 − 下级电量；损耗率 = 损耗 / 供入电量。',
      en: 'Losses = supplied energy − energy to children; loss rate = losses / supplied energy.',
    },
  },
};

/** The quantity's name in a language. */
export const quantityName = (q: EnergyQuantity, lang: 'zh' | 'en') => ENERGY_GLOSSARY[q].name[lang];
/** The quantity's definition in a language (a figure's tooltip). */
export const quantityDefinition = (q: EnergyQuantity, lang: 'zh' | 'en') => ENERGY_GLOSSARY[q].definition[lang];

import type { EnergyType } from '@gridops/contract';
import { TREE_CO2_KG_PER_YEAR, treesForCo2Kg } from '@gridops/format';

/**
 * Conversion and emission factors with their sources (docs/energy-model.md, "Factors"). Values are per the
 * unit each energy type is metered in: electricity kWh, water m³ (= t), natural gas m³, heat GJ.
 */

/** National grid average CO2 emission factor, kgCO2/kWh: MEE & NBS announcement of 2024 for 2022 data. */
export const GRID_CO2_KG_PER_KWH = 0.5703;
/** Natural gas, kgCO2/m³: NCV 389.31 GJ/10⁴m³ × 15.3 tC/TJ × 99 % oxidation × 44/12 (GB/T 32150-2015 defaults). */
export const GAS_CO2_KG_PER_M3 = 2.1622;
/** Purchased heat, kgCO2/GJ: 0.11 tCO2/GJ (GB/T 32150-2015 default for purchased heat). */
export const HEAT_CO2_KG_PER_GJ = 110;
/** Water is not counted (indirect, scope 3; no national factor). */
export const WATER_CO2_KG_PER_M3 = 0;
/**
 * Annual CO2 uptake of one tree, kg: a common convention (18.3 kg/tree·year), not a national standard. It and
 * the rounding to whole trees live in @gridops/format, so the server and every page show the same figure.
 */
export { TREE_CO2_KG_PER_YEAR };

/** Standard coal equivalent, kgce per metered unit (GB/T 2589-2020). */
export const COAL_KGCE = {
  /** Electricity, equivalent (calorific) value: 3600 kJ/kWh ÷ 29 307.6 kJ/kgce. */
  power: 0.1229,
  /** Fresh water, energy-carrying medium equivalent 2.51 MJ/t ÷ 29.3076 MJ/kgce. */
  water: 0.0857,
  /** Natural gas, reference value 1.2143 kgce/m³ (range 1.1000–1.3300). */
  gas: 1.2143,
  /** Heat, 0.03412 kgce/MJ × 1000 MJ/GJ. */
  heat: 34.12,
} as const satisfies Record<EnergyType, number>;

export const CO2_KG: Record<EnergyType, number> = {
  power: GRID_CO2_KG_PER_KWH,
  water: WATER_CO2_KG_PER_M3,
  gas: GAS_CO2_KG_PER_M3,
  heat: HEAT_CO2_KG_PER_GJ,
};

export const coalKgce = (type: EnergyType, amount: number) => amount * COAL_KGCE[type];
export const co2Kg = (type: EnergyType, amount: number) => amount * CO2_KG[type];
/** Whole trees absorbing the avoided CO2 in a year (the one rounding: @gridops/format treesForCo2Kg). */
export const treesFor = (avoidedKg: number) => treesForCo2Kg(avoidedKg);

export const factorList = {
  carbon: [
    {
      key: 'power',
      value: GRID_CO2_KG_PER_KWH,
      unit: 'kgCO2/kWh',
      source: '生态环境部、国家统计局 2024 年公告：2022 年全国电力平均二氧化碳排放因子 0.5703 kgCO2/kWh',
    },
    {
      key: 'gas',
      value: GAS_CO2_KG_PER_M3,
      unit: 'kgCO2/m³',
      source: 'GB/T 32150-2015 缺省值：低位发热量 389.31 GJ/万m³，单位热值含碳量 15.3 tC/TJ，碳氧化率 99%',
    },
    {
      key: 'heat',
      value: HEAT_CO2_KG_PER_GJ,
      unit: 'kgCO2/GJ',
      source: 'GB/T 32150-2015 外购热力缺省值 0.11 tCO2/GJ',
    },
    { key: 'water', value: WATER_CO2_KG_PER_M3, unit: 'kgCO2/m³', source: 'Not counted (scope 3)' },
    {
      key: 'tree',
      value: TREE_CO2_KG_PER_YEAR,
      unit: 'kgCO2/tree·year',
      source: 'Common convention, not a national standard',
    },
  ],
  coal: [
    { key: 'power', value: COAL_KGCE.power, unit: 'kgce/kWh', source: 'GB/T 2589-2020 电力（当量值）' },
    { key: 'water', value: COAL_KGCE.water, unit: 'kgce/t', source: 'GB/T 2589 耗能工质 新水 2.51 MJ/t' },
    {
      key: 'gas',
      value: COAL_KGCE.gas,
      unit: 'kgce/m³',
      source: 'GB/T 2589-2020 天然气 1.1000–1.3300，取 1.2143',
    },
    { key: 'heat', value: COAL_KGCE.heat, unit: 'kgce/GJ', source: 'GB/T 2589-2020 热力 0.03412 kgce/MJ' },
  ],
};

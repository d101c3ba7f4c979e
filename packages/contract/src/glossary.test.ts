import { describe, expect, it } from 'vitest';
import { ENERGY_GLOSSARY, ENERGY_QUANTITIES, quantityName } from './glossary.js';

describe('energy glossary', () => {
  it('names every quantity once per language and defines it in both', () => {
    for (const lang of ['zh', 'en'] as const) {
      const names = ENERGY_QUANTITIES.map((q) => quantityName(q, lang));
      expect(new Set(names).size).toBe(names.length);
      for (const q of ENERGY_QUANTITIES) expect(ENERGY_GLOSSARY[q].definition[lang].length).toBeGreaterThan(10);
    }
  });
  it('defines consumption by the balance the server computes, and says the bill is on grid import', () => {
    expect(ENERGY_GLOSSARY.consumption.definition.en).toContain('grid import − grid export + PV/wind generation + storage discharge − storage charge');
    expect(ENERGY_GLOSSARY.grid_import.definition.zh).toContain('电费');
  });
});

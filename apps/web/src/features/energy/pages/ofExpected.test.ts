import { describe, expect, it } from 'vitest';
import { ofExpected } from './NewEnergyOverviewPage';

describe('actual against clear-sky expected generation', () => {
  it('is a percentage with one decimal, null where nothing was expected', () => {
    expect(ofExpected({ today: 250, month: 9000, year: 0 }, { today: 400, month: 12000, year: 0 })).toEqual({ today: 62.5, month: 75, year: null });
  });
});

import { describe, expect, it } from 'vitest';
import { balanceView } from './balance';

describe('micro-grid balance for display', () => {
  it('importing, PV generating, storage idle: supply equals demand', () => {
    // load = grid + source + storage − charging (server), so the bus balances.
    const v = balanceView({
      source_kw: 88.66,
      grid_kw: 736.4,
      load_kw: 666.84,
      storage_kw: 0,
      charging_kw: 158.22,
    });
    expect(v.links.grid).toMatchObject({ direction: 'toBus', state: 'import', kw: 736.4 });
    expect(v.links.source).toMatchObject({ direction: 'toBus', state: 'generate' });
    expect(v.links.storage).toMatchObject({ direction: 'idle', kw: 0 });
    expect(v.links.load).toMatchObject({ direction: 'fromBus', kw: 666.84 });
    expect(v.links.charging).toMatchObject({ direction: 'fromBus', kw: 158.22 });
    expect(v.supply).toBeCloseTo(825.06, 2);
    expect(v.residual).toBeCloseTo(0, 2);
    expect(v.localSharePct).toBeCloseTo((88.66 / 825.06) * 100, 1);
  });
  it('exporting to the grid while the battery charges', () => {
    const v = balanceView({ source_kw: 500, grid_kw: -120, load_kw: 180, storage_kw: -200, charging_kw: 0 });
    expect(v.links.grid).toMatchObject({ direction: 'fromBus', state: 'export', kw: 120 });
    expect(v.links.storage).toMatchObject({ direction: 'fromBus', state: 'charge', kw: 200 });
    expect(v.links.charging.direction).toBe('idle');
    expect(v.supply).toBe(500);
    expect(v.demand).toBe(500);
    expect(v.localSharePct).toBe(100);
  });
  it('discharging at the peak; a clamped load shows as a residual', () => {
    const v = balanceView({ source_kw: 0, grid_kw: 50, load_kw: 0, storage_kw: 30, charging_kw: 100 });
    expect(v.links.storage).toMatchObject({ direction: 'toBus', state: 'discharge' });
    expect(v.residual).toBe(-20);
  });
  it('nothing flowing: no share', () => {
    const v = balanceView({ source_kw: 0, grid_kw: 0.01, load_kw: 0, storage_kw: 0, charging_kw: 0 });
    expect(v.links.grid.direction).toBe('idle');
    expect(v.localSharePct).toBeNull();
  });
});

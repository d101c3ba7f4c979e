import { describe, expect, it } from 'vitest';
import { digitalState, limitLevel, QUALITY_COLOR, worstQuality } from './points';
import { buildDeviceTree, devicesForSelection } from './deviceTree';
import { storageMode } from './pages/ErgMonitorPage';

describe('quality and states', () => {
  it('colours fresh green, stale orange, offline red, and a set takes its worst member', () => {
    expect(QUALITY_COLOR).toEqual({ fresh: 'green', stale: 'orange', offline: 'red' });
    expect(worstQuality([])).toBe('fresh');
    expect(worstQuality(['fresh', 'stale', 'fresh'])).toBe('stale');
    expect(worstQuality(['stale', 'offline', 'fresh'])).toBe('offline');
  });

  it('labels digital points by meaning: alarms for water/smoke/arc/door, breaker closed/open', () => {
    expect(digitalState('breaker', 1)).toEqual({ labelKey: 'distribution.state.breaker.1', tone: 'active' });
    expect(digitalState('breaker', 0)).toEqual({ labelKey: 'distribution.state.breaker.0', tone: 'idle' });
    expect(digitalState('smoke', 1).tone).toBe('alarm');
    expect(digitalState('water', 0).tone).toBe('normal');
    expect(digitalState('whatever', 1).labelKey).toBe('distribution.state.generic.1');
    expect(digitalState('door', null)).toEqual({ labelKey: 'distribution.state.unknown', tone: 'unknown' });
  });

  it('grades a value against its limit', () => {
    expect(limitLevel(null, 70)).toBe('unknown');
    expect(limitLevel(40, 70)).toBe('normal');
    expect(limitLevel(56, 70)).toBe('warning');
    expect(limitLevel(70, 70)).toBe('warning');
    expect(limitLevel(70.1, 70)).toBe('over');
  });

  it('reads the PCS mode from the sign of P (discharge positive)', () => {
    expect(storageMode(120, 1)).toBe('discharging');
    expect(storageMode(-80, 1)).toBe('charging');
    expect(storageMode(0.2, 1)).toBe('idle');
    expect(storageMode(50, 0)).toBe('idle');
    expect(storageMode(null, 1)).toBe('unknown');
  });
});

const dev = (id: number, parent_id: number | null, kind: string) => ({ id, parent_id, kind, sn: `S${id}`, name: `D${id}`, gateway_online: true, points: [] });

describe('device tree', () => {
  const rooms = [
    { id: 3, name: '1#配电室', kind: 'distribution', devices: [dev(15, null, 'incomer'), dev(16, 15, 'transformer'), dev(18, 16, 'feeder'), dev(24, null, 'env_sensor'), dev(30, 99, 'feeder')] },
    { id: 5, name: '储能舱', kind: 'storage', devices: [dev(40, 41, 'pcs'), dev(41, 40, 'bms')] },
  ];

  it('nests devices by parent within the room; unknown parents go to the top; cycles still show every device', () => {
    const tree = buildDeviceTree(rooms);
    expect(tree.map((n) => n.key)).toEqual(['room-3', 'room-5']);
    const r3 = tree[0]!;
    expect(r3.children.map((n) => n.key)).toEqual(['dev-15', 'dev-24', 'dev-30']);
    expect(r3.children[0]!.children[0]!.key).toBe('dev-16');
    expect(r3.children[0]!.children[0]!.children[0]!.key).toBe('dev-18');
    const r5 = tree[1]!;
    const keys = JSON.stringify(r5).match(/dev-\d+/g);
    expect(new Set(keys)).toEqual(new Set(['dev-40', 'dev-41']));
  });

  it('a room selects all its devices, a device only itself', () => {
    const tree = buildDeviceTree(rooms);
    expect([...(devicesForSelection(tree, 'room-3') ?? [])].sort()).toEqual([15, 16, 18, 24, 30]);
    expect([...(devicesForSelection(tree, 'dev-16') ?? [])]).toEqual([16]);
    expect(devicesForSelection(tree, null)).toBeNull();
    expect(devicesForSelection(tree, 'dev-999')).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { energise, gridSourceState, runningSourceState, switchStateOf } from './energisation.js';
import type { EnergisationGraph, SwitchState } from './energisation.js';
import { voltageReading } from './voltage.js';

/** Radial feeder: grid → QF1 → HV bus → transformer → LV bus → QF2 → load A; LV bus → QF3 → load B. */
const radial = (incomer: SwitchState, feeder: SwitchState = 'closed', grid: 'live' | 'dead' | 'unknown' = 'live'): EnergisationGraph => ({
  nodes: [
    { id: 'grid', source: grid },
    { id: 'QF1', switch: incomer },
    { id: 'HV' },
    { id: 'TR' },
    { id: 'LV' },
    { id: 'QF2', switch: feeder },
    { id: 'A' },
    { id: 'QF3', switch: 'closed' },
    { id: 'B' },
  ],
  edges: [
    ['grid', 'QF1'],
    ['QF1', 'HV'],
    ['HV', 'TR'],
    ['TR', 'LV'],
    ['LV', 'QF2'],
    ['QF2', 'A'],
    ['LV', 'QF3'],
    ['QF3', 'B'],
  ],
});
const states = (g: EnergisationGraph) => Object.fromEntries(energise(g));

describe('energise', () => {
  it('radial feeder, all closed: everything is live', () => {
    expect(new Set(Object.values(states(radial('closed'))))).toEqual(new Set(['live']));
  });

  it('an open feeder breaker kills only what lies beyond it', () => {
    const s = states(radial('closed', 'open'));
    expect(s.QF2).toBe('live'); // its bus side
    expect(s.A).toBe('dead');
    expect(s.B).toBe('live');
    expect(s.LV).toBe('live');
  });

  it('open incomer: the breaker is live on its line side, the whole bus beyond is dead', () => {
    const s = states(radial('open'));
    expect(s.grid).toBe('live');
    expect(s.QF1).toBe('live');
    for (const id of ['HV', 'TR', 'LV', 'QF2', 'A', 'QF3', 'B']) expect(s[id]).toBe('dead');
  });

  it('a dead grid leaves everything dead even with every breaker closed', () => {
    expect(new Set(Object.values(states(radial('closed', 'closed', 'dead'))))).toEqual(new Set(['dead']));
  });

  it('unknown incomer breaker (stale): downstream is unknown, not dead and not live', () => {
    const s = states(radial('unknown'));
    expect(s.QF1).toBe('live');
    expect(s.HV).toBe('unknown');
    expect(s.A).toBe('unknown');
  });

  it('unknown beyond an open switch stays dead: an open switch breaks the path whatever follows', () => {
    const s = states(radial('open', 'unknown'));
    expect(s.A).toBe('dead');
  });

  it('a grid source of unknown state makes its bus unknown', () => {
    expect(states(radial('closed', 'closed', 'unknown')).B).toBe('unknown');
  });

  it('ring with two incomers: one incomer open, the ring stays live from the other', () => {
    // G1 → Q1 → bus1 — Qtie — bus2 ← Q2 ← G2; loads on each bus.
    const ring = (q1: SwitchState, q2: SwitchState, tie: SwitchState): EnergisationGraph => ({
      nodes: [
        { id: 'G1', source: 'live' },
        { id: 'Q1', switch: q1 },
        { id: 'bus1' },
        { id: 'Qtie', switch: tie },
        { id: 'bus2' },
        { id: 'Q2', switch: q2 },
        { id: 'G2', source: 'live' },
        { id: 'L1' },
        { id: 'L2' },
      ],
      edges: [
        ['G1', 'Q1'],
        ['Q1', 'bus1'],
        ['bus1', 'Qtie'],
        ['Qtie', 'bus2'],
        ['bus2', 'Q2'],
        ['Q2', 'G2'],
        ['bus1', 'L1'],
        ['bus2', 'L2'],
      ],
    });
    expect(states(ring('open', 'closed', 'closed')).L1).toBe('live');
    expect(states(ring('open', 'closed', 'open')).L1).toBe('dead');
    expect(states(ring('open', 'closed', 'open')).L2).toBe('live');
    expect(states(ring('open', 'closed', 'unknown')).L1).toBe('unknown');
    expect(states(ring('open', 'open', 'closed')).L2).toBe('dead');
  });

  it('PV that reports running keeps its island live; stopped PV does not', () => {
    const g = (pv: 'live' | 'dead'): EnergisationGraph => ({
      nodes: [{ id: 'grid', source: 'live' }, { id: 'Q', switch: 'open' }, { id: 'bus' }, { id: 'pv', source: pv }, { id: 'load' }],
      edges: [['grid', 'Q'], ['Q', 'bus'], ['pv', 'bus'], ['bus', 'load']],
    });
    expect(states(g('live')).load).toBe('live');
    expect(states(g('dead')).load).toBe('dead');
  });

  it('ignores edges to missing nodes', () => {
    expect(states({ nodes: [{ id: 'a', source: 'live' }], edges: [['a', 'zz']] })).toEqual({ a: 'live' });
  });
});

describe('telemetry → states', () => {
  it('switch: stale or missing is unknown', () => {
    expect(switchStateOf(true, true)).toBe('closed');
    expect(switchStateOf(false, true)).toBe('open');
    expect(switchStateOf(false, false)).toBe('unknown');
    expect(switchStateOf(null, true)).toBe('unknown');
  });
  it('grid source: voltage present is live', () => {
    expect(gridSourceState(5681.5, true)).toBe('live');
    expect(gridSourceState(3, true)).toBe('dead');
    expect(gridSourceState(400, true, 10_000)).toBe('dead');
    expect(gridSourceState(5681.5, false)).toBe('unknown');
    expect(gridSourceState(null, true)).toBe('unknown');
  });
  it('running source', () => {
    expect(runningSourceState(true, true)).toBe('live');
    expect(runningSourceState(false, true)).toBe('dead');
    expect(runningSourceState(true, false)).toBe('unknown');
  });
});

describe('voltageReading', () => {
  it('HV with only phase voltage measured: line voltage in kV (√3 × phase)', () => {
    const r = voltageReading({ phaseV: 5681.5 }, 10);
    expect(r?.kind).toBe('line');
    expect(r?.unit).toBe('kV');
    expect(r?.value).toBeCloseTo(9.8407, 3);
  });
  it('HV with line voltage measured uses it', () => {
    expect(voltageReading({ phaseV: 5681.5, lineV: 10_050 }, 10)).toEqual({ kind: 'line', value: 10.05, unit: 'kV' });
  });
  it('LV: phase voltage in V, labelled phase', () => {
    expect(voltageReading({ phaseV: 229.6 }, 0.4)).toEqual({ kind: 'phase', value: 229.6, unit: 'V' });
    expect(voltageReading({ lineV: 398 }, 0.4)).toEqual({ kind: 'line', value: 398, unit: 'V' });
  });
  it('without a nominal, the magnitude decides (5.7 kV phase is HV; 230 V is LV)', () => {
    expect(voltageReading({ phaseV: 5681.5 })?.unit).toBe('kV');
    expect(voltageReading({ phaseV: 230 })?.kind).toBe('phase');
  });
  it('nothing measured: null', () => {
    expect(voltageReading({ phaseV: null })).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { robotLiveFixture } from '../../test/fixtures/robot';
import { planModel, planPoint, stopStatus, STOP_COLOURS } from './planModel';

const robot = robotLiveFixture[0]!;
const stops = robot.stops.map((s) => ({ name: s.name, x: s.x, y: s.y, readings: s.readings }));

describe('robot plan model', () => {
  it('draws the room in metres: cabinets, dock → stops → dock route, the robot where it reports', () => {
    const m = planModel(robot.plan, stops, robot.state, 'en');
    expect(m.viewBox).toBe('-0.4 -0.4 12.8 8.8');
    expect(m.cabinets.map((c) => c.label)).toEqual(['10 kV incomer AH1', 'Transformer T1']);
    expect(m.route).toBe('0.8,6.5 2,2.4 4.1,4.2 0.8,6.5');
    expect(m.robot).toEqual({ x: 2, y: 2.4, heading: 90 });
    expect(planModel(robot.plan, stops, null).robot).toBeNull();
  });

  it('colours stops: an out-of-limit reading is an alarm, the target of a running round is current, then pending/done', () => {
    const m = planModel(robot.plan, stops, robot.state);
    expect(m.stops.map((s) => s.status)).toEqual(['alarm', 'pending']);
    expect(m.stops[0]!.colour).toBe(STOP_COLOURS.alarm);
    const calm = { ...stops[1]!, readings: [{ ok: true }] };
    expect(stopStatus(1, calm, { ...robot.state, stop: 2, task_state: 'moving' })).toBe('current');
    expect(stopStatus(1, calm, { ...robot.state, stop: 0, task_state: 'returning' })).toBe('done');
    expect(stopStatus(1, { ...calm, readings: [{ ok: null }] }, { ...robot.state, stop: 0, task_state: 'docked' })).toBe('pending');
  });

  it('turns a click into metres inside the room (letterboxed SVG, 0.1 m steps, clamped)', () => {
    // 12.8 × 8.8 m in a 640 × 440 box: 50 px per metre, no letterbox.
    const box = { left: 100, top: 50, width: 640, height: 440 };
    expect(planPoint(robot.plan, box, 100 + 20 + 50 * 3, 50 + 20 + 50 * 2)).toEqual({ x: 3, y: 2 });
    expect(planPoint(robot.plan, box, 0, 0)).toEqual({ x: 0, y: 0 });
    // A wider box: the room is centred, 50 px per metre still (height-bound), 80 px of margin left and right.
    expect(planPoint(robot.plan, { left: 0, top: 0, width: 800, height: 440 }, 80 + 20 + 50 * 12, 20)).toEqual({ x: 12, y: 0 });
  });
});

describe('cabinet labels', () => {
  it('are cut to the cabinet width: CJK about 1 em a character, Latin about 0.6 em', async () => {
    const { fitLabel } = await import('./planModel');
    expect(fitLabel('1#办公楼回路', 1, 0.25)).toBe('1#办…');
    expect(fitLabel('1#变压器', 2.2, 0.25)).toBe('1#变压器');
    expect(fitLabel('Office building feeder 1', 1, 0.25)).toBe('Offic…');
  });
});

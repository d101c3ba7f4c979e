import { describe, expect, it } from 'vitest';
import { ROBOT_MONITOR_PATH, energyPath, reduceEngineMessage } from './engineMessages';
import { parseEngineMessage } from './parseEngineMessage';

const m = (type: string, extra: Record<string, unknown> = {}) => ({ key: 'ueMessage' as const, type, ...extra });

describe('engine message reducer (spec §4)', () => {
  it('ratio 219 → 21:9, anything else → 16:9, and marks isUE', () => {
    expect(reduceEngineMessage(m('ratio', { value: '219' }))).toEqual({ isUE: true, ratio: '21:9' });
    expect(reduceEngineMessage(m('ratio', { value: 219 }))).toEqual({ isUE: true, ratio: '21:9' });
    expect(reduceEngineMessage(m('ratio', { value: '169' }))).toEqual({ isUE: true, ratio: '16:9' });
  });
  it('devMonitor sets the active device', () => {
    expect(reduceEngineMessage(m('devMonitor', { devid: 1001 }))).toEqual({ isUE: true, devID: '1001' });
  });
  it('securityvideo opens the video dialog', () => {
    expect(reduceEngineMessage(m('securityvideo', { value: 'CAM-1' }))).toMatchObject({ isUE: true, videoPopup: true });
  });
  it('auxctrl sets the room id', () => {
    expect(reduceEngineMessage(m('auxctrl', { roomid: 'R-01' }))).toEqual({ isUE: true, roomID: 'R-01' });
  });
  it('robvdo sets the energy room path to the robot monitor and keeps the message (which robot)', () => {
    const msg = m('robvdo', { value: '3' });
    expect(reduceEngineMessage(msg)).toEqual({ isUE: true, energyRoomPath: ROBOT_MONITOR_PATH, latestEngineMessage: msg });
  });
  it('visitscene sets the scene flag', () => {
    expect(reduceEngineMessage(m('visitscene', { value: true }))).toEqual({ isUE: true, hasScene: true });
    expect(reduceEngineMessage(m('visitscene', { value: 'false' }))).toEqual({ isUE: true, hasScene: false });
  });
  it('energy sets the energy room path', () => {
    expect(reduceEngineMessage(m('energy', { value: 'DevMonitor' }))).toEqual({ isUE: true, energyRoomPath: '/ElectricalRoom/DevMonitor' });
    expect(energyPath('/EnergyManage')).toBe('/EnergyManage');
  });
  it('any other type is stored as the latest engine message', () => {
    const msg = m('somethingElse', { value: 1 });
    expect(reduceEngineMessage(msg)).toEqual({ isUE: true, latestEngineMessage: msg });
  });
  it('ignores foreign window messages', () => {
    expect(parseEngineMessage({ type: 'ratio' })).toBeNull();
    expect(parseEngineMessage('hello')).toBeNull();
    expect(parseEngineMessage(m('ratio', { value: '219' }))).not.toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import type { EventItem } from '@gridops/contract';
import { eventDescription, prefillFromEvent } from './fromEvent';

describe('a work order from an event says the device once', () => {
  it('drops the name when the message already starts with it', () => {
    expect(eventDescription('电池管理系统BMS', '电池管理系统BMS 单体过压 3.71V（限值 3.65V）')).toBe('电池管理系统BMS 单体过压 3.71V（限值 3.65V）');
    expect(eventDescription('BMS', 'BMS: Cell over-voltage 3.71 V (limit 3.65 V)')).toBe('BMS: Cell over-voltage 3.71 V (limit 3.65 V)');
  });
  it('puts the name first when the message does not name it, and leaves an empty name out', () => {
    expect(eventDescription('1#进线', '断路器分闸')).toBe('1#进线 断路器分闸');
    expect(eventDescription('', '网关 G1 通信中断')).toBe('网关 G1 通信中断');
    expect(eventDescription(null, ' 通信中断')).toBe('通信中断');
  });
  it('the prefilled form of a keyed BMS event repeats no name', () => {
    const params = {
      device: { zh: '电池管理系统BMS', en: 'BMS' },
      cause: { zh: '单体过压', en: 'Cell over-voltage' },
      value: 3.71,
      limit: 3.65,
      unit: 'V',
      precision: 2,
    };
    const e = {
      id: 7,
      project_id: 3,
      device_id: 11,
      device_name: '电池管理系统BMS',
      message: '电池管理系统BMS 单体过压 3.71V（限值 3.65V）',
      message_key: 'alarm.high',
      message_params: params,
      level: 2,
      event_type: 2,
    } as unknown as EventItem;
    const prefill = prefillFromEvent(e);
    expect(prefill.description).toBe('电池管理系统BMS 单体过压 3.71V（限值 3.65V）');
    expect(prefill.title).toBe('电池管理系统BMS 单体过压 3.71V（限值 3.65V）');
    expect(prefill.title_en).toBe('BMS: Cell over-voltage 3.71 V (limit 3.65 V)');
  });
});

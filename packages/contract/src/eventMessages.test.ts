import { describe, expect, it } from 'vitest';
import {
  EVENT_MESSAGE_KEYS,
  eventMessageAnswer,
  eventMessageParams,
  eventSpeech,
  eventText,
  parseEventMessage,
  renderEventMessage,
  renderEventSpeech,
  type EventMessage,
  type EventMessageKey,
} from './eventMessages.js';

const CJK = /[\u3400-\u9fff]/;
const feeder = { zh: '4#电梯回路', en: 'Feeder 4 (lifts)' };
const limit = (cause: { zh: string; en: string }, value: number, lim: number, unit: string, precision = 1) => ({
  device: feeder,
  point: { zh: 'A相电流', en: 'Phase A current' },
  cause,
  value,
  limit: lim,
  unit,
  precision,
});

/** One example of every key, with its expected zh and en sentences. */
const examples: { [K in EventMessageKey]: { params: EventMessage<K>['params']; zh: string; en: string; speechZh: string; speechEn: string } } = {
  'alarm.high': {
    params: limit({ zh: '绕组温度越上限', en: 'Winding temperature above limit' }, 112.44, 110, '°C'),
    zh: '4#电梯回路 绕组温度越上限 112.4°C（限值 110°C）',
    en: 'Feeder 4 (lifts): Winding temperature above limit 112.4 °C (limit 110 °C)',
    speechZh: '4#电梯回路，绕组温度越上限',
    speechEn: 'Feeder 4 (lifts), Winding temperature above limit',
  },
  'alarm.low': {
    params: limit({ zh: 'SOC过低', en: 'State of charge low' }, 7.5, 8, '%'),
    zh: '4#电梯回路 SOC过低 7.5%（限值 8%）',
    en: 'Feeder 4 (lifts): State of charge low 7.5 % (limit 8 %)',
    speechZh: '4#电梯回路，SOC过低',
    speechEn: 'Feeder 4 (lifts), State of charge low',
  },
  'alarm.rate': {
    params: limit({ zh: 'A相线缆温升过快', en: 'Cable temperature A rising fast' }, 9, 8, '°C', 0),
    zh: '4#电梯回路 A相线缆温升过快 9°C（限值 8°C/min）',
    en: 'Feeder 4 (lifts): Cable temperature A rising fast 9 °C (limit 8 °C/min)',
    speechZh: '4#电梯回路，A相线缆温升过快',
    speechEn: 'Feeder 4 (lifts), Cable temperature A rising fast',
  },
  'alarm.digital': {
    params: { device: feeder, cause: { zh: '断路器分闸', en: 'Breaker open' }, from: { zh: '合闸', en: 'closed' }, to: { zh: '分闸', en: 'open' } },
    zh: '4#电梯回路 断路器分闸',
    en: 'Feeder 4 (lifts): Breaker open',
    speechZh: '4#电梯回路，断路器分闸',
    speechEn: 'Feeder 4 (lifts), Breaker open',
  },
  'robot.overLimit': {
    params: { ...limit({ zh: '巡检2#变压器本体红外温度越限', en: 'Inspection: T2 body IR temperature above limit' }, 94.6, 85, '°C'), device: { zh: '轮式巡检机器人 R1', en: 'Wheeled inspection robot R1' } },
    zh: '轮式巡检机器人 R1 巡检2#变压器本体红外温度越限 94.6°C（限值 85°C）',
    en: 'Wheeled inspection robot R1: Inspection: T2 body IR temperature above limit 94.6 °C (limit 85 °C)',
    speechZh: '轮式巡检机器人 R1，巡检2#变压器本体红外温度越限',
    speechEn: 'Wheeled inspection robot R1, Inspection: T2 body IR temperature above limit',
  },
  'ai.detected': {
    params: { camera: { zh: '1#配电室·门口', en: 'Room 1 door' }, kind: { zh: '未戴安全帽', en: 'No helmet' }, confidence: 0.874 },
    zh: '1#配电室·门口 AI 识别：未戴安全帽（置信度 87%）',
    en: 'Room 1 door: No helmet (AI, 87% confidence)',
    speechZh: '1#配电室·门口，未戴安全帽',
    speechEn: 'Room 1 door, No helmet',
  },
  'gateway.commLost': {
    params: { gateway: 'GW-SZIP-01' },
    zh: '网关 GW-SZIP-01 通信中断',
    en: 'Gateway GW-SZIP-01: communication lost',
    speechZh: '网关 GW-SZIP-01，通信中断',
    speechEn: 'Gateway GW-SZIP-01, communication lost',
  },
  'gateway.commRestored': {
    params: { gateway: 'GW-SZIP-01' },
    zh: '网关 GW-SZIP-01 通信恢复',
    en: 'Gateway GW-SZIP-01: communication restored',
    speechZh: '网关 GW-SZIP-01，通信恢复',
    speechEn: 'Gateway GW-SZIP-01, communication restored',
  },
  'expert.certificateExpiring': {
    params: { expert: { zh: '王工', en: 'Wang Lei' }, certificate: { zh: '高压电工作业', en: 'High-voltage electrician' }, number: 'T1234', expires: '2026-12-01', days: 8 },
    zh: '专家 王工 的「高压电工作业」证书（编号 T1234）将于 2026-12-01 到期（剩 8 天）',
    en: 'Expert Wang Lei: certificate "High-voltage electrician" No. T1234 expires on 2026-12-01 (in 8 days)',
    speechZh: '专家 王工，证书即将到期',
    speechEn: 'Expert Wang Lei, certificate expiring',
  },
  'inspection.overdue': {
    params: { plan: { zh: '配电房日巡', en: 'Switch room daily round' }, worker: { zh: '赵师傅', en: 'Zhao Gang' }, date: '2026-11-25', window: '09:00–12:00' },
    zh: '巡检「配电房日巡」（2026-11-25 09:00–12:00，赵师傅）已超时未完成',
    en: 'Inspection "Switch room daily round" of 2026-11-25 09:00–12:00 (Zhao Gang) is overdue',
    speechZh: '巡检 配电房日巡 超时',
    speechEn: 'Inspection Switch room daily round overdue',
  },
  'face.strangerAtNight': {
    params: { terminal: { zh: '配电室人脸门禁', en: 'Room door face terminal' }, time: '02:15' },
    zh: '配电室人脸门禁 夜间识别到陌生人（02:15）',
    en: 'Room door face terminal: stranger at the door at night (02:15)',
    speechZh: '配电室人脸门禁，夜间陌生人',
    speechEn: 'Room door face terminal, stranger at night',
  },
};

describe('event message catalogue', () => {
  it('has an example for every key, and every example is valid for its key', () => {
    expect(Object.keys(examples).sort()).toEqual([...EVENT_MESSAGE_KEYS].sort());
    for (const key of EVENT_MESSAGE_KEYS) expect(eventMessageParams[key].safeParse(examples[key].params).success, key).toBe(true);
  });

  it.each(EVENT_MESSAGE_KEYS)('%s renders in zh and en; English has no CJK', (key) => {
    const ex = examples[key] as { params: EventMessage['params']; zh: string; en: string; speechZh: string; speechEn: string };
    const k = key as EventMessageKey;
    const render = (lang: 'zh' | 'en') => renderEventMessage(k, ex.params as never, lang);
    const speak = (lang: 'zh' | 'en') => renderEventSpeech(k, ex.params as never, lang);
    expect(render('zh')).toBe(ex.zh);
    expect(render('en')).toBe(ex.en);
    expect(render('en')).not.toMatch(CJK);
    expect(speak('zh')).toBe(ex.speechZh);
    expect(speak('en')).toBe(ex.speechEn);
    expect(speak('en')).not.toMatch(CJK);
  });

  it('names the phases of a grouped per-phase event in both languages', () => {
    const params = { ...limit({ zh: 'A相电流越限', en: 'Phase A over-current' }, 412, 386, 'A', 0), phases: ['C', 'A', 'B'] as ('A' | 'B' | 'C')[] };
    expect(renderEventMessage('alarm.high', params, 'zh')).toBe('4#电梯回路 A/B/C相电流越限 412A（限值 386A）');
    expect(renderEventMessage('alarm.high', params, 'en')).toBe('Feeder 4 (lifts): Phase A/B/C over-current 412 A (limit 386 A)');
  });

  it('falls back to the Chinese name while a name has no English yet', () => {
    const params = { ...examples['alarm.digital'].params, device: { zh: '1#进线', en: '' } };
    expect(renderEventMessage('alarm.digital', params, 'en')).toBe('1#进线: Breaker open');
  });

  it('leaves out an empty device name (a gateway\'s own point): no text starts with a space or a bare colon', () => {
    const none = { zh: '', en: '' };
    const blank = { zh: '  ', en: ' ' };
    for (const device of [none, blank]) {
      const digital = { ...examples['alarm.digital'].params, device };
      expect(renderEventMessage('alarm.digital', digital, 'zh')).toBe('断路器分闸');
      expect(renderEventMessage('alarm.digital', digital, 'en')).toBe('Breaker open');
      expect(renderEventSpeech('alarm.digital', digital, 'zh')).toBe('断路器分闸');
      const high = { ...examples['alarm.high'].params, device };
      expect(renderEventMessage('alarm.high', high, 'zh')).toBe('绕组温度越上限 112.4°C（限值 110°C）');
      expect(renderEventMessage('alarm.high', high, 'en')).toBe('Winding temperature above limit 112.4 °C (limit 110 °C)');
    }
    for (const key of EVENT_MESSAGE_KEYS) {
      // Every named thing an event is about (device, camera, door terminal) without a name.
      const params = Object.fromEntries(Object.entries(examples[key].params).map(([k, v]) => [k, ['device', 'camera', 'terminal'].includes(k) ? none : v]));
      for (const lang of ['zh', 'en'] as const) {
        const text = renderEventMessage(key, params as never, lang);
        expect(text, `${key} ${lang}`).not.toMatch(/^[\s:：，,]/);
        expect(renderEventSpeech(key, params as never, lang), `${key} ${lang} speech`).not.toMatch(/^[\s:：，,]/);
      }
    }
    // An old row's stored text with a leading space is read trimmed.
    expect(eventText({ message: ' 通信中断', message_key: null }, 'zh')).toBe('通信中断');
  });

  it('renders stored rows: a valid key from its parameters, an old row (no key) or a malformed one as its stored text', () => {
    const stored = { message: '旧事件', message_key: 'alarm.digital', message_params: examples['alarm.digital'].params };
    expect(eventText(stored, 'en')).toBe('Feeder 4 (lifts): Breaker open');
    expect(eventText({ message: 'Old event', message_key: null, message_params: null }, 'en')).toBe('Old event');
    expect(eventText({ message: 'Old event', message_key: 'alarm.high', message_params: { device: 1 } }, 'en')).toBe('Old event');
    expect(eventText({ message: 'Old event', message_key: 'no.such.key', message_params: {} }, 'en')).toBe('Old event');
    expect(parseEventMessage('gateway.commLost', { gateway: 'G1' })).toEqual({ key: 'gateway.commLost', params: { gateway: 'G1' } });
    expect(eventSpeech({ message_key: null }, 'en')).toBeNull();
    expect(eventMessageAnswer('gateway.commLost', { gateway: 'G1' }, 'en', '网关 G1 通信中断')).toEqual({
      message: 'Gateway G1: communication lost',
      message_key: 'gateway.commLost',
      message_params: { gateway: 'G1' },
    });
    expect(eventMessageAnswer(null, null, 'en', 'stored')).toEqual({ message: 'stored', message_key: null, message_params: null });
  });
});

import { z } from 'zod';
import type { Lang } from './errors.js';

/**
 * The catalogue of event texts. An event stores a message key and its parameters (names as zh/en pairs,
 * numbers, units), never a finished sentence; every reader (event lists, detail, pop-up, pending dialog,
 * exports, the voice alarm, the push payload) renders it here in the viewer's language. Events stored before
 * the catalogue have no key and keep their stored zh/en texts.
 */

/** A name in both languages; an empty `en` (no English name yet) falls back to `zh`. */
export const textPair = z.object({ zh: z.string(), en: z.string() });
export type TextPair = z.infer<typeof textPair>;

const phase = z.enum(['A', 'B', 'C']);

/** An analog value against its rule's limit. `cause` is the rule's name (e.g. "绕组温度越上限" / "Winding temperature above limit"). */
const limitParams = z.object({
  device: textPair,
  /** The measured point (e.g. "A相电流" / "Phase A current"). */
  point: textPair.optional(),
  cause: textPair,
  value: z.number(),
  limit: z.number(),
  unit: z.string(),
  /** Decimals the point is measured with (0–6). */
  precision: z.number().int().min(0).max(6),
  /** Per-phase rules: the phases grouped into one event; the cause is renamed after them ("A/B/C相电流越限"). */
  phases: z.array(phase).optional(),
});

/** A digital point changed to the state its rule alarms on (breaker open, smoke, door opened, ...). */
const digitalParams = z.object({
  device: textPair,
  point: textPair.optional(),
  cause: textPair,
  /** The state before and after the change, named (e.g. 合闸 → 分闸 / closed → open). */
  from: textPair.nullable(),
  to: textPair,
  phases: z.array(phase).optional(),
});

/** A site gateway: its serial number (not translated). */
const gatewayParams = z.object({ gateway: z.string() });
/** An edge AI box's detection a person confirmed as real (docs/gateway-protocol.md, AI events). */
const aiParams = z.object({ camera: textPair, kind: textPair, confidence: z.number() });

/** An expert's certificate close to its expiry date (docs/experts.md): raised once per certificate and expiry date. */
const certificateParams = z.object({
  expert: textPair,
  /** The certificate's type name (e.g. "低压电工作业" / "Low-voltage electrician"). */
  certificate: textPair,
  number: z.string(),
  /** The expiry date, YYYY-MM-DD. */
  expires: z.string(),
  days: z.number().int(),
});

/** An inspection task not finished by the end of its window (docs/operations.md): raised once per task. */
const inspectionOverdueParams = z.object({
  plan: textPair,
  worker: textPair,
  /** The occurrence's site date, YYYY-MM-DD, and its window, HH:MM–HH:MM. */
  date: z.string(),
  window: z.string(),
});

/** A stranger at a door terminal in the site's night window (docs/face-library.md): the terminal and its site time. */
const faceStrangerParams = z.object({ terminal: textPair, time: z.string() });

/** Parameters of every message key: the closed set of event texts. */
export const eventMessageParams = {
  /** Analog value above its high limit. */
  'alarm.high': limitParams,
  /** Analog value below its low limit. */
  'alarm.low': limitParams,
  /** Analog value rising faster than its limit per minute. */
  'alarm.rate': limitParams,
  /** Digital state change (breaker open/close, smoke, water, door, arc, charger fault, ...). */
  'alarm.digital': digitalParams,
  /** An inspection robot's reading above its rule's limit (robot readings go through the alarm rules). */
  'robot.overLimit': limitParams,
  /** A gateway silent past its heartbeat window: communication with the site lost. */
  'gateway.commLost': gatewayParams,
  /** An AI security detection (intrusion, no helmet, smoking, fire…) confirmed as real. */
  'ai.detected': aiParams,
  /** A gateway heard again after a communication loss. */
  'gateway.commRestored': gatewayParams,
  /** An expert's certificate expires within 30 days. */
  'expert.certificateExpiring': certificateParams,
  /** An inspection task past its window, unfinished. */
  'inspection.overdue': inspectionOverdueParams,
  /** A face terminal saw an unknown person during the site's night window. */
  'face.strangerAtNight': faceStrangerParams,
} as const;

export type EventMessageKey = keyof typeof eventMessageParams;
export const EVENT_MESSAGE_KEYS = Object.keys(eventMessageParams) as EventMessageKey[];
export const eventMessageKey = z.enum(EVENT_MESSAGE_KEYS as [EventMessageKey, ...EventMessageKey[]]);
export type EventMessageParams<K extends EventMessageKey = EventMessageKey> = z.infer<(typeof eventMessageParams)[K]>;

/** A key with its parameters, as the server builds it. */
export interface EventMessage<K extends EventMessageKey = EventMessageKey> {
  key: K;
  params: EventMessageParams<K>;
}

export const eventMessage = <K extends EventMessageKey>(key: K, params: EventMessageParams<K>): EventMessage<K> => ({ key, params });

/** A name in the language (English falls back to Chinese while no English name is set). */
export const inLang = (p: TextPair, lang: Lang) => (lang === 'en' ? p.en.trim() || p.zh.trim() : p.zh.trim());

/**
 * "<name><sep><rest>", or only `rest` when the name is empty (a gateway's own point has no device name): an
 * event text never starts with a space or a dangling ": ".
 */
const prefixed = (name: TextPair, lang: Lang, sep: string, rest: string) => {
  const n = inLang(name, lang);
  return n ? `${n}${sep}${rest}` : rest;
};

const ZH_PHASE = /^([ABC])相/;
const EN_PHASE = /\b[ABC]\b/;

/** A per-phase cause renamed after the phases of its group ("A相电流越限" → "A/B/C相电流越限", "Phase A" → "Phase A/B/C"). */
export function phaseCause(cause: TextPair, phases: readonly string[] | undefined): TextPair {
  if (!phases?.length) return cause;
  const joined = [...new Set(phases)].sort().join('/');
  return { zh: cause.zh.replace(ZH_PHASE, `${joined}相`), en: cause.en.replace(EN_PHASE, joined) };
}

/** A number as the point measures it: at most `precision` decimals, no trailing zeros. */
export const formatMeasured = (v: number, precision: number) => Number(v.toFixed(Math.max(0, Math.min(6, precision)))).toString();

type LimitParams = z.infer<typeof limitParams>;

function limitText(p: LimitParams, lang: Lang, perMinute: boolean): string {
  const v = formatMeasured(p.value, p.precision);
  const limit = formatMeasured(p.limit, p.precision);
  const rate = perMinute ? '/min' : '';
  const cause = phaseCause(p.cause, p.phases);
  if (lang === 'en') {
    const unit = p.unit ? ` ${p.unit}` : '';
    return prefixed(p.device, 'en', ': ', `${inLang(cause, 'en')} ${v}${unit} (limit ${limit}${unit}${rate})`);
  }
  return prefixed(p.device, 'zh', ' ', `${inLang(cause, 'zh')} ${v}${p.unit}（限值 ${limit}${p.unit}${rate}）`);
}

type Renderers = { [K in EventMessageKey]: (p: EventMessageParams<K>, lang: Lang) => string };

const sentences: Renderers = {
  'alarm.high': (p, lang) => limitText(p, lang, false),
  'alarm.low': (p, lang) => limitText(p, lang, false),
  'alarm.rate': (p, lang) => limitText(p, lang, true),
  // The robot's rules name the inspection item ("巡检…" / "Inspection: …"): the sentence reads like any limit's.
  'robot.overLimit': (p, lang) => limitText(p, lang, false),
  'alarm.digital': (p, lang) => {
    const cause = phaseCause(p.cause, p.phases);
    return prefixed(p.device, lang, lang === 'en' ? ': ' : ' ', inLang(cause, lang));
  },
  'gateway.commLost': (p, lang) => (lang === 'en' ? `Gateway ${p.gateway}: communication lost` : `网关 ${p.gateway} 通信中断`),
  'ai.detected': (p, lang) =>
    lang === 'en'
      ? prefixed(p.camera, 'en', ': ', `${inLang(p.kind, 'en')} (AI, ${Math.round(p.confidence * 100)}% confidence)`)
      : prefixed(p.camera, 'zh', ' ', `AI 识别：${inLang(p.kind, 'zh')}（置信度 ${Math.round(p.confidence * 100)}%）`),
  'gateway.commRestored': (p, lang) => (lang === 'en' ? `Gateway ${p.gateway}: communication restored` : `网关 ${p.gateway} 通信恢复`),
  'expert.certificateExpiring': (p, lang) =>
    lang === 'en'
      ? `Expert ${inLang(p.expert, 'en')}: certificate "${inLang(p.certificate, 'en')}" No. ${p.number} expires on ${p.expires} (in ${p.days} days)`
      : `专家 ${p.expert.zh} 的「${p.certificate.zh}」证书（编号 ${p.number}）将于 ${p.expires} 到期（剩 ${p.days} 天）`,
  'inspection.overdue': (p, lang) =>
    lang === 'en'
      ? `Inspection "${inLang(p.plan, 'en')}" of ${p.date} ${p.window} (${inLang(p.worker, 'en')}) is overdue`
      : `巡检「${p.plan.zh}」（${p.date} ${p.window}，${p.worker.zh}）已超时未完成`,
  'face.strangerAtNight': (p, lang) =>
    lang === 'en' ? prefixed(p.terminal, 'en', ': ', `stranger at the door at night (${p.time})`) : prefixed(p.terminal, 'zh', ' ', `夜间识别到陌生人（${p.time}）`),
};

const deviceAndCause = (p: { device: TextPair; cause: TextPair; phases?: string[] | undefined }, lang: Lang) => {
  const cause = phaseCause(p.cause, p.phases);
  return prefixed(p.device, lang, lang === 'en' ? ', ' : '，', inLang(cause, lang));
};

const spoken: Renderers = {
  'alarm.high': deviceAndCause,
  'alarm.low': deviceAndCause,
  'alarm.rate': deviceAndCause,
  'robot.overLimit': deviceAndCause,
  'alarm.digital': deviceAndCause,
  'gateway.commLost': (p, lang) => (lang === 'en' ? `Gateway ${p.gateway}, communication lost` : `网关 ${p.gateway}，通信中断`),
  'ai.detected': (p, lang) => prefixed(p.camera, lang, lang === 'en' ? ', ' : '，', inLang(p.kind, lang)),
  'gateway.commRestored': (p, lang) => (lang === 'en' ? `Gateway ${p.gateway}, communication restored` : `网关 ${p.gateway}，通信恢复`),
  'expert.certificateExpiring': (p, lang) =>
    lang === 'en' ? `Expert ${inLang(p.expert, 'en')}, certificate expiring` : `专家 ${p.expert.zh}，证书即将到期`,
  'inspection.overdue': (p, lang) => (lang === 'en' ? `Inspection ${inLang(p.plan, 'en')} overdue` : `巡检 ${p.plan.zh} 超时`),
  'face.strangerAtNight': (p, lang) => prefixed(p.terminal, lang, lang === 'en' ? ', ' : '，', lang === 'en' ? 'stranger at night' : '夜间陌生人'),
};

/** The event's sentence in the language. */
export function renderEventMessage<K extends EventMessageKey>(key: K, params: EventMessageParams<K>, lang: Lang): string {
  const render: Renderers[K] = sentences[key];
  return render(params, lang).trim();
}

/** The short text the voice alarm speaks (device and cause, no numbers), in the language. */
export function renderEventSpeech<K extends EventMessageKey>(key: K, params: EventMessageParams<K>, lang: Lang): string {
  const render: Renderers[K] = spoken[key];
  return render(params, lang).trim();
}

/** A stored key and parameters (from the database or an API answer), checked; null when unknown or malformed. */
export function parseEventMessage(key: string | null | undefined, params: unknown): EventMessage | null {
  if (!key || !(key in eventMessageParams)) return null;
  const k = key as EventMessageKey;
  const parsed = eventMessageParams[k].safeParse(params);
  return parsed.success ? ({ key: k, params: parsed.data } as EventMessage) : null;
}

/**
 * An event's text in the language: rendered from its key and parameters, or, for events stored before the
 * catalogue (no key), the stored text (`message`, already in the language it was asked in).
 */
export function eventText(e: { message: string; message_key?: string | null; message_params?: unknown }, lang: Lang): string {
  const m = parseEventMessage(e.message_key, e.message_params);
  return m ? renderEventMessage(m.key, m.params, lang) : e.message.trim();
}

/** The voice alarm's text of an event in the language, or null when it has no key. */
export function eventSpeech(e: { message_key?: string | null; message_params?: unknown }, lang: Lang): string | null {
  const m = parseEventMessage(e.message_key, e.message_params);
  return m ? renderEventSpeech(m.key, m.params, lang) : null;
}

/** Names of the two states of a digital point: breaker and door have their own, others are normal/alarm. */
export function digitalStateName(pointKey: string, state: number): TextPair {
  const on = Math.round(state) !== 0;
  if (pointKey === 'breaker') return on ? { zh: '合闸', en: 'closed' } : { zh: '分闸', en: 'open' };
  if (pointKey === 'door') return on ? { zh: '打开', en: 'open' } : { zh: '关闭', en: 'closed' };
  return on ? { zh: '告警', en: 'alarm' } : { zh: '正常', en: 'normal' };
}

/**
 * The text fields of an API answer from a stored row: the key and parameters when they are valid, and the
 * message in the request's language (rendered, or `stored` — the old row's text — when there is no key).
 */
export function eventMessageAnswer(
  key: string | null,
  params: unknown,
  lang: Lang,
  stored: string,
): { message: string; message_key: EventMessageKey | null; message_params: Record<string, unknown> | null } {
  const m = parseEventMessage(key, params);
  if (!m) return { message: stored.trim(), message_key: null, message_params: null };
  return { message: renderEventMessage(m.key, m.params, lang), message_key: m.key, message_params: { ...m.params } };
}

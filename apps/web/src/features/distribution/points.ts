import type { Quality, RealtimeResponse } from '@gridops/contract';

export type RtRoom = RealtimeResponse['rooms'][number];
export type RtDevice = RtRoom['devices'][number];
export type RtPoint = RtDevice['points'][number];

/** antd Tag colours of the three qualities: fresh is normal, stale a warning, offline an outage. */
export const QUALITY_COLOR: Record<Quality, string> = { fresh: 'green', stale: 'orange', offline: 'red' };

const RANK: Record<Quality, number> = { fresh: 0, stale: 1, offline: 2 };

/** The worst quality of a set (a device's or a card's values): one stale value makes the card stale. */
export function worstQuality(qs: readonly Quality[]): Quality {
  return qs.reduce<Quality>((w, q) => (RANK[q] > RANK[w] ? q : w), 'fresh');
}

/** What a 0/1 state means depends on the point: `distribution.state.<key>.<0|1>` labels, and a tone. */
export type Tone = 'normal' | 'alarm' | 'active' | 'idle' | 'unknown';

/** Digital points whose "1" is an alarm condition (water, smoke, fault arc, charger fault, door open). */
const ALARM_WHEN_ONE = new Set(['water', 'smoke', 'arc', 'fault', 'door']);
/** Digital points with their own wording; other digital points read 是/否 (yes/no). */
export const LABELLED_STATES = new Set(['breaker', 'water', 'smoke', 'arc', 'fault', 'door', 'status', 'charging', 'online']);

export interface DigitalState {
  /** i18n key of the label. */
  labelKey: string;
  tone: Tone;
}

/** The label and tone of a digital point's value; null value → unknown. */
export function digitalState(key: string, value: number | null): DigitalState {
  if (value === null) return { labelKey: 'distribution.state.unknown', tone: 'unknown' };
  const on = value >= 0.5 ? 1 : 0;
  const labelKey = LABELLED_STATES.has(key) ? `distribution.state.${key}.${on}` : `distribution.state.generic.${on}`;
  if (ALARM_WHEN_ONE.has(key)) return { labelKey, tone: on ? 'alarm' : 'normal' };
  if (key === 'breaker') return { labelKey, tone: on ? 'active' : 'idle' };
  return { labelKey, tone: on ? 'active' : 'idle' };
}

/**
 * Breaker colours, the Chinese convention: closed (energised) red, open green. Operators read red as
 * "live", so this is deliberately the opposite of a traffic light.
 */
export const BREAKER_COLOR = { closed: '#ff4d4f', open: '#52c41a', unknown: '#8c8c8c' } as const;

export const TONE_COLOR: Record<Tone, string> = {
  normal: 'green',
  alarm: 'red',
  active: 'blue',
  idle: 'default',
  unknown: 'default',
};

export const pointOf = (device: RtDevice | undefined, key: string): RtPoint | undefined => device?.points.find((p) => p.key === key);
export const valueOf = (device: RtDevice | undefined, key: string): number | null => pointOf(device, key)?.value ?? null;

/** Every device of a realtime answer, with its room. */
export function allDevices(rt: RealtimeResponse | undefined): { room: RtRoom; device: RtDevice }[] {
  return (rt?.rooms ?? []).flatMap((room) => room.devices.map((device) => ({ room, device })));
}

export const devicesOfKind = (rt: RealtimeResponse | undefined, kinds: readonly string[]) =>
  allDevices(rt).filter((d) => kinds.includes(d.device.kind));

/** Position of a value against its limit, for colouring: under 80 % normal, up to the limit a warning. */
export function limitLevel(value: number | null, limit: number): 'normal' | 'warning' | 'over' | 'unknown' {
  if (value === null || !Number.isFinite(value)) return 'unknown';
  if (value > limit) return 'over';
  if (value >= limit * 0.8) return 'warning';
  return 'normal';
}

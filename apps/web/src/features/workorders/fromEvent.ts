import { renderEventMessage, type EventItem, type EventMessageKey, type EventMessageParams, type WoPriority } from '@gridops/contract';
import type { WorkOrderPrefill } from './CreateWorkOrderForm';

/** Priority of an order raised from an event: level Ⅰ urgent … Ⅳ low; a fault is at least high. */
export function priorityOfEvent(e: Pick<EventItem, 'level' | 'event_type'>): WoPriority {
  const byLevel: WoPriority[] = ['urgent', 'urgent', 'high', 'normal', 'low'];
  const p = byLevel[e.level] ?? 'normal';
  return e.event_type === 3 && (p === 'normal' || p === 'low') ? 'high' : p;
}

/**
 * An order's description from its event: the device's name, then the message — without the name when the
 * message already starts with it (rendered event texts do: "电池管理系统BMS 单体过压 …"), so it is not said twice.
 */
export function eventDescription(deviceName: string | null | undefined, message: string): string {
  const name = (deviceName ?? '').trim();
  const text = message.trim();
  if (!name || text.startsWith(name)) return text;
  return `${name} ${text}`;
}

/** The create form prefilled from an event: its site, device, message (zh and en) and a priority. */
export function prefillFromEvent(e: EventItem): WorkOrderPrefill {
  const key = e.message_key as EventMessageKey | null | undefined;
  const params = (e.message_params ?? {}) as EventMessageParams<EventMessageKey>;
  const zh = key ? renderEventMessage(key, params, 'zh') : e.message;
  const en = key ? renderEventMessage(key, params, 'en') : '';
  return {
    project_id: e.project_id,
    source: { kind: 'event', ref: String(e.id) },
    device_id: e.device_id,
    title: zh.slice(0, 200),
    title_en: en.slice(0, 200),
    description: eventDescription(e.device_name, e.message).slice(0, 2000),
    priority: priorityOfEvent(e),
  };
}

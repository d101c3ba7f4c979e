import { eventSpeech, eventText, inLang, parseEventMessage } from '@gridops/contract';
import { useTranslation } from 'react-i18next';
import { currentLang, type Lang } from './index';

/** What the event renderers read of an event (an event list row, a pending notice, a live push). */
export interface KeyedEventText {
  message: string;
  message_key?: string | null;
  message_params?: unknown;
}

/** An event's sentence in the language: from its message key and parameters, or its stored text (old events). */
export const eventMessageIn = (e: KeyedEventText, lang: Lang = currentLang()) => eventText(e, lang);

/** The event's device name in the language when its parameters carry it, else the name the server answered. */
export function eventDeviceIn(e: { device_name: string; message_key?: string | null; message_params?: unknown }, lang: Lang = currentLang()): string {
  const m = parseEventMessage(e.message_key, e.message_params);
  return m && 'device' in m.params ? inLang(m.params.device, lang) : e.device_name;
}

/** The voice alarm's text of an event in the language, or null for events without a key. */
export const eventSpeechIn = (e: { message_key?: string | null; message_params?: unknown }, lang: Lang = currentLang()) => eventSpeech(e, lang);

/**
 * Event texts bound to the UI language: components using it re-render (and re-render their events) when the
 * language changes, with no new request.
 */
export function useEventText() {
  const { i18n } = useTranslation();
  const lang: Lang = i18n.language === 'en' ? 'en' : 'zh';
  return {
    lang,
    message: (e: KeyedEventText) => eventMessageIn(e, lang),
    device: (e: { device_name: string; message_key?: string | null; message_params?: unknown }) => eventDeviceIn(e, lang),
    /** A pending notice's event name (`event_title`), rendered like a list row's message. */
    notice: (n: { event_title: string; message_key?: string | null; message_params?: unknown }) =>
      eventMessageIn({ message: n.event_title, message_key: n.message_key ?? null, message_params: n.message_params }, lang),
  };
}

import { captureData, liveEventData, type CaptureData, type LiveEventData } from '@gridops/contract';
import { Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { onLive, onLiveReconnect, type LiveEnvelope } from '../../api/live';
import { session } from '../../session/store';
import { currentLang, t, type Lang } from '../../shared/i18n';
import { eventMessageIn, eventSpeechIn } from '../../shared/i18n/eventText';
import { speak } from '../../shared/speech';
import { feedback } from '../../shared/ui/feedback';
import { localText } from '../../shared/ui/localName';
import { refreshNotices } from '../notices/api';
import { useDictionary } from '../dictionary/store';

/** Spec §9: live-event pop-ups stay 10 s at the bottom right. */
const LIVE_NOTIFICATION_MS = 10_000;

const TYPE_COLOR: Record<number, string> = { 1: 'blue', 2: 'gold', 3: 'red' };

/** Alarm pop-ups only when level is not 1 (spec §4); messages and faults always. */
export const shouldPopUp = (d: LiveEventData) => !(d.type === 2 && d.level === 1);

/** The pushed event's title and sentence in the language: from its message key, else the texts it carries. */
export function liveEventText(d: LiveEventData, lang: Lang) {
  const en = lang === 'en';
  const title = (en && d.title_en) || d.title;
  const stored = (en && d.msg_en) || d.msg;
  return { title, msg: eventMessageIn({ message: stored, message_key: d.message_key ?? null, message_params: d.message_params }, lang) };
}

/**
 * What the voice alarm says in the UI language: the site and the device and cause from the message key, or
 * (pushes without a key) the server's spoken text in Chinese and the English sentence in English.
 */
export function liveEventSpeech(d: LiveEventData, lang: Lang): string {
  const { title, msg } = liveEventText(d, lang);
  const spoken = eventSpeechIn({ message_key: d.message_key ?? null, message_params: d.message_params }, lang);
  if (spoken) return lang === 'en' ? `${title}, ${spoken}` : `${title}，${spoken}`;
  return lang === 'en' ? msg : d.audio || msg;
}

/** The pop-up's title and text follow the UI language while it is shown (a switch re-renders them). */
function LiveEventTitle({ d }: { d: LiveEventData }) {
  const { i18n } = useTranslation();
  const dict = useDictionary();
  const { title } = liveEventText(d, i18n.language === 'en' ? 'en' : 'zh');
  return (
    <Space size={6} wrap>
      <Tag color={TYPE_COLOR[d.type]}>{dict.label('eventType', d.type)}</Tag>
      <Tag>{dict.label('alarmLevel', d.level)}</Tag>
      <span>{title}</span>
    </Space>
  );
}

function LiveEventMessage({ d }: { d: LiveEventData }) {
  const { i18n } = useTranslation();
  return <>{liveEventText(d, i18n.language === 'en' ? 'en' : 'zh').msg}</>;
}

function showEvent(d: LiveEventData) {
  const api = feedback.notification();
  if (!api || !shouldPopUp(d)) return;
  const kind = d.type === 3 ? 'error' : d.type === 2 ? 'warning' : 'info';
  api[kind]({
    key: d.event_id ? `event-${d.event_id}` : undefined,
    title: <LiveEventTitle d={d} />,
    description: <LiveEventMessage d={d} />,
    placement: 'bottomRight',
    duration: LIVE_NOTIFICATION_MS / 1000,
    className: 'live-event-notification',
  });
}

function showCapture(d: CaptureData) {
  const lang = currentLang();
  const msg = localText(d.msg, d.msg_en, lang);
  feedback.notification()?.info({
    title: `${t('alerts.capture')} · ${localText(d.title, d.title_en, lang)}`,
    description: (
      <div>
        <div style={{ marginBottom: 8 }}>{msg}</div>
        <img src={d.img} alt={msg} style={{ maxWidth: '100%', borderRadius: 4 }} />
      </div>
    ),
    placement: 'bottomRight',
    duration: LIVE_NOTIFICATION_MS / 1000,
  });
}

export function handleLive(m: LiveEnvelope) {
  if (m.command === 'event') {
    const d = liveEventData.safeParse(m.data);
    if (!d.success) return console.warn('[live] bad event payload', d.error.issues);
    showEvent(d.data);
    void refreshNotices();
    // Voice for alarms and faults only; plain messages stay silent.
    if (session().voiceOn && d.data.type !== 1) {
      speak(liveEventSpeech(d.data, currentLang()), currentLang());
    }
  } else if (m.command === 'capture') {
    const d = captureData.safeParse(m.data);
    if (d.success) showCapture(d.data);
  }
}

/** Wires the live client to the shell's reactions; returns the remover. */
export function installLiveAlerts(): () => void {
  const offLive = onLive(handleLive);
  const offReconnect = onLiveReconnect(() => void refreshNotices());
  return () => {
    offLive();
    offReconnect();
  };
}

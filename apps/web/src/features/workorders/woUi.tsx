import { formatCountdown, slaClock, type SlaPart, type WorkOrder, type WoTimelineEntry } from '@gridops/contract';
import { formatInZone } from '@gridops/format';
import { Tag, Timeline, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { localText } from '../../shared/ui/localName';
import { useNow } from '../../shared/ui/useNow';

export const PRIORITY_COLOR: Record<string, string> = { urgent: 'red', high: 'orange', normal: 'blue', low: 'default' };
export const STATE_COLOR: Record<string, string> = { created: 'default', assigned: 'gold', accepted: 'cyan', onsite: 'processing', resolved: 'purple', verified: 'green', closed: 'default' };

/** Localised texts of an order (title, site, assignee) in the current language. */
export function useWoText() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  return {
    title: (o: Pick<WorkOrder, 'title' | 'title_en'>) => localText(o.title, o.title_en, lang),
    site: (o: Pick<WorkOrder, 'project_name' | 'project_name_en'>) => localText(o.project_name, o.project_name_en, lang),
    device: (o: Pick<WorkOrder, 'device_name' | 'device_name_en'>) => (o.device_name ? localText(o.device_name, o.device_name_en, lang) : ''),
    assignee: (o: Pick<WorkOrder, 'assignee_name' | 'assignee_name_en' | 'assignee_kind'>) =>
      o.assignee_name ? `${localText(o.assignee_name, o.assignee_name_en, lang)}${o.assignee_kind === 'expert' ? ` (${t('workorders.expert')})` : ''}` : t('workorders.assigneeNone'),
    /** A time on the site's clock. */
    time: (o: Pick<WorkOrder, 'timezone'>, at: string | null) => (at ? formatInZone(Date.parse(at), o.timezone, 'YYYY-MM-DD HH:mm') : '-'),
  };
}

export function PriorityTag({ priority }: { priority: string }) {
  const { t } = useTranslation();
  return (
    <Tag color={PRIORITY_COLOR[priority]} data-testid="wo-priority">
      {t(`workorders.priorities.${priority}`)}
    </Tag>
  );
}

export function StateTag({ state }: { state: string }) {
  const { t } = useTranslation();
  return (
    <Tag color={STATE_COLOR[state]} data-testid="wo-state" data-state={state}>
      {t(`workorders.states.${state}`)}
    </Tag>
  );
}


function PartText({ part, label }: { part: SlaPart; label: string }) {
  const { t } = useTranslation();
  if (part.remainingMs === null) {
    return <Typography.Text type={part.breached ? 'danger' : 'success'}>{`${label} ${t(part.breached ? 'workorders.metLate' : 'workorders.metOnTime')}`}</Typography.Text>;
  }
  const text = part.remainingMs < 0 ? t('workorders.overdueBy', { t: formatCountdown(-part.remainingMs) }) : t('workorders.left', { t: formatCountdown(part.remainingMs) });
  return <Typography.Text type={part.remainingMs < 0 ? 'danger' : part.remainingMs < 15 * 60_000 ? 'warning' : undefined}>{`${label} ${text}`}</Typography.Text>;
}

/** The SLA countdowns of an order: respond until accepted, resolve until resolved; nothing once closed. */
export function SlaCountdown({ order, compact = false }: { order: WorkOrder; compact?: boolean }) {
  const { t } = useTranslation();
  const now = useNow();
  if (order.state === 'closed') return null;
  const c = slaClock(order, now);
  const parts = [
    ...(order.accepted_at === null || !compact ? [<PartText key="r" part={c.respond} label={t('workorders.respond')} />] : []),
    <PartText key="s" part={c.resolve} label={t('workorders.resolve')} />,
  ];
  return (
    <span data-testid="wo-sla" data-overdue={c.overdue ? 'true' : 'false'} style={{ display: 'inline-flex', gap: 12, flexWrap: 'wrap' }}>
      {parts}
    </span>
  );
}

/** The order's timeline: what, who and when (site clock), with reasons and notes. */
export function WoTimeline({ order, entries }: { order: WorkOrder; entries: WoTimelineEntry[] }) {
  const { t, i18n } = useTranslation();
  const text = useWoText();
  return (
    <Timeline
      data-testid="wo-timeline"
      items={entries.map((e, i) => {
        const who = e.user_name ? localText(e.user_name, e.user_name_en, i18n.language) : '';
        // A breach names its deadline; an assignment names the assignee as "中文|English".
        const note =
          e.action === 'breach'
            ? t(`workorders.breachNote.${e.note === 'resolve' ? 'resolve' : 'respond'}`)
            : e.action === 'assign' && e.note.includes('|')
              ? localText(e.note.split('|')[0], e.note.split('|')[1], i18n.language)
              : e.note;
        return {
          key: i,
          color: e.action === 'breach' || e.action === 'reject' || e.action === 'decline' ? 'red' : e.action === 'close' ? 'gray' : 'blue',
          content: (
            <div data-testid="wo-timeline-entry" data-action={e.action}>
              <b>{t(`workorders.actions.${e.action}`)}</b>
              {who && <span style={{ marginLeft: 8 }}>{who}</span>}
              <div style={{ opacity: 0.65, fontSize: 12 }}>{text.time(order, e.at)}</div>
              {note && <div style={{ whiteSpace: 'pre-wrap' }}>{note}</div>}
            </div>
          ),
        };
      })}
    />
  );
}

/** A map link to the site (the project's coordinates): opens the phone's map app or the web map. */
export const mapLink = (o: Pick<WorkOrder, 'latitude' | 'longitude' | 'project_name'>) =>
  `https://uri.amap.com/marker?position=${o.longitude},${o.latitude}&name=${encodeURIComponent(o.project_name)}&coordinate=wgs84&callnative=1`;

import type { EventItem } from '@gridops/contract';
import { Alert, Card, Descriptions, Drawer, Empty, Skeleton, Tag, Timeline } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { Chart, buildTimeSeriesOption, useChartLocale } from '../../shared/charts';
import { eventCurveInput, eventCurveState } from './eventCurveChart';
import { useFormat } from '../../shared/format';
import { localText } from '../../shared/ui/localName';
import { useEventText } from '../../shared/i18n/eventText';
import { useEventCurve, useEventLog } from './api';
import type { EventCurve } from './api';
import { EventActions } from './EventActions';
import { eventReading } from './eventReading';
import { useDictionary } from '../dictionary/store';
import { EventMedia } from '../video/EventMedia';

/** `answeredAt`: when the curve arrived; after it the window is still to come, not missing. */
function CurveChart({ curve, event, answeredAt }: { curve: EventCurve; event: EventItem; answeredAt: number }) {
  const { t } = useTranslation();
  const locale = useChartLocale();
  const input = useMemo(
    () => eventCurveInput(curve, event, { limit: t('events.limit'), eventSpan: t('events.eventSpan'), noData: t('events.noData') }, answeredAt),
    [curve, event, t, answeredAt],
  );
  const option = useMemo(() => {
    const option = buildTimeSeriesOption(input, locale);
    // The axis spans the whole ±1 h window, so the event sits where it happened even when data is missing.
    const xAxis = Array.isArray(option.xAxis) ? option.xAxis[0] : option.xAxis;
    return { ...option, xAxis: { ...xAxis, min: Date.parse(curve.from), max: Date.parse(curve.to) } };
  }, [input, curve, locale]);
  const gaps = (input.markAreas?.length ?? 1) - 1;
  return (
    <div data-testid="event-curve-chart" data-gaps={gaps}>
      <Chart option={option} height={280} ariaLabel={t('events.curve')} />
      {gaps > 0 && <div style={{ opacity: 0.65, fontSize: 12 }} data-testid="event-curve-gaps">{t('events.curveGaps')}</div>}
    </div>
  );
}

/**
 * The event's numbers: a digital state change (合闸→分闸), or the value against its limit with unit. Returned
 * as an array of items because Descriptions reads its direct children's props (a wrapper component would not do).
 */
function readingItems(event: EventItem, t: TFunction, f: ReturnType<typeof useFormat>) {
  const reading = eventReading(event);
  if (reading.kind === 'state') {
    return [
      <Descriptions.Item key="state" label={t('events.stateChange')} span={2}>
        <span data-testid="event-state-change">{`${t(reading.from)} → ${t(reading.to)}`}</span>
      </Descriptions.Item>,
    ];
  }
  const unit = reading.kind === 'value' && reading.unit ? ` ${reading.unit}` : '';
  const perMinute = reading.kind === 'value' && reading.perMinute ? '/min' : '';
  const show = (v: number | null, suffix = '') => (v === null ? '-' : `${f.number(v, 2)}${unit}${suffix}`);
  return [
    <Descriptions.Item key="value" label={t('events.value')}>
      <span data-testid="event-value">{show(reading.kind === 'value' ? reading.value : null, perMinute)}</span>
    </Descriptions.Item>,
    <Descriptions.Item key="limit" label={t('events.limit')}>
      <span data-testid="event-limit">{show(reading.kind === 'value' ? reading.limit : null, perMinute)}</span>
    </Descriptions.Item>,
  ];
}

/** One event: its fields, the actions still open, its snapshot and room camera, the point's curve ±1 h and the audit log. */
export function EventDrawer({ event, onClose }: { event: EventItem | null; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const dict = useDictionary();
  const f = useFormat();
  const text = useEventText();
  const id = event?.id ?? null;
  const log = useEventLog(id);
  const curve = useEventCurve(id);

  return (
    <Drawer open={event !== null} onClose={onClose} size={720} title={event ? `#${event.id} ${text.device(event)}` : ''} data-testid="event-drawer" destroyOnHidden>
      {event && (
        <>
          <Descriptions column={2} size="small" bordered>
            <Descriptions.Item label={t('events.site')}>{event.project_name}</Descriptions.Item>
            <Descriptions.Item label={t('events.device')}>{text.device(event)}</Descriptions.Item>
            <Descriptions.Item label={t('events.type')}>{dict.label('eventType', event.event_type)}</Descriptions.Item>
            <Descriptions.Item label={t('events.level')}>{dict.label('alarmLevel', event.level)}</Descriptions.Item>
            <Descriptions.Item label={t('events.status')}>
              <Tag data-testid="drawer-status">{t(`events.statuses.${event.status}`)}</Tag>
              {event.active && <Tag color="red">{t('events.activeNow')}</Tag>}
            </Descriptions.Item>
            <Descriptions.Item label={t('events.time')}>{f.siteTime(event.raised_at, event.project_id)}</Descriptions.Item>
            {readingItems(event, t, f)}
            {event.phases.length > 0 && (
              <Descriptions.Item label={t('events.phases')} span={2}>
                <span data-testid="event-phases">{t('events.phaseList', { phases: event.phases.join('/') })}</span>
              </Descriptions.Item>
            )}
            <Descriptions.Item label={t('events.clearedAt')}>{f.siteTime(event.cleared_at, event.project_id)}</Descriptions.Item>
            <Descriptions.Item label={t('events.handledAt')}>{f.siteTime(event.handled_at, event.project_id)}</Descriptions.Item>
            <Descriptions.Item label={t('events.message')} span={2}>
              <span data-testid="drawer-message">{text.message(event)}</span>
            </Descriptions.Item>
            {event.handle_note && (
              <Descriptions.Item label={t('events.note')} span={2}>
                {event.handle_note}
              </Descriptions.Item>
            )}
          </Descriptions>
          <div style={{ margin: '12px 0' }}>
            <EventActions event={event} size="middle" />
          </div>
          <div style={{ marginBottom: 12 }}>
            <EventMedia eventId={event.id} />
          </div>
          <Card size="small" title={t('events.curve')} style={{ marginBottom: 12 }} data-testid="event-curve">
            {curve.isLoading ? (
              <Skeleton active />
            ) : curve.error ? (
              <Alert type="error" showIcon title={t('common.loadFailed')} />
            ) : eventCurveState(curve.data) !== 'curve' ? (
              <Empty description={<span data-testid="event-curve-empty">{t(eventCurveState(curve.data) === 'noPoint' ? 'events.noCurve' : 'events.noCurveData')}</span>} />
            ) : (
              curve.data && <CurveChart curve={curve.data} event={event} answeredAt={curve.dataUpdatedAt} />
            )}
          </Card>
          <Card size="small" title={t('events.log')} data-testid="event-log">
            {log.isLoading ? (
              <Skeleton active />
            ) : !log.data?.length ? (
              <Empty description={t('events.noLog')} />
            ) : (
              <Timeline
                items={log.data.map((l) => ({
                  content: (
                    <span>
                      <b>{t(`events.logActions.${l.action}`, { defaultValue: l.action })}</b> · {f.siteTime(l.at, event.project_id)}
                      {l.user_name ? ` · ${localText(l.user_name, l.user_name_en, i18n.language)}` : ''}
                      {l.note ? <div style={{ opacity: 0.75 }}>{l.note}</div> : null}
                    </span>
                  ),
                }))}
              />
            )}
          </Card>
        </>
      )}
    </Drawer>
  );
}

import { eventMessage, type EventItem, type LiveEventData } from '@gridops/contract';
import { act, screen, waitFor } from '@testing-library/react';
import i18n from 'i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { expectTexts, mockApi, renderPage, resetHarness } from '../../test/harness';
import { handleLive, liveEventSpeech, liveEventText } from '../alerts/liveAlerts';
import { PendingDialog } from '../notices/PendingDialog';
import { EventDrawer } from './EventDrawer';
import { eventExportColumns } from './eventFilters';
import { EventTable } from './EventTable';

const CJK = /[\u3400-\u9fff]/;

// An event raised live: the server answered it in Chinese (the page was loaded in Chinese), with its key.
const trip = eventMessage('alarm.digital', {
  device: { zh: '4#电梯回路', en: 'Feeder 4 (lifts)' },
  cause: { zh: '断路器分闸', en: 'Breaker open' },
  from: { zh: '合闸', en: 'closed' },
  to: { zh: '分闸', en: 'open' },
});
const live: EventItem = {
  id: 51,
  project_id: 1,
  project_name: '苏州工业园光储充站',
  device_id: 7,
  device_name: '4#电梯回路',
  point_id: 70,
  event_type: 3,
  level: 3,
  status: 'pending',
  active: true,
  message: '4#电梯回路 断路器分闸',
  message_key: trip.key,
  message_params: trip.params,
  value: 0,
  limit_value: null,
  rule_kind: 'digital',
  unit: '',
  point_key: 'breaker',
  state_from: 1,
  phases: [],
  raised_at: '2026-11-23T10:00:00.000Z',
  cleared_at: null,
  acknowledged_at: null,
  handled_at: null,
  handle_note: null,
  closed_at: null,
};
// The same event as pushed live (with the texts an older console would read).
const push: LiveEventData = {
  type: 3,
  level: 3,
  title: '苏州工业园光储充站',
  title_en: 'Suzhou PV-storage-charging station',
  msg: '4#电梯回路 断路器分闸',
  msg_en: 'Feeder 4 (lifts): Breaker open',
  audio: '苏州工业园光储充站，4#电梯回路，断路器分闸',
  message_key: trip.key,
  message_params: trip.params,
};
// An event stored before the catalogue: no key, its text as the server answered it.
const old: EventItem = { ...live, id: 52, message: 'Old event text', message_key: null, message_params: null };

describe('event texts render in the UI language from their message key', { timeout: 60_000 }, () => {
  afterEach(resetHarness);

  it('en: a live event reads in English in the list, with no CJK; an old event keeps its text', async () => {
    await renderPage(<EventTable rows={[live, old]} />, { lang: 'en' });
    await expectTexts('Feeder 4 (lifts): Breaker open', 'Old event text');
    const [keyed] = screen.getAllByTestId('event-message');
    expect(keyed!.textContent).toBe('Feeder 4 (lifts): Breaker open');
    expect(screen.getByTestId('event-row-51').textContent).not.toMatch(CJK);
  });

  it('switching the language re-renders the same rows without a new request', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    await renderPage(<EventTable rows={[live]} />, { lang: 'zh' });
    await expectTexts('4#电梯回路 断路器分闸');
    await act(async () => {
      await i18n.changeLanguage('en');
    });
    await waitFor(() => expect(screen.getByTestId('event-message').textContent).toBe('Feeder 4 (lifts): Breaker open'));
    expect(fetch).not.toHaveBeenCalled();
  });

  it('en: the detail drawer names the device and the event in English', async () => {
    mockApi({ '/api/v6/event/51/log': [], '/api/v6/event/51/curve': { from: live.raised_at, to: live.raised_at, limit_value: null, series: [] } });
    await renderPage(<EventDrawer event={live} onClose={() => {}} />, { lang: 'en' });
    await expectTexts('#51 Feeder 4 (lifts)');
    expect(screen.getByTestId('drawer-message').textContent).toBe('Feeder 4 (lifts): Breaker open');
  });

  it('en: the pending dialog lists the event in English', async () => {
    const notice = { id: 51, event_title: '4#电梯回路 断路器分闸', message_key: trip.key, message_params: trip.params, event_type: 3, level: 3, device_name: '4#电梯回路', created_at: live.raised_at };
    await renderPage(<PendingDialog open scope="site" list={[notice]} onDismiss={() => {}} onHandleSite={() => {}} onHandleEvent={() => {}} />, { lang: 'en' });
    await expectTexts('Feeder 4 (lifts): Breaker open');
  });

  it('the export writes messages and devices in the language asked', () => {
    const t = (k: string) => k;
    const cell = (lang: 'zh' | 'en', key: string) => {
      const col = eventExportColumns(t, false, lang).find((c) => c.key === key)!;
      return typeof col.format === 'function' ? col.format(live[key as keyof EventItem], live) : null;
    };
    expect(cell('en', 'message')).toBe('Feeder 4 (lifts): Breaker open');
    expect(cell('en', 'device_name')).toBe('Feeder 4 (lifts)');
    expect(cell('zh', 'message')).toBe('4#电梯回路 断路器分闸');
  });

  it('a live pop-up reads the UI language and follows a language switch while it is shown', async () => {
    mockApi({ 'POST /api/v6/event/notice': { total: 1 }, 'POST /api/v6/event/noticeList': { total: 0, list: [] } });
    await renderPage(<div data-testid="page" />, { lang: 'zh' });
    act(() => handleLive({ topic: 'v1.1/client/1/9/message', command: 'event', data: { ...push, event_id: 51 } }));
    await waitFor(() => expect(document.querySelector('.live-event-notification')?.textContent).toContain('4#电梯回路 断路器分闸'));
    await act(async () => {
      await i18n.changeLanguage('en');
    });
    await waitFor(() => expect(document.querySelector('.live-event-notification')?.textContent).toContain('Feeder 4 (lifts): Breaker open'));
    expect(document.querySelector('.live-event-notification')?.textContent).not.toMatch(CJK);
  });

  it('the voice alarm and the pop-up of a push speak and read the UI language', () => {
    expect(liveEventSpeech(push, 'en')).toBe('Suzhou PV-storage-charging station, Feeder 4 (lifts), Breaker open');
    expect(liveEventSpeech(push, 'zh')).toBe('苏州工业园光储充站，4#电梯回路，断路器分闸');
    expect(liveEventText(push, 'en')).toEqual({ title: 'Suzhou PV-storage-charging station', msg: 'Feeder 4 (lifts): Breaker open' });
    // A push without a key (an older server): English speaks the English sentence, never the Chinese audio.
    const { message_key: _k, message_params: _p, ...plain } = push;
    expect(liveEventSpeech(plain, 'en')).toBe('Feeder 4 (lifts): Breaker open');
  });
});

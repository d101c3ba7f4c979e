import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { UserInfo } from '@gridops/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../test/setupI18n';
import { initialSession, useSession } from '../../session/store';
import { PendingDialogHost } from './PendingDialogHost';
import { PENDING_MUTED_KEY } from './pendingMuted';
import { SEEN_STORAGE_KEY } from './pendingSeen';

const event = (id: number) => ({ id, event_title: `事件 ${id}`, event_type: 2, level: 3, device_name: 'BMS', created_at: '2026-11-23T00:00:00Z' });
const user = (id: number) => ({ id }) as UserInfo;
const dialogOpen = () => document.querySelector('.pending-dialog') !== null && screen.queryByTestId('pending-later') !== null;

describe('pending dialog host: what was seen survives a reload', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('zh');
    window.sessionStorage.clear();
    useSession.setState({ ...initialSession, userInfo: user(7), noticeScope: 'site', noticeList: [event(1), event(2)] });
  });
  afterEach(() => cleanup());

  it('a dismissed list stays closed in a new shell of the same browser session, and re-opens for a new event', async () => {
    render(<PendingDialogHost />);
    expect(dialogOpen()).toBe(true);
    fireEvent.click(screen.getByTestId('pending-later'));
    expect(JSON.parse(window.sessionStorage.getItem(SEEN_STORAGE_KEY) ?? 'null')).toMatchObject({ userId: 7, scope: 'site', events: [1, 2] });
    cleanup();

    // A reload: the shell starts again with the same session; the same pending list is not shown again.
    render(<PendingDialogHost />);
    expect(screen.queryByTestId('pending-later')).toBeNull();

    await act(async () => useSession.setState({ noticeList: [event(3), event(1), event(2)] }));
    expect(dialogOpen()).toBe(true);
  });

  it('another user logging in to the same tab starts with nothing seen', () => {
    window.sessionStorage.setItem(SEEN_STORAGE_KEY, JSON.stringify({ userId: 8, scope: 'site', events: [1, 2], sites: [] }));
    render(<PendingDialogHost />);
    expect(dialogOpen()).toBe(true);
  });

  it('"don\'t pop up again this session" keeps it closed for new events, for that user only', async () => {
    render(<PendingDialogHost />);
    // antd puts the test id on the checkbox's input; its label is the enclosing <label>.
    expect(screen.getByTestId('pending-mute').closest('label')?.textContent).toBe('本次会话不再自动弹出');
    fireEvent.click(screen.getByTestId('pending-mute'));
    fireEvent.click(screen.getByTestId('pending-later'));
    expect(window.sessionStorage.getItem(PENDING_MUTED_KEY)).toBe('7');
    cleanup();

    // Also after a reload (a closed antd modal stays in the DOM while it animates out, so start a new shell).
    render(<PendingDialogHost />);
    await act(async () => useSession.setState({ noticeList: [event(3), event(1), event(2)] }));
    expect(dialogOpen()).toBe(false);

    // Another user in the same tab is not muted.
    await act(async () => useSession.setState({ userInfo: user(8), noticeList: [event(4)] }));
    expect(dialogOpen()).toBe(true);
  });
});

describe('pending dialog host: one dialog at login, not two in a row', () => {
  const site = (id: number, total: number) => ({ id, title: `站点 ${id}`, total });
  beforeEach(async () => {
    await i18n.changeLanguage('zh');
    window.sessionStorage.clear();
    // A centre user just logged in: no site selected, the organisation's list of sites with pending events.
    useSession.setState({ ...initialSession, userInfo: user(7), proID: null, noticeScope: 'org', noticeList: [site(5, 2)] });
  });
  afterEach(() => cleanup());

  it('opening the site shown in the organisation list does not open its events as a second dialog', async () => {
    render(<PendingDialogHost />);
    expect(screen.queryByTestId('pending-acknowledged')).not.toBeNull();
    fireEvent.click(screen.getByTestId('pending-acknowledged'));
    cleanup();
    render(<PendingDialogHost />);

    // The site is selected (立即处理, or its station card): its two events arrive in site scope.
    await act(async () => useSession.setState({ proID: 5, noticeScope: 'site', noticeList: [event(1), event(2)] }));
    expect(dialogOpen()).toBe(false);
    expect(JSON.parse(window.sessionStorage.getItem(SEEN_STORAGE_KEY) ?? 'null')).toMatchObject({ scope: 'site', events: [1, 2] });

    // A new event in that site still opens it.
    await act(async () => useSession.setState({ noticeList: [event(3), event(1), event(2)] }));
    expect(dialogOpen()).toBe(true);
  });

  it('a site with more events than the organisation list showed opens the dialog', async () => {
    render(<PendingDialogHost />);
    fireEvent.click(screen.getByTestId('pending-acknowledged'));
    cleanup();
    render(<PendingDialogHost />);
    await act(async () => useSession.setState({ proID: 5, noticeScope: 'site', noticeList: [event(1), event(2), event(4)] }));
    expect(dialogOpen()).toBe(true);
  });

  it('another site than the ones shown opens the dialog', async () => {
    render(<PendingDialogHost />);
    fireEvent.click(screen.getByTestId('pending-acknowledged'));
    cleanup();
    render(<PendingDialogHost />);
    await act(async () => useSession.setState({ proID: 6, noticeScope: 'site', noticeList: [event(1)] }));
    expect(dialogOpen()).toBe(true);
  });
});

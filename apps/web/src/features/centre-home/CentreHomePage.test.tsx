import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../test/setupI18n';
import { envelope, testOrgTree } from '../../test/orgFixture';
import { initialSession, useSession } from '../../session/store';
import { dispatchPayload } from '../../api/liveWire';
import { CentreHomePage } from './CentreHomePage';
import { centreKpiFixture } from '../../test/fixtures/kpi';

describe('centre home follows live events', { timeout: 30_000 }, () => {
  let pendingHefei = 0;
  beforeEach(async () => {
    await i18n.changeLanguage('zh');
    pendingHefei = 0;
    useSession.setState({ ...initialSession, token: 'tok', userType: 0, organID: 1, baseURL: 'http://api.test' });
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string) => {
        if (url.endsWith('/api/v6/org/tree')) return Promise.resolve(envelope(testOrgTree));
        if (url.endsWith('/api/v6/index/centreKpi')) return Promise.resolve(envelope(centreKpiFixture));
        // Every site has devices: no set-up panel.
        if (url.endsWith('/api/v6/checklist/all')) return Promise.resolve(envelope({ sites: [], site_count: 3 }));
        const list = [{ id: 3, title: '苏州工业园光储充站', total: 10 }, ...(pendingHefei ? [{ id: 5, title: '合肥园区配电站', total: pendingHefei }] : [])];
        return Promise.resolve(envelope({ total: list.reduce((s, n) => s + n.total, 0), list }));
      }),
    );
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('a pushed event re-reads the pending counts: the total and the site that got it change at once', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <CentreHomePage />
      </QueryClientProvider>,
    );
    await waitFor(() => expect(screen.getByTestId('stat-pending').textContent).toContain('10'));
    expect(screen.getByTestId('station-5').textContent).toContain('无待处理');

    pendingHefei = 1;
    await act(async () => dispatchPayload('v1.1/client/1/9/message', JSON.stringify({ command: 'event', data: { event_id: 99 } })));
    await waitFor(() => expect(screen.getByTestId('stat-pending').textContent).toContain('11'));
    expect(screen.getByTestId('station-5').textContent).toContain('1');
    expect(screen.getByTestId('station-5').textContent).not.toContain('无待处理');
  });
});

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, waitFor } from '@testing-library/react';
import type { UserInfo } from '@gridops/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../test/setupI18n';
import { envelope, testOrgTree } from '../../test/orgFixture';
import { initialSession, useSession } from '../../session/store';
import { feedback } from '../../shared/ui/feedback';
import { SiteSelector } from './SiteSelector';

function renderSelector() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <SiteSelector />
    </QueryClientProvider>,
  );
}

describe('a proid the user may not see', () => {
  beforeEach(() => {
    vi.stubGlobal('fetch', vi.fn(() => Promise.resolve(envelope(testOrgTree))));
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('is said (zh) and replaced by the user’s own site; the selector never shows "pro-2"', async () => {
    await i18n.changeLanguage('zh');
    const warn = vi.spyOn(feedback, 'warning').mockImplementation(() => undefined);
    useSession.setState({ ...initialSession, token: 'tok', userType: 1, proID: 2, userInfo: { id: 4, project_id: 5, project_ids: [5] } as UserInfo });
    renderSelector();
    await waitFor(() => expect(useSession.getState().proID).toBe(5));
    expect(useSession.getState().proInfo?.name).toBe('合肥园区配电站');
    expect(warn).toHaveBeenCalledWith('您无权查看站点 #2，已切换到 合肥园区配电站');
    await waitFor(() => expect(document.querySelector('[data-testid="site-selector"]')?.textContent).toContain('合肥园区配电站'));
    expect(document.body.textContent).not.toContain('pro-2');
  });

  it('in English, a centre user falls back to the first site of the tree', async () => {
    await i18n.changeLanguage('en');
    const warn = vi.spyOn(feedback, 'warning').mockImplementation(() => undefined);
    useSession.setState({ ...initialSession, token: 'tok', userType: 0, proID: 2, userInfo: { id: 1, project_id: null, project_ids: [] } as unknown as UserInfo });
    renderSelector();
    await waitFor(() => expect(useSession.getState().proID).toBe(3));
    expect(warn).toHaveBeenCalledWith('You may not see site #2; showing Suzhou PV-storage-charging station instead');
  });

  it('a visible project stays as it is, without a word', async () => {
    const warn = vi.spyOn(feedback, 'warning').mockImplementation(() => undefined);
    useSession.setState({ ...initialSession, token: 'tok', userType: 0, proID: 5, userInfo: null });
    renderSelector();
    await waitFor(() => expect(useSession.getState().proInfo?.id).toBe(5));
    expect(warn).not.toHaveBeenCalled();
  });
});

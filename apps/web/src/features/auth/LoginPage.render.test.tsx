import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { mockApi, renderPage, resetHarness } from '../../test/harness';
import { LoginPage } from './LoginPage';

describe('login page', { timeout: 60_000 }, () => {
  afterEach(resetHarness);

  it('renders the form in zh and en without calling the API', async () => {
    const api = mockApi({});
    await renderPage(<LoginPage />, { session: {} });
    expect((await screen.findByTestId('login-submit')).textContent).toMatch(/登\s*录/);
    resetHarness();
    await renderPage(<LoginPage />, { session: {}, lang: 'en' });
    expect((await screen.findByTestId('login-submit')).textContent).toMatch(/Log in/i);
    expect(api.calls).toEqual([]);
  });
});

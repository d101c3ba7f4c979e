import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../test/setupI18n';
import { defaultConfig, loadConfig } from '../../api/config';
import { DEMO_HINT_DISMISSED_KEY, LoginPage } from './LoginPage';

async function serverConfig(demoSeed: boolean) {
  vi.stubGlobal('fetch', vi.fn(() => Promise.resolve(new Response(JSON.stringify({ ...defaultConfig, demoSeed })))));
  await loadConfig();
}
const renderLogin = () =>
  render(
    <MemoryRouter>
      <LoginPage />
    </MemoryRouter>,
  );

describe('login page: demo accounts', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('zh');
    window.localStorage.clear();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('are not printed by a server without the demo seed', async () => {
    await serverConfig(false);
    renderLogin();
    expect(screen.getByTestId('login-page').textContent).not.toContain('demo1234');
    expect(screen.queryByTestId('demo-hint')).toBeNull();
  });

  it('are offered by a demo server in a hint that, once closed, stays closed', async () => {
    await serverConfig(true);
    renderLogin();
    expect(screen.getByTestId('demo-hint').textContent).toContain('centre / site / worker，密码 demo1234');
    fireEvent.click(screen.getByRole('button', { name: '关闭演示账号提示' }));
    expect(screen.queryByTestId('demo-hint')).toBeNull();
    expect(window.localStorage.getItem(DEMO_HINT_DISMISSED_KEY)).toBe('1');
    cleanup();
    renderLogin();
    expect(screen.queryByTestId('demo-hint')).toBeNull();
  });
});

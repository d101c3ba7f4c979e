import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { setSessionInvalidHandler } from './api/http';
import { AppRoot } from './app/AppRoot';
import { loadConfig } from './api/config';
import { installEngineListener } from './app/engine/engineMessages';
import { bundles } from './app/i18nResources';
import { createAppRouter } from './app/router';
import { logout } from './session/actions';
import { initI18n } from './shared/i18n';
import './app/styles.css';

async function boot() {
  initI18n(bundles);
  // The engine host may talk before config arrives; the listener only touches the store.
  installEngineListener();
  setSessionInvalidHandler(() => logout({ callServer: false }));
  await loadConfig();
  createAppRouter();
  const el = document.getElementById('root');
  if (!el) throw new Error('#root missing');
  createRoot(el).render(
    <StrictMode>
      <AppRoot />
    </StrictMode>,
  );
}

void boot();

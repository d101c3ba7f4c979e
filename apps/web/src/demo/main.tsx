import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Providers } from '../app/Providers';
import { bundles } from '../app/i18nResources';
import { initI18n } from '../shared/i18n';
import '../app/styles.css';
import { SharedBlocksDemo } from './SharedBlocksDemo';

initI18n(bundles);
const el = document.getElementById('root');
if (!el) throw new Error('#root missing');
createRoot(el).render(
  <StrictMode>
    <Providers>
      <SharedBlocksDemo />
    </Providers>
  </StrictMode>,
);

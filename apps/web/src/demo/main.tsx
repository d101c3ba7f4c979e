import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { Providers } from '../app/Providers';
import { queryClient } from '../api/queryClient';
import { bundles } from '../app/i18nResources';
import { featureBundles } from '../features/bundles';
import { sharedBundles } from '../shared/bundles';
import { initI18n } from '../shared/i18n';
import '../app/styles.css';
import { SharedBlocksDemo } from './SharedBlocksDemo';

initI18n({ ...bundles, ...featureBundles, ...sharedBundles });
const el = document.getElementById('root');
if (!el) throw new Error('#root missing');
createRoot(el).render(
  <StrictMode>
    <Providers>
      <QueryClientProvider client={queryClient}>
        <SharedBlocksDemo />
      </QueryClientProvider>
    </Providers>
  </StrictMode>,
);

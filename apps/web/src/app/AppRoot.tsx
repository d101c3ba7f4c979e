import { useSyncExternalStore } from 'react';
import { RouterProvider } from 'react-router/dom';
import { Providers } from './Providers';
import { getRouter, subscribeRouter } from './router';

/** Re-renders with a fresh router when logout rebuilds the route table. */
export function AppRoot() {
  const router = useSyncExternalStore(subscribeRouter, getRouter);
  return (
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  );
}

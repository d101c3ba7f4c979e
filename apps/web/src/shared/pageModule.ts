import type { ComponentType } from 'react';

/**
 * Loads one page component on demand: each area page is its own chunk, away from the login page. Features
 * list theirs in `pageModules.ts`; the shell collects them (app/routes/featurePages.ts).
 */
export type PageModule = () => Promise<ComponentType>;

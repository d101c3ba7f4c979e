/**
 * The worker area as an installable app: the web manifest (icons as PNGs in public/) and the service worker
 * (public/sw.js) that caches the app shell, so the inspection pages open without a connection; the drafts
 * themselves live in localStorage (drafts.ts). Only the worker pages call this, so the desktop console gains no
 * manifest; the worker is same-origin, which the CSP's worker-src 'self' allows.
 */
export function installWorkerPwa(): void {
  if (typeof document === 'undefined') return;
  if (!document.querySelector('link[rel="manifest"]')) {
    const link = document.createElement('link');
    link.rel = 'manifest';
    link.href = '/worker.webmanifest';
    document.head.appendChild(link);
  }
  if ('serviceWorker' in navigator && window.isSecureContext) {
    navigator.serviceWorker.register('/sw.js').catch((err: unknown) => console.warn('[pwa] service worker not registered', err));
  }
}

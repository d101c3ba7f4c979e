import { ENGINE_MESSAGE_KEY, type ConsoleToHostMessage } from '@gridops/contract';

export const isEmbedded = (): boolean => {
  try {
    return window.parent !== window;
  } catch {
    return true;
  }
};

/** Tells the 3D engine host (the parent window) about route changes and logout; no-op when not embedded. */
export function postToHost(msg: ConsoleToHostMessage) {
  if (!isEmbedded()) return;
  // Engine hosts (pixel-streaming pages) are often on another origin, hence '*'; nothing secret is sent.
  window.parent.postMessage(msg, '*');
}

export const hostRoute = (proid: number): ConsoleToHostMessage => ({ key: ENGINE_MESSAGE_KEY, type: 'route', name: 'SiteHome', proid });
export const hostLogout = (): ConsoleToHostMessage => ({ key: ENGINE_MESSAGE_KEY, type: 'logout' });

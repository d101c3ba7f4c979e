import type { WebConfig } from '@gridops/contract';
import { patchSession } from '../session/store';

/** Used when config.json cannot be read: the console still works against its own origin. */
export const defaultConfig: WebConfig = {
  baseURL: '',
  tempURL: '',
  logoURL: '',
  zfyURL: '',
  routerMode: 'history',
  mqttWsPort: 8084,
  mqttWsPath: '/mqtt',
  demoSeed: false,
};

let current: WebConfig = defaultConfig;
export const appConfig = (): WebConfig => current;

/** Reads `./config.json` once at start (spec §7); an empty baseURL means the page's own origin. */
export async function loadConfig(): Promise<WebConfig> {
  try {
    const res = await fetch('./config.json', { cache: 'no-cache' });
    const raw = (await res.json()) as Partial<WebConfig>;
    current = { ...defaultConfig, ...raw };
  } catch (e) {
    console.warn('[config] config.json unavailable, using defaults', e);
    current = defaultConfig;
  }
  const baseURL = (current.baseURL || window.location.origin).replace(/\/+$/, '');
  current = { ...current, baseURL };
  patchSession({ baseURL, tempURL: current.tempURL, logoURL: current.logoURL, zfyURL: current.zfyURL });
  return current;
}

import { z } from 'zod';

/**
 * `./config.json`, fetched by the console at start (spec §7). No weather URL or key: weather comes through
 * POST /api/v6/weather/now, and the provider key stays on the server.
 */
export const webConfig = z.object({
  baseURL: z.string(),
  tempURL: z.string(),
  logoURL: z.string(),
  zfyURL: z.string(),
  routerMode: z.enum(['history', 'hash']),
  mqttWsPort: z.number().int(),
  mqttWsPath: z.string(),
  /** The server runs the demo seed: the login page may offer the demo accounts. */
  demoSeed: z.boolean(),
});
export type WebConfig = z.infer<typeof webConfig>;

import { z } from 'zod';
import { ENGINE_MESSAGE_KEY } from './constants.js';

/** Window messages from a 3D engine host (spec §3 "Engine window message", §4). */
export const ENGINE_MESSAGE_TYPES = [
  'ratio',
  'devMonitor',
  'securityvideo',
  'auxctrl',
  'robvdo',
  'visitscene',
  'energy',
] as const;

export const engineMessage = z.object({
  key: z.literal(ENGINE_MESSAGE_KEY),
  type: z.string(),
  value: z.unknown().optional(),
  devid: z.union([z.string(), z.number()]).optional(),
  roomid: z.union([z.string(), z.number()]).optional(),
});
export type EngineMessage = z.infer<typeof engineMessage>;

/** What the console posts back to its host: route changes and logout. */
export const consoleToHostMessage = z.discriminatedUnion('type', [
  z.object({ key: z.literal(ENGINE_MESSAGE_KEY), type: z.literal('route'), name: z.literal('SiteHome'), proid: z.number() }),
  z.object({ key: z.literal(ENGINE_MESSAGE_KEY), type: z.literal('logout') }),
]);
export type ConsoleToHostMessage = z.infer<typeof consoleToHostMessage>;

/** User kinds of spec §1/§6: centre (organisation level), site (project level), worker (mobile area). */
export const UserType = { Centre: 0, Site: 1, Worker: 2 } as const;
export type UserType = (typeof UserType)[keyof typeof UserType];

/** Device-type header value: 'worker' for userType 2, otherwise 'pc' (spec §6). */
export type DeviceTypeHeader = 'pc' | 'worker';
export const deviceTypeFor = (userType: UserType | number | null | undefined): DeviceTypeHeader =>
  userType === UserType.Worker ? 'worker' : 'pc';

/** API version header value sent with every call (spec §7). */
export const API_VERSION = '1.0';
/** Request time-out of the console's HTTP client (spec §9). */
export const REQUEST_TIMEOUT_MS = 30_000;
/** The `key` of window messages between the console and a 3D engine host (spec §3); schemas in engine.ts. */
export const ENGINE_MESSAGE_KEY = 'ueMessage';
/** Notice count and badge cap (spec §9). */
export const NOTICE_CAP = 99;

/** Organisation tiers of the customer hierarchy (spec §1). Stations are projects under a tier. */
export const OrgTier = { Regional: 1, Group: 2, Station: 3 } as const;
export type OrgTier = (typeof OrgTier)[keyof typeof OrgTier];

export const ENERGY_TYPES = ['power', 'water', 'gas', 'heat'] as const;
export type EnergyType = (typeof ENERGY_TYPES)[number];

export const ASPECT_RATIOS = ['16:9', '21:9'] as const;
export type AspectRatio = (typeof ASPECT_RATIOS)[number];

/** Live event message types (spec §3). */
export const EventType = { Message: 1, Alarm: 2, Fault: 3 } as const;
export type EventType = (typeof EventType)[keyof typeof EventType];
export const EVENT_LEVELS = [1, 2, 3, 4] as const;
export type EventLevel = (typeof EVENT_LEVELS)[number];

import { create } from 'zustand';
import { persist, type PersistStorage, type StorageValue } from 'zustand/middleware';
import type { EngineMessage, EnergyType, EventNotice, OrgNode, Project, SiteNotice, UserInfo } from '@gridops/contract';
import { NOTICE_CAP } from '@gridops/contract';

export type UserTypeValue = 0 | 1 | 2;
export type Ratio = '16:9' | '21:9';

/** A pushed message that is neither an event nor a capture (spec §3 "Other pushed messages"). */
export interface LiveMessage {
  topic: string;
  command: string;
  msg: unknown;
  time: number;
}

/** Spec §3 "Session state", every field. */
export interface SessionState {
  token: string;
  userType: UserTypeValue | null;
  userInfo: UserInfo | null;
  /** -1 before anything is known, 0 after logout (spec §3). */
  organID: number;
  orgList: OrgNode[];
  proID: number | null;
  proInfo: Project | null;
  proList: Project[];
  proTotal: number;
  /** Already capped at NOTICE_CAP; see `noticeBadge` for the "99+" text. */
  noticeCount: number;
  noticeList: Array<SiteNotice | EventNotice>;
  /** Which notice calls filled the list: organisation scope (sites) or project scope (events). */
  noticeScope: 'org' | 'site';
  voiceOn: boolean;
  mqttMessages: LiveMessage[];
  baseURL: string;
  tempURL: string;
  logoURL: string;
  zfyURL: string;
  /** Flags fed by the engine host and pages. */
  hasScene: boolean;
  videoPopup: boolean;
  /** The event-type filter of the events page; hidden when the pending dialog jumps to one event. */
  eventTypeFilterHidden: boolean;
  activeEventId: number | null;
  energyType: EnergyType;
  pipeType: string;
  roomID: string | null;
  devID: string | null;
  energyRoomPath: string | null;
  ratio: Ratio;
  isUE: boolean;
  latestEngineMessage: EngineMessage | null;
}

export const PERSISTED_KEYS = ['token', 'userType', 'userInfo', 'organID', 'orgList', 'proID', 'devID', 'isUE'] as const;
type PersistedKey = (typeof PERSISTED_KEYS)[number];
export type PersistedState = Pick<SessionState, PersistedKey>;

export const initialSession: SessionState = {
  token: '',
  userType: null,
  userInfo: null,
  organID: -1,
  orgList: [],
  proID: null,
  proInfo: null,
  proList: [],
  proTotal: 0,
  noticeCount: 0,
  noticeList: [],
  noticeScope: 'org',
  voiceOn: false,
  mqttMessages: [],
  baseURL: '',
  tempURL: '',
  logoURL: '',
  zfyURL: '',
  hasScene: false,
  videoPopup: false,
  eventTypeFilterHidden: false,
  activeEventId: null,
  energyType: 'power',
  pipeType: '',
  roomID: null,
  devID: null,
  energyRoomPath: null,
  ratio: '16:9',
  isUE: false,
  latestEngineMessage: null,
};

/** Keeps the list of other pushed messages bounded; widgets only need the recent ones. */
const MQTT_MESSAGES_MAX = 200;

export const capNotice = (n: number): number => Math.max(0, Math.min(NOTICE_CAP, Math.trunc(n) || 0));
export const noticeBadge = (n: number): string => (n >= NOTICE_CAP ? `${NOTICE_CAP}+` : String(Math.max(0, n)));

/**
 * Each persisted field is its own sessionStorage entry (key = field name), so the browser session holds
 * exactly the spec's keys and nothing else — no wrapper object, no version field.
 */
const perKeySessionStorage: PersistStorage<PersistedState> = {
  getItem: () => {
    const state: Partial<PersistedState> = {};
    let found = false;
    for (const k of PERSISTED_KEYS) {
      const raw = window.sessionStorage.getItem(k);
      if (raw === null) continue;
      try {
        (state as Record<string, unknown>)[k] = JSON.parse(raw);
        found = true;
      } catch {
        // a foreign value under our key: ignore it rather than fail start-up
      }
    }
    return found ? ({ state, version: 0 } as StorageValue<PersistedState>) : null;
  },
  setItem: (_name, value) => {
    for (const k of PERSISTED_KEYS) window.sessionStorage.setItem(k, JSON.stringify(value.state[k] ?? null));
  },
  removeItem: () => {
    for (const k of PERSISTED_KEYS) window.sessionStorage.removeItem(k);
  },
};

export const useSession = create<SessionState>()(
  persist(() => ({ ...initialSession }), {
    name: 'gridops-session',
    storage: perKeySessionStorage,
    partialize: (s): PersistedState => ({
      token: s.token,
      userType: s.userType,
      userInfo: s.userInfo,
      organID: s.organID,
      orgList: s.orgList,
      proID: s.proID,
      devID: s.devID,
      isUE: s.isUE,
    }),
  }),
);

export const session = () => useSession.getState();
export const patchSession = (p: Partial<SessionState>) => useSession.setState(p);

export function setNoticeCount(total: number) {
  useSession.setState({ noticeCount: capNotice(total) });
}

export function pushLiveMessage(m: LiveMessage) {
  useSession.setState((s) => ({ mqttMessages: [...s.mqttMessages.slice(-(MQTT_MESSAGES_MAX - 1)), m] }));
}

import { liveEventData, wallApi } from '@gridops/contract';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/api';
import { useLiveMessages } from '../../api/live';
import { useLiveRefresh } from '../../shared/stats';
import { mergeTicker, PULSE_MS, pulsingAt, pushRow, rowOfPush, type TickerRow } from './liveTicker';

/** How often the wall re-reads while nothing arrives on the live channel. */
export const WALL_REFRESH_MS = 15_000;

/**
 * The wall's answer: re-read on a pushed event or gateway change (at most every 3 s: an answer takes a second or
 * two on a small server, and the pulse and the ticker do not wait for it) and after a reconnect.
 */
export function useWall(orgId: number) {
  const { i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'zh';
  const queryKey = ['wall', orgId, lang];
  useLiveRefresh(queryKey, { match: (m) => m.command === 'event' || m.command === 'gateway_status', throttleMs: 3000, enabled: orgId > 0 });
  return useQuery({
    queryKey,
    enabled: orgId > 0,
    refetchInterval: WALL_REFRESH_MS,
    // A wall runs unattended: keep the last figures on screen through a failed read (the age line tells).
    retry: 3,
    queryFn: () => api(wallApi.overview, { org_id: orgId }, { silent: true }),
  });
}


/**
 * What the live channel changes before the next read: a pushed alarm or fault makes its station pulse and goes
 * to the top of the ticker at once (the wall's one-second target), through the console's one live client.
 */
export function useWallLive(ticker: Parameters<typeof mergeTicker>[1], now: number) {
  const [live, setLive] = useState<TickerRow[]>([]);
  // Project id → until when it pulses; at most one entry per station, so it never grows past the station list.
  const [until, setUntil] = useState<ReadonlyMap<number, number>>(() => new Map());
  // The last pushed station and when this screen received it (its card comes up for a while).
  const [last, setLast] = useState<{ projectId: number; seenAt: number } | null>(null);
  useLiveMessages(
    (m) => m.command === 'event',
    (m) => {
      const parsed = liveEventData.safeParse(m.data);
      if (!parsed.success) return;
      const row = rowOfPush(parsed.data, m.timestamp ?? Date.now());
      if (!row) return;
      const seenAt = Date.now();
      setUntil((u) => new Map(u).set(row.projectId, seenAt + PULSE_MS));
      setLast({ projectId: row.projectId, seenAt });
      setLive((rows) => pushRow(rows, row));
    },
  );
  const pulsingKey = [...pulsingAt(until, now)].sort((a, b) => a - b).join(',');
  const pulsing = useMemo(() => new Set(pulsingKey ? pulsingKey.split(',').map(Number) : []), [pulsingKey]);
  const rows = useMemo(() => mergeTicker(live, ticker), [live, ticker]);
  return { rows, pulsing, newest: live[0]?.key ?? null, last };
}

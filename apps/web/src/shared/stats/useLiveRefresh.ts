import { useQueryClient } from '@tanstack/react-query';
import type { QueryKey } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { onLiveReconnect, useLiveMessages } from '../../api/live';
import type { LiveEnvelope } from '../../api/live';

/**
 * Calls `fn` at most once per `ms`: the first call runs at once, later ones within the window collapse into
 * one trailing call, so a burst of live messages costs two refetches, not fifty.
 */
export function throttle(fn: () => void, ms: number): { call: () => void; cancel: () => void } {
  let last = Number.NEGATIVE_INFINITY;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const run = () => {
    timer = null;
    last = Date.now();
    fn();
  };
  return {
    call: () => {
      if (timer) return;
      const wait = last + ms - Date.now();
      if (wait <= 0) run();
      else timer = setTimeout(run, wait);
    },
    cancel: () => {
      if (timer) clearTimeout(timer);
      timer = null;
    },
  };
}

export interface LiveRefreshOptions {
  /** Which live messages make the data stale (e.g. by topic or `msg.project_id`). */
  match: (m: LiveEnvelope) => boolean;
  /** At most one refetch per this many ms, default 5000. */
  throttleMs?: number;
  enabled?: boolean;
}

/**
 * Keeps a TanStack query fresh from the live channel: invalidates `queryKey` when a matching message arrives
 * (throttled) and after a reconnect (messages may have been missed). Polling stays the query's own
 * `refetchInterval`; TanStack already pauses it while the tab is hidden.
 */
export function useLiveRefresh(
  queryKey: QueryKey,
  { match, throttleMs = 5000, enabled = true }: LiveRefreshOptions,
): void {
  const client = useQueryClient();
  const keyRef = useRef(queryKey);
  const throttled = useRef<ReturnType<typeof throttle> | null>(null);
  useEffect(() => {
    keyRef.current = queryKey;
  });
  useEffect(() => {
    if (!enabled) return;
    const invalidate = () => void client.invalidateQueries({ queryKey: keyRef.current });
    throttled.current = throttle(invalidate, throttleMs);
    const off = onLiveReconnect(invalidate);
    return () => {
      off();
      throttled.current?.cancel();
      throttled.current = null;
    };
  }, [client, throttleMs, enabled]);
  useLiveMessages(match, () => throttled.current?.call());
}

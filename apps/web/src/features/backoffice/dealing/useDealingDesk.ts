import {
  DEALING_EVENTS,
  type DealingSubscribe,
  DeskClose,
  DeskCloseList,
  DeskSnapshot,
} from '@openbroker/domain';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { z } from 'zod';
import { useSocketFactory } from '../../../api/sockets.js';
import { queryString, staffRequest } from '../api.js';
import { useStaffSession } from '../shell/session.js';
import { CLOSES_KEPT } from './types.js';

export const DESK_KEY = ['bo', 'dealing', 'desk'] as const;
export const CLOSES_KEY = ['bo', 'dealing', 'closes'] as const;

/**
 * A push of the desk's socket read with its contract: the parsed payload, or undefined (the push is ignored and
 * the mismatch is logged by field path only, never with the payload, which names clients).
 */
function readPush<T>(event: string, schema: z.ZodType<T>, payload: unknown): T | undefined {
  const parsed = schema.safeParse(payload);
  if (parsed.success) return parsed.data;
  const where = parsed.error.issues.map((issue) => issue.path.map(String).join('.') || 'payload').join(', ');
  console.warn(`Dealing desk: a '${event}' push does not match its contract at: ${where}; ignored`);
  return undefined;
}

/** Newest first, one entry per position, at most CLOSES_KEPT. */
export function mergeCloses(live: readonly DeskClose[], first: readonly DeskClose[]): DeskClose[] {
  const seen = new Set<number>();
  const out: DeskClose[] = [];
  for (const close of [...live, ...first]) {
    if (seen.has(close.positionId)) continue;
    seen.add(close.positionId);
    out.push(close);
  }
  return out.sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0)).slice(0, CLOSES_KEPT);
}

/**
 * The live dealing desk: the REST snapshot and the latest closes first, then the `/backoffice` socket's
 * `dealing.desk` every second and `dealing.closed` as closes happen (subscribed for the chosen brand filter).
 * After a reconnect it subscribes again and re-reads the closes it may have missed.
 */
export function useDealingDesk(brandId: number | undefined, enabled: boolean) {
  const { token } = useStaffSession();
  const factory = useSocketFactory();
  const [live, setLive] = useState<DeskSnapshot | null>(null);
  const [liveCloses, setLiveCloses] = useState<DeskClose[]>([]);
  const [connected, setConnected] = useState(false);

  const first = useQuery({
    queryKey: [...DESK_KEY, brandId ?? 'all'],
    queryFn: ({ signal }) =>
      staffRequest(`/api/backoffice/dealing/desk${queryString({ brandId })}`, {
        schema: DeskSnapshot,
        signal,
      }),
    enabled,
  });
  const closes = useQuery({
    queryKey: [...CLOSES_KEY, brandId ?? 'all'],
    queryFn: ({ signal }) =>
      staffRequest(`/api/backoffice/dealing/closes${queryString({ brandId })}`, {
        schema: DeskCloseList,
        signal,
      }),
    enabled,
  });
  const refetchCloses = closes.refetch;

  useEffect(() => {
    if (!token || !enabled) return;
    setLive(null);
    setLiveCloses([]);
    const socket = factory('/backoffice', { auth: { token } });
    let wasConnected = false;
    const onDesk = (payload: unknown) => {
      const snapshot = readPush(DEALING_EVENTS.desk, DeskSnapshot, payload);
      if (snapshot) setLive(snapshot);
    };
    const onClosed = (payload: unknown) => {
      const close = readPush(DEALING_EVENTS.closed, DeskClose, payload);
      if (close) setLiveCloses((list) => [close, ...list].slice(0, CLOSES_KEPT));
    };
    const onConnect = () => {
      setConnected(true);
      const subscribe: DealingSubscribe = brandId === undefined ? {} : { brandId };
      socket.emit(DEALING_EVENTS.subscribe, subscribe);
      if (wasConnected) void refetchCloses();
      wasConnected = true;
    };
    const onDisconnect = () => setConnected(false);
    socket.on(DEALING_EVENTS.desk, onDesk);
    socket.on(DEALING_EVENTS.closed, onClosed);
    socket.on('connect', onConnect);
    socket.on('disconnect', onDisconnect);
    socket.on('connect_error', onDisconnect);
    socket.connect();
    return () => {
      socket.off(DEALING_EVENTS.desk, onDesk);
      socket.off(DEALING_EVENTS.closed, onClosed);
      socket.off('connect', onConnect);
      socket.off('disconnect', onDisconnect);
      socket.off('connect_error', onDisconnect);
      socket.disconnect();
      setConnected(false);
    };
  }, [token, factory, brandId, enabled, refetchCloses]);

  const snapshot = live ?? first.data ?? null;
  return {
    snapshot,
    snapshotQuery: first,
    closes: mergeCloses(liveCloses, closes.data ?? []),
    closesQuery: closes,
    connected,
  };
}

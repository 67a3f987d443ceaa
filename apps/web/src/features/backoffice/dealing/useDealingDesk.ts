import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useSocketFactory } from '../../../api/sockets.js';
import { queryString, staffRequest } from '../api.js';
import { useStaffSession } from '../shell/session.js';
import { CLOSES_KEPT, DEALING_EVENTS, type DeskClose, type DeskSnapshot } from './types.js';

export const DESK_KEY = ['bo', 'dealing', 'desk'] as const;
export const CLOSES_KEY = ['bo', 'dealing', 'closes'] as const;

const isSnapshot = (value: unknown): value is DeskSnapshot =>
  !!value &&
  typeof value === 'object' &&
  Array.isArray((value as DeskSnapshot).instruments) &&
  Array.isArray((value as DeskSnapshot).nearest);
const isClose = (value: unknown): value is DeskClose =>
  !!value && typeof value === 'object' && typeof (value as DeskClose).positionId === 'number';

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
      staffRequest<DeskSnapshot>(`/api/backoffice/dealing/desk${queryString({ brandId })}`, { signal }),
    enabled,
  });
  const closes = useQuery({
    queryKey: [...CLOSES_KEY, brandId ?? 'all'],
    queryFn: ({ signal }) =>
      staffRequest<DeskClose[]>(`/api/backoffice/dealing/closes${queryString({ brandId })}`, { signal }),
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
      if (isSnapshot(payload)) setLive(payload);
    };
    const onClosed = (payload: unknown) => {
      if (isClose(payload)) setLiveCloses((list) => [payload, ...list].slice(0, CLOSES_KEPT));
    };
    const onConnect = () => {
      setConnected(true);
      socket.emit(DEALING_EVENTS.subscribe, brandId === undefined ? {} : { brandId });
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

import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useSocketFactory } from '../../api/sockets.js';
import type { QueueName } from './money/types.js';
import { useStaffSession } from './shell/session.js';

/** The server's event when an item enters or leaves a money queue (issue 13 contract). */
export const QUEUE_CHANGED = 'queue.changed';

export interface QueueChanged {
  queue: QueueName;
  brandId: number;
}

/** Query key prefix of a money queue (every brand filter of it). */
export const queueQueryKey = (queue: QueueName) => ['bo', 'queue', queue] as const;

const isQueueChanged = (value: unknown): value is QueueChanged =>
  !!value &&
  typeof value === 'object' &&
  ((value as QueueChanged).queue === 'deposits' || (value as QueueChanged).queue === 'withdrawals');

/**
 * Keeps the money queues live: a socket on the `/backoffice` namespace with the staff token, and on
 * `queue.changed` the queue's queries are refetched, so new items appear (and decided ones go) without
 * a reload. After a reconnect both queues are refetched (changes while offline were not heard).
 * Returns whether the socket is connected (the screens show a "live" mark).
 */
export function useBackofficeLive(): boolean {
  const { token } = useStaffSession();
  const factory = useSocketFactory();
  const queryClient = useQueryClient();
  const [connected, setConnected] = useState(false);

  useEffect(() => {
    if (!token) return;
    const socket = factory('/backoffice', { auth: { token } });
    let wasConnected = false;
    const onChanged = (payload: unknown) => {
      if (!isQueueChanged(payload)) return;
      void queryClient.invalidateQueries({ queryKey: queueQueryKey(payload.queue) });
    };
    const onConnect = () => {
      setConnected(true);
      if (wasConnected) {
        void queryClient.invalidateQueries({ queryKey: queueQueryKey('deposits') });
        void queryClient.invalidateQueries({ queryKey: queueQueryKey('withdrawals') });
      }
      wasConnected = true;
    };
    const onDisconnect = () => setConnected(false);
    socket.on(QUEUE_CHANGED, onChanged);
    socket.on('connect', onConnect);
    socket.on('disconnect', onDisconnect);
    socket.on('connect_error', onDisconnect);
    socket.connect();
    return () => {
      socket.off(QUEUE_CHANGED, onChanged);
      socket.off('connect', onConnect);
      socket.off('disconnect', onDisconnect);
      socket.off('connect_error', onDisconnect);
      socket.disconnect();
      setConnected(false);
    };
  }, [token, factory, queryClient]);

  return connected;
}

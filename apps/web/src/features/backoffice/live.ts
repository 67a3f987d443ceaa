import { BACKOFFICE_SOCKET, MONEY_QUEUES, type MoneyQueue, QueueChanged } from '@openbroker/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useSocketFactory } from '../../api/sockets.js';
import { useStaffSession } from './shell/session.js';

/** Query key prefix of a money queue (every brand filter of it). */
export const queueQueryKey = (queue: MoneyQueue) => ['bo', 'queue', queue] as const;

/**
 * Keeps the money queues live: a socket on the `/backoffice` namespace with the staff token, and on
 * `queue.changed` the queue's queries are refetched, so new items appear (and decided ones go) without
 * a reload. After a reconnect every queue is refetched (changes while offline were not heard).
 * Returns whether the socket is connected (the screens show a "live" mark).
 */
export function useBackofficeLive(): boolean {
  const { token } = useStaffSession();
  const factory = useSocketFactory();
  const queryClient = useQueryClient();
  const [connected, setConnected] = useState(false);

  useEffect(() => {
    if (!token) return;
    const socket = factory(BACKOFFICE_SOCKET.namespace, { auth: { token } });
    let wasConnected = false;
    // the event's contract (the domain's QueueChanged): a payload that does not fit it is ignored
    const onChanged = (payload: unknown) => {
      const change = QueueChanged.safeParse(payload);
      if (!change.success) return;
      void queryClient.invalidateQueries({ queryKey: queueQueryKey(change.data.queue) });
    };
    const onConnect = () => {
      setConnected(true);
      if (wasConnected)
        for (const queue of MONEY_QUEUES)
          void queryClient.invalidateQueries({ queryKey: queueQueryKey(queue) });
      wasConnected = true;
    };
    const onDisconnect = () => setConnected(false);
    socket.on(BACKOFFICE_SOCKET.queueChanged, onChanged);
    socket.on('connect', onConnect);
    socket.on('disconnect', onDisconnect);
    socket.on('connect_error', onDisconnect);
    socket.connect();
    return () => {
      socket.off(BACKOFFICE_SOCKET.queueChanged, onChanged);
      socket.off('connect', onConnect);
      socket.off('disconnect', onDisconnect);
      socket.off('connect_error', onDisconnect);
      socket.disconnect();
      setConnected(false);
    };
  }, [token, factory, queryClient]);

  return connected;
}

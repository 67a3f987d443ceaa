import { useSyncExternalStore } from 'react';

/** Where the client's "ask before closing" choice is kept (this browser only). */
export const CONFIRM_CLOSE_KEY = 'ob.platform.confirmClose';

const listeners = new Set<() => void>();

function read(): boolean {
  try {
    // asks unless the client has turned it off
    return window.localStorage.getItem(CONFIRM_CLOSE_KEY) !== 'off';
  } catch {
    return true;
  }
}

/** Turns the confirmation before closing a position on or off. */
export function setConfirmClose(on: boolean): void {
  try {
    if (on) window.localStorage.removeItem(CONFIRM_CLOSE_KEY);
    else window.localStorage.setItem(CONFIRM_CLOSE_KEY, 'off');
  } catch {
    // storage unavailable (private mode): the choice lasts for this page only
  }
  for (const listener of [...listeners]) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Whether closing a position asks for confirmation first (default: yes). */
export function useConfirmClose(): [boolean, (on: boolean) => void] {
  const on = useSyncExternalStore(subscribe, read, read);
  return [on, setConfirmClose];
}

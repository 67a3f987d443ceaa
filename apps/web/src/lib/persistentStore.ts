import { browserStorage, type KeyValueStorage, readJson, removeItem, writeJson } from './storage.js';

/** A JSON value kept in localStorage that React can subscribe to (useSyncExternalStore). */
export interface PersistentStore<T> {
  get(): T | null;
  set(value: T): void;
  clear(): void;
  subscribe(listener: () => void): () => void;
}

/**
 * Creates a store over one localStorage key. Other tabs' changes arrive through the `storage` event, so
 * logging out in one tab logs out the others.
 */
export function createPersistentStore<T>(
  key: string,
  isValid: (value: unknown) => value is T,
  storage: KeyValueStorage | undefined = browserStorage(),
): PersistentStore<T> {
  const listeners = new Set<() => void>();
  const load = (): T | null => {
    const value = readJson<unknown>(key, storage);
    return isValid(value) ? value : null;
  };
  let current = load();
  const notify = () => {
    for (const listener of listeners) listener();
  };
  const onStorage = (event: StorageEvent) => {
    if (event.key !== key && event.key !== null) return;
    current = load();
    notify();
  };

  return {
    get: () => current,
    set(value) {
      current = value;
      writeJson(key, value, storage);
      notify();
    },
    clear() {
      current = null;
      removeItem(key, storage);
      notify();
    },
    subscribe(listener) {
      if (listeners.size === 0 && typeof window !== 'undefined')
        window.addEventListener('storage', onStorage);
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0 && typeof window !== 'undefined')
          window.removeEventListener('storage', onStorage);
      };
    },
  };
}

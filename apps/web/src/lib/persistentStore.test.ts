import { describe, expect, it, vi } from 'vitest';
import { memoryStorage } from './memoryStorage.js';
import { createPersistentStore } from './persistentStore.js';

const isToken = (value: unknown): value is { token: string } =>
  typeof value === 'object' && value !== null && typeof (value as { token?: unknown }).token === 'string';

describe('persistent store', () => {
  it('reads a valid stored value and ignores garbage', () => {
    expect(createPersistentStore('k', isToken, memoryStorage({ k: '{"token":"a"}' })).get()).toEqual({
      token: 'a',
    });
    expect(createPersistentStore('k', isToken, memoryStorage({ k: '{not json' })).get()).toBeNull();
    expect(createPersistentStore('k', isToken, memoryStorage({ k: '{"token":1}' })).get()).toBeNull();
  });

  it('writes, clears and notifies subscribers', () => {
    const storage = memoryStorage();
    const store = createPersistentStore('k', isToken, storage);
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    store.set({ token: 'b' });
    expect(storage.dump().k).toBe('{"token":"b"}');
    store.clear();
    expect(storage.dump().k).toBeUndefined();
    expect(listener).toHaveBeenCalledTimes(2);
    unsubscribe();
  });

  it('follows another tab through the storage event', () => {
    const store = createPersistentStore('ob.test', isToken, window.localStorage);
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    window.localStorage.setItem('ob.test', '{"token":"c"}');
    window.dispatchEvent(new StorageEvent('storage', { key: 'ob.test' }));
    expect(store.get()).toEqual({ token: 'c' });
    expect(listener).toHaveBeenCalledOnce();
    unsubscribe();
    window.localStorage.clear();
  });
});

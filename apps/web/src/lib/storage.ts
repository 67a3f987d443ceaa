/** localStorage access that survives storage being disabled (privacy modes): reads give null, writes no-op. */

export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export function browserStorage(): KeyValueStorage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
}

export function readItem(key: string, storage = browserStorage()): string | null {
  try {
    return storage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeItem(key: string, value: string, storage = browserStorage()): void {
  try {
    storage?.setItem(key, value);
  } catch {
    // Quota or disabled storage: the value lasts for this page only.
  }
}

export function removeItem(key: string, storage = browserStorage()): void {
  try {
    storage?.removeItem(key);
  } catch {
    // Nothing stored, nothing to remove.
  }
}

/** Reads a JSON value; anything unparsable counts as absent. */
export function readJson<T>(key: string, storage = browserStorage()): T | null {
  const raw = readItem(key, storage);
  if (raw === null) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}

export function writeJson(key: string, value: unknown, storage = browserStorage()): void {
  writeItem(key, JSON.stringify(value), storage);
}

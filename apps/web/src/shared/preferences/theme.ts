import { type KeyValueStorage, readItem, removeItem, writeItem } from '../../lib/storage.js';
import { DEFAULT_THEME, isTheme, THEME_STORAGE_KEY, type Theme } from './themeBoot.js';

export { DEFAULT_THEME, THEME_STORAGE_KEY, type Theme } from './themeBoot.js';

/** The stored theme, or the default when none (or garbage) is stored. */
export function readTheme(storage?: KeyValueStorage): Theme {
  const stored = readItem(THEME_STORAGE_KEY, storage);
  return isTheme(stored) ? stored : DEFAULT_THEME;
}

export const oppositeTheme = (theme: Theme): Theme => (theme === 'dark' ? 'light' : 'dark');

/** Sets the Bootstrap colour mode on <html>. */
export function applyTheme(theme: Theme, root: HTMLElement = document.documentElement): void {
  root.setAttribute('data-bs-theme', theme);
}

/**
 * spec §2: the theme toggle stores the other theme and reloads the page; the boot script in index.html
 * applies it before the first paint.
 */
export function toggleTheme(reload: () => void, storage?: KeyValueStorage): Theme {
  const next = oppositeTheme(readTheme(storage));
  writeItem(THEME_STORAGE_KEY, next, storage);
  reload();
  return next;
}

/** spec §4: logout clears the stored theme too; the page goes back to the default at once. */
export function clearTheme(storage?: KeyValueStorage, root?: HTMLElement): void {
  removeItem(THEME_STORAGE_KEY, storage);
  applyTheme(DEFAULT_THEME, root);
}

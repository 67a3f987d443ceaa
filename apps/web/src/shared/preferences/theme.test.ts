import { afterEach, describe, expect, it, vi } from 'vitest';
import { memoryStorage } from '../../lib/memoryStorage.js';
import { applyTheme, clearTheme, readTheme, THEME_STORAGE_KEY, toggleTheme } from './theme.js';
import { LANGUAGE_STORAGE_KEY, themeBootScript } from './themeBoot.js';

afterEach(() => {
  document.documentElement.removeAttribute('data-bs-theme');
  document.documentElement.lang = '';
  window.localStorage.clear();
});

describe('theme persistence (spec §2, §4)', () => {
  it('starts light when nothing (or garbage) is stored', () => {
    expect(readTheme(memoryStorage())).toBe('light');
    expect(readTheme(memoryStorage({ [THEME_STORAGE_KEY]: 'purple' }))).toBe('light');
    expect(readTheme(memoryStorage({ [THEME_STORAGE_KEY]: 'dark' }))).toBe('dark');
  });

  it('toggle stores the other theme and reloads the page', () => {
    const storage = memoryStorage();
    const reload = vi.fn();
    expect(toggleTheme(reload, storage)).toBe('dark');
    expect(storage.dump()[THEME_STORAGE_KEY]).toBe('dark');
    expect(reload).toHaveBeenCalledOnce();
    expect(toggleTheme(reload, storage)).toBe('light');
    expect(storage.dump()[THEME_STORAGE_KEY]).toBe('light');
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('logout clears the stored theme and shows the default at once', () => {
    const storage = memoryStorage({ [THEME_STORAGE_KEY]: 'dark' });
    applyTheme('dark');
    clearTheme(storage);
    expect(storage.dump()[THEME_STORAGE_KEY]).toBeUndefined();
    expect(document.documentElement.getAttribute('data-bs-theme')).toBe('light');
  });

  it('the inline boot script applies the stored theme and language before the app loads', () => {
    window.localStorage.setItem(THEME_STORAGE_KEY, 'dark');
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, 'de');
    new Function(themeBootScript())();
    expect(document.documentElement.getAttribute('data-bs-theme')).toBe('dark');
    expect(document.documentElement.lang).toBe('de');
  });

  it('the boot script falls back to light for an unknown stored value', () => {
    window.localStorage.setItem(THEME_STORAGE_KEY, '"><script>');
    new Function(themeBootScript())();
    expect(document.documentElement.getAttribute('data-bs-theme')).toBe('light');
  });
});

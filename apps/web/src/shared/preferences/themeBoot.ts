/**
 * Theme and language keys in localStorage, and the inline boot script that applies them to <html>
 * before the first paint. Dependency-free on purpose: vite.config.ts imports it to inline the script.
 */

export const THEMES = ['light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];
export const DEFAULT_THEME: Theme = 'light';
export const THEME_STORAGE_KEY = 'ob.theme';
export const LANGUAGE_STORAGE_KEY = 'ob.lang';

export const isTheme = (value: unknown): value is Theme => (THEMES as readonly unknown[]).includes(value);

export interface BootSettings {
  themeKey: string;
  languageKey: string;
  themes: readonly string[];
  defaultTheme: string;
}

export const BOOT_SETTINGS: BootSettings = {
  themeKey: THEME_STORAGE_KEY,
  languageKey: LANGUAGE_STORAGE_KEY,
  themes: THEMES,
  defaultTheme: DEFAULT_THEME,
};

/**
 * Applies the stored theme (or the default) and the stored language to a document's root element.
 * Self-contained (it only uses its arguments) because its source text is inlined into index.html.
 */
export function applyStoredPreferences(
  doc: Document,
  storage: Pick<Storage, 'getItem'>,
  s: BootSettings,
): void {
  let theme: string | null = null;
  let lang: string | null = null;
  try {
    theme = storage.getItem(s.themeKey);
    lang = storage.getItem(s.languageKey);
  } catch {
    // Storage can be disabled (privacy mode); the defaults apply.
  }
  doc.documentElement.setAttribute(
    'data-bs-theme',
    theme && s.themes.includes(theme) ? theme : s.defaultTheme,
  );
  if (lang && /^[a-z]{2}$/.test(lang)) doc.documentElement.lang = lang;
}

/** Source of the inline <head> script: the function above, called on the live document. */
export function themeBootScript(): string {
  const call = `(${applyStoredPreferences.toString()})(document, window.localStorage, ${JSON.stringify(BOOT_SETTINGS)});`;
  return `try{${call}}catch(e){}`;
}

import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { MESSAGES_EN } from '@openbroker/domain';
import { afterEach, describe, expect, it } from 'vitest';
import { BACKOFFICE_DE, BACKOFFICE_EN } from '../../features/backoffice/i18n.js';
import { memoryStorage } from '../../lib/memoryStorage.js';
import { changeLanguage } from '../../shared/preferences/language.js';
import { LANGUAGE_STORAGE_KEY } from '../../shared/preferences/themeBoot.js';
import { createI18n, initialLanguage } from './i18n.js';
import { DE, EN, ES, IT } from './resources.js';

afterEach(() => {
  document.documentElement.lang = '';
});

describe('i18n (spec §1: en, de full; it, es partial; fallback en)', () => {
  it('English texts are the domain catalogue itself', () => {
    const i18n = createI18n('en');
    expect(i18n.t('page.notFound')).toBe(MESSAGES_EN['page.notFound']);
    expect(i18n.t('login.auto.error')).toBe(MESSAGES_EN['login.auto.error']);
    expect(i18n.t('nav.login')).toBe('Login');
  });

  it('interpolates {{params}} like the domain formatMessage', () => {
    const i18n = createI18n('en');
    expect(i18n.t('deposit.minimum', { currency: '€', min: 250 })).toBe('Minimum Deposit € 250');
  });

  it('an Italian key that is missing falls back to English', () => {
    const i18n = createI18n('it');
    expect(IT['contact.success']).toBeUndefined();
    expect(i18n.t('contact.success')).toBe(MESSAGES_EN['contact.success']);
    expect(i18n.t('nav.login')).toBe('Accedi');
  });

  it('German translates the menu', () => {
    const i18n = createI18n('de');
    expect(i18n.t('nav.login')).toBe('Anmelden');
    expect(i18n.t('page.notFound')).not.toBe(MESSAGES_EN['page.notFound']);
  });

  it('German keeps every placeholder of the English template', () => {
    const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();
    for (const [key, german] of Object.entries(DE)) {
      const english = (EN as Record<string, string>)[key];
      expect(english, `${key} exists in English`).toBeDefined();
      expect(placeholders(german), key).toEqual(placeholders(english ?? ''));
    }
  });

  it('German covers every web text', () => {
    for (const key of Object.keys(EN)) if (!(key in MESSAGES_EN)) expect(DE, key).toHaveProperty(key);
  });

  it('the back-office texts load apart, keep their placeholders in German and cover every key', () => {
    const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();
    const english: Record<string, string> = { ...EN, ...BACKOFFICE_EN };
    for (const [key, german] of Object.entries(BACKOFFICE_DE)) {
      expect(english[key], `${key} exists in English`).toBeDefined();
      expect(placeholders(german), key).toEqual(placeholders(english[key] ?? ''));
    }
    for (const key of Object.keys(BACKOFFICE_EN)) {
      if (!(key in MESSAGES_EN)) expect(BACKOFFICE_DE, key).toHaveProperty(key);
    }
    expect(EN).not.toHaveProperty('bo.nav.dashboard');
  });

  it('every German, Spanish and Italian key exists in English', () => {
    const english: Record<string, string> = { ...EN, ...BACKOFFICE_EN };
    for (const [language, texts] of [
      ['de', { ...DE, ...BACKOFFICE_DE }],
      ['es', ES],
      ['it', IT],
    ] as const) {
      for (const key of Object.keys(texts))
        expect(english[key], `${language} ${key} exists in English`).toBeDefined();
    }
  });

  it('texts live in files named after what they belong to: a feature, a shared topic, the shell, the shared ui', () => {
    const src = join(import.meta.dirname, '../..');
    const files = readdirSync(src, { recursive: true, encoding: 'utf8' })
      .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
      .filter((file) => /^export const \w+_(EN|DE|ES|IT)\b/m.test(readFileSync(join(src, file), 'utf8')))
      .map((file) => relative(src, join(src, file)).split('\\').join('/'));
    const named = (file: string) =>
      /^(features\/[^/]+(\/[^/]+)?|shared\/[^/]+|ui)\/i18n\.ts$/.test(file) ||
      ['app/i18n/shell.ts', 'app/i18n/messages.ts', 'app/i18n/resources.ts'].includes(file);
    expect(files.length).toBeGreaterThan(20);
    expect(files.filter((file) => !named(file))).toEqual([]);
  });

  it('starts in the stored language, or English', () => {
    expect(initialLanguage(memoryStorage({ [LANGUAGE_STORAGE_KEY]: 'de' }))).toBe('de');
    expect(initialLanguage(memoryStorage({ [LANGUAGE_STORAGE_KEY]: 'xx' }))).toBe('en');
    expect(initialLanguage(memoryStorage())).toBe('en');
  });

  it('a language switch is stored and set on <html lang>', async () => {
    const storage = memoryStorage();
    const i18n = createI18n('en');
    await changeLanguage(i18n, 'de', storage);
    expect(i18n.language).toBe('de');
    expect(storage.dump()[LANGUAGE_STORAGE_KEY]).toBe('de');
    expect(document.documentElement.lang).toBe('de');
  });
});

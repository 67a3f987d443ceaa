import { ACCOUNT_TRANSFERS_MESSAGES_DE, MESSAGES_EN } from '@openbroker/domain';
import { describe, expect, it } from 'vitest';
import { BACKOFFICE_DE, BACKOFFICE_EN } from '../../features/backoffice/i18n.js';
import { TERMINAL_DOMAIN_MESSAGES_DE } from '../../features/platform/alerts/i18n.js';
import { formatNumericText, isIdentifierParam } from '../../lib/i18n/messageRules.js';
import { ACCOUNTS_DE, ACCOUNTS_EN, ACCOUNTS_ES, ACCOUNTS_IT } from '../../shared/trading-accounts/i18n.js';
import { createI18n } from './i18n.js';
import { DE, EN, ES, IT } from './resources.js';

/**
 * Run by `npm test` (CI): German is complete, and a message is never mixed: it is wholly in the
 * active language or wholly in English, its numbers formatted for the language it is in.
 */

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1] as string);

/**
 * The back office's own refusals in the domain catalogue (staff, brands, content, pop-ups, affiliates,
 * reports, auto-trading offers, the dealing desk, the checks on a brand's appropriateness questionnaire): only the back office shows them, and their German loads with it.
 */
const BACK_OFFICE_MESSAGE =
  /^(staff|boBrands|boCompliance|boContent|popups|affiliates|reports|boAuto|dealing)\.|^payment\.fourEyesRequired$|^appropriateness\.(professionalNotTested|versionRequired|questionCount|questionId|text|optionCount|points|passScore|warnScore|blockDays|warnLeverageCap)$/;

/**
 * The terminal's own refusals in the domain catalogue (price alerts, one-click settings): only the terminal shows
 * them, and their German loads with it.
 */
const TERMINAL_MESSAGE = /^(priceAlerts|oneClick)\./;

/**
 * The refusals of the trading accounts' calls (opening, resets, transfers, the demo sign-up): only the account
 * switcher and the demo page show them, and their German loads with them (shared/trading-accounts/i18n.ts).
 */
const ACCOUNTS_MESSAGE = /^(accounts|transfers|demo)\./;

describe('German is complete (client area, public site chrome and back office)', () => {
  it('every English text of the client area and the public site, domain messages included, is in German', () => {
    const missing = Object.keys(EN).filter(
      (key) =>
        !(key in DE) &&
        !(BACK_OFFICE_MESSAGE.test(key) && key in BACKOFFICE_DE) &&
        !(TERMINAL_MESSAGE.test(key) && key in TERMINAL_DOMAIN_MESSAGES_DE) &&
        !(ACCOUNTS_MESSAGE.test(key) && key in ACCOUNT_TRANSFERS_MESSAGES_DE),
    );
    expect(missing).toEqual([]);
  });

  it('every back-office text is in German', () => {
    expect(Object.keys(BACKOFFICE_EN).filter((key) => !(key in BACKOFFICE_DE))).toEqual([]);
  });

  it('every German text keeps the placeholders of its English template', () => {
    const english: Record<string, string> = { ...EN, ...BACKOFFICE_EN };
    for (const [key, german] of Object.entries({ ...DE, ...BACKOFFICE_DE, ...TERMINAL_DOMAIN_MESSAGES_DE })) {
      expect(placeholders(german).sort(), key).toEqual(placeholders(english[key] ?? '').sort());
    }
  });
});

describe("the trading accounts' texts (loaded with the switcher and the demo page) are in every language", () => {
  for (const [language, texts] of [
    ['de', ACCOUNTS_DE],
    ['es', ACCOUNTS_ES],
    ['it', ACCOUNTS_IT],
  ] as const) {
    it(`${language}: every text, with the placeholders of its English template`, () => {
      expect(Object.keys(texts).sort()).toEqual(Object.keys(ACCOUNTS_EN).sort());
      for (const [key, text] of Object.entries(texts))
        expect(placeholders(text).sort(), key).toEqual(
          placeholders(ACCOUNTS_EN[key as keyof typeof ACCOUNTS_EN]).sort(),
        );
    });
  }
});

describe('numbers, money and dates follow the language of the message', () => {
  // Intl puts a no-break space between the amount and the symbol
  it('formats the money the domain writes for German: "9.572,02 €"', () => {
    const de = createI18n('de');
    expect(de.t('withdraw.maximum', { max: '€ 9572.02' })).toBe(
      'Die maximale Auszahlung beträgt 9.572,02\u00a0€',
    );
    expect(de.t('deposit.maximum', { currency: '€', max: '1,000,000' })).toBe('Höchsteinzahlung 1.000.000 €');
    expect(de.t('deposit.minimum', { currency: '€', min: 2500 })).toBe('Mindesteinzahlung 2.500 €');
    expect(de.t('trigger.cantBeLower', { value: '1.234560' })).toBe('Darf nicht niedriger sein als 1,234560');
  });

  it('English keeps the spec texts and groups numbers', () => {
    const en = createI18n('en');
    expect(en.t('withdraw.maximum', { max: '€ 9572.02' })).toBe('Maximum withdraw can be € 9572.02');
    expect(en.t('deposit.minimum', { currency: '€', min: 250 })).toBe('Minimum Deposit € 250');
    expect(en.t('deposit.minimum', { currency: '€', min: 2500 })).toBe('Minimum Deposit € 2,500');
  });

  it('reads only what is surely English-formatted, and never groups identifiers', () => {
    expect(formatNumericText('€ 120.50', 'de')).toBe('120,50\u00a0€');
    expect(formatNumericText('-€ 5.00', 'de')).toBe('-5,00\u00a0€');
    expect(formatNumericText('150.0 %', 'de')).toBe('150,0\u00a0%');
    expect(formatNumericText('65000.00', 'es')).toBe('65.000,00');
    // '5.000' may already be German for 5000: left as written
    expect(formatNumericText('5.000', 'de')).toBeNull();
    // a bare integer string may be an id
    expect(formatNumericText('100234', 'de')).toBeNull();
    expect(formatNumericText('2026-03-09', 'de')).toBe('09.03.2026');
    const de = createI18n('de');
    expect(de.t('header.pin', { pin: 100234 })).toBe('PIN 100234');
  });

  it('formats again when the language changes', async () => {
    const i18n = createI18n('en');
    expect(i18n.t('withdraw.maximum', { max: '€ 9572.02' })).toBe('Maximum withdraw can be € 9572.02');
    await i18n.changeLanguage('de');
    expect(i18n.t('withdraw.maximum', { max: '€ 9572.02' })).toBe(
      'Die maximale Auszahlung beträgt 9.572,02\u00a0€',
    );
  });
});

/** Titles a message may carry: one Spanish and Italian have, one they do not. */
const TITLE_KEYS = ['form.email', 'form.firstName'] as const;
const TITLE_PARAM = /^(title|field|label|type|direction|name)$/;
const NUMBER = 9572.5;

describe('a message is wholly in one language (Italian and Spanish are partial)', () => {
  it('Spanish without the template shows the English message with the English title', () => {
    const es = createI18n('es');
    expect(es.t('form.email')).toBe('Correo electrónico');
    expect(es.t('field.required', { title: es.t('form.email') })).toBe('Email is required');
    // the template exists in Spanish: its title is Spanish too, also when the domain sent the English one
    expect(es.t('deposit.maximum', { currency: '€', max: '1,000,000' })).toBe('Depósito máximo 1.000.000 €');
  });

  for (const [language, partial] of [
    ['es', ES],
    ['it', IT],
  ] as const) {
    it(`${language}: every message with values renders as all-${language} or all-English`, () => {
      const i18n = createI18n(language);
      const own = partial as Record<string, string | undefined>;
      const english = EN as Record<string, string>;
      let checked = 0;
      for (const [key, template] of Object.entries(english)) {
        const names = [...new Set(placeholders(template))];
        if (names.length === 0) continue;
        for (const titleKey of TITLE_KEYS) {
          const params: Record<string, string | number> = {};
          for (const name of names) params[name] = TITLE_PARAM.test(name) ? i18n.t(titleKey) : NUMBER;
          const titled = names.some((name) => TITLE_PARAM.test(name));
          const wholly = own[key] !== undefined && (!titled || own[titleKey] !== undefined);
          const lng = wholly ? language : 'en';
          const expected = (wholly ? (own[key] as string) : template).replace(
            /\{\{\s*(\w+)\s*\}\}/g,
            (_, name: string) =>
              TITLE_PARAM.test(name)
                ? ((wholly ? own[titleKey] : english[titleKey]) as string)
                : isIdentifierParam(name)
                  ? String(NUMBER)
                  : new Intl.NumberFormat(lng, { maximumFractionDigits: 10 }).format(NUMBER),
          );
          expect(i18n.t(key as never, params as never), `${language} ${key} with ${titleKey}`).toBe(expected);
          checked += 1;
        }
      }
      expect(checked).toBeGreaterThan(100);
    });
  }

  it('the domain catalogue is part of what is checked', () => {
    expect(Object.keys(MESSAGES_EN).every((key) => key in EN)).toBe(true);
  });
});

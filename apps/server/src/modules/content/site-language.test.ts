import { STANDARD_RISK_WARNING } from '@openbroker/domain';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { contentSingletons } from '../../db/schema.js';
import { createTestServer, testDbKind } from '../../test/harness.js';
import { localizeSiteSettings } from './site-language.js';

describe('site settings texts in a language', () => {
  const doc = {
    copyright: '© Example Ltd.',
    legal_text: 'Example Ltd. is registered.',
    risk_warning: STANDARD_RISK_WARNING.en,
    menu: [
      { title: 'Home', url: '/' },
      { title: 'Our prices', url: '/prices' },
    ],
    footer_links: [{ title: 'Privacy policy', url: '/privacy-policy' }],
    translations: {
      de: {
        Home: 'Startseite',
        'Example Ltd. is registered.': 'Example Ltd. ist eingetragen.',
        'Privacy policy': '',
      },
    },
  };

  it('translates the texts the document has translations for, and keeps the others as written', () => {
    const { data, languageOf } = localizeSiteSettings(doc, 'de');
    expect(data.menu).toEqual([
      { title: 'Startseite', url: '/' },
      { title: 'Our prices', url: '/prices' },
    ]);
    expect(data.legal_text).toBe('Example Ltd. ist eingetragen.');
    expect(data.copyright).toBe('© Example Ltd.');
    // an empty translation is no translation
    expect(data.footer_links).toEqual([{ title: 'Privacy policy', url: '/privacy-policy' }]);
    expect(languageOf('legal_text')).toBe('de');
    expect(languageOf('copyright')).toBe('en');
    expect(data).not.toHaveProperty('translations');
  });

  it("translates the product's standard risk warning without any entry", () => {
    expect(localizeSiteSettings(doc, 'de').data.risk_warning).toBe(STANDARD_RISK_WARNING.de);
    expect(localizeSiteSettings({ risk_warning: STANDARD_RISK_WARNING.de }, 'en').data.risk_warning).toBe(
      STANDARD_RISK_WARNING.en,
    );
  });

  it('leaves a language without translations in the stored texts', () => {
    const { data, languageOf } = localizeSiteSettings(doc, 'it');
    expect(data.menu).toEqual(doc.menu);
    expect(data.risk_warning).toBe(STANDARD_RISK_WARNING.en);
    expect(languageOf('risk_warning')).toBe('en');
  });
});

describe(`the seeded site settings in German (${testDbKind})`, async () => {
  const { app, runtime } = await createTestServer();
  const { db } = runtime.ctx.database;
  const aurora = (
    await app.inject({ method: 'GET', url: '/api/brand', headers: { host: 'aurora.localhost:3000' } })
  ).json().data;
  const settingsIn = async (lang?: string) => {
    const res = await app.inject({
      method: 'GET',
      url: `/api/singletons/get/settings?token=${aurora.contentToken}${lang ? `&lang=${lang}` : ''}`,
      headers: { host: 'aurora.localhost' },
    });
    expect(res.statusCode).toBe(200);
    return res.json().data;
  };

  it('answers the header menu, footer links, copyright, regulatory text and risk warning in German', async () => {
    const de = await settingsIn('de');
    expect(de.menu.map((l: { title: string }) => l.title)).toEqual([
      'Startseite',
      'Über uns',
      'Kontostufen',
      'Wirtschaftskalender',
      'Kontakt',
    ]);
    expect(de.footer_links.map((l: { title: string }) => l.title)).toEqual([
      'Allgemeine Geschäftsbedingungen',
      'Datenschutzerklärung',
      'Cookie-Richtlinie',
      'Geldwäsche-Richtlinie (AML)',
      'KYC-Richtlinie',
    ]);
    expect(de.legal_text).toBe(
      'Aurora Markets Ltd. ist unter HE 412907 eingetragen und verfügt über folgende Zulassung: Lizenz als Wertpapierfirma 318/17. Sitz: Arch. Makariou III 155, 3026 Limassol, Cyprus. Demodaten: Lizenz- und Registernummern sind fiktiv.',
    );
    expect(de.copyright).toMatch(
      /^© Aurora Markets Ltd\.+ CFDs sind komplexe Instrumente und gehen wegen der Hebelwirkung mit dem hohen Risiko einher, schnell Geld zu verlieren\.$/,
    );
    expect(de.risk_warning).toMatch(
      /^CFDs sind komplexe Instrumente .* \d+(,\d)? % der Kleinanlegerkonten verlieren Geld/,
    );
    expect(de).not.toHaveProperty('translations');
  });

  it('answers English without a language, in English, and in a language without translations', async () => {
    for (const lang of [undefined, 'en', 'it']) {
      const site = await settingsIn(lang);
      expect(site.menu[0].title, String(lang)).toBe('Home');
      expect(site.footer_links[0].title).toBe('Terms and conditions');
      expect(site.risk_warning).toMatch(
        /^CFDs are complex instruments .* \d+(\.\d)?% of retail investor accounts/,
      );
      expect(site).not.toHaveProperty('translations');
    }
  });

  it("shows the brand's own text once staff change it, not a stale translation", async () => {
    const brand = await runtime.ctx.brands.findBySlug('aurora');
    if (!brand) throw new Error('no brand aurora');
    const where = and(eq(contentSingletons.brandId, brand.id), eq(contentSingletons.name, 'settings'));
    const [row] = await db.select().from(contentSingletons).where(where);
    if (!row) throw new Error('aurora has no site settings');
    const data = row.data as Record<string, unknown> & { menu: { title: string; url: string }[] };
    await db
      .update(contentSingletons)
      .set({ data: { ...data, menu: [{ title: 'Our spreads', url: '/spreads' }, ...data.menu.slice(1)] } })
      .where(where);
    try {
      const de = await settingsIn('de');
      expect(de.menu[0].title).toBe('Our spreads');
      expect(de.menu[1].title).toBe('Über uns');
    } finally {
      await db.update(contentSingletons).set({ data }).where(where);
    }
  });
});

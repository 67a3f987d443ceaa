import type { PublicBrand as PublicBrandData } from '@openbroker/domain';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { type App, ok } from '../../http.js';
import { publicTheme } from './brand-theme.js';
import { type Brand, brandMinAge } from './brands.service.js';

const Palette = z.object({
  primary: z.string(),
  onPrimary: z.string(),
  secondary: z.string(),
  accent: z.string(),
  background: z.string(),
  surface: z.string(),
  text: z.string(),
  muted: z.string(),
  border: z.string(),
  heroFrom: z.string(),
  heroTo: z.string(),
});

const PublicBrand = z.object({
  slug: z.string(),
  name: z.string(),
  currency: z.string(),
  currencySymbol: z.string(),
  minDeposit: z.number(),
  minAge: z.number().int(),
  languages: z.array(z.string()),
  features: z.object({
    registrationEnabled: z.boolean(),
    restrictedMode: z.boolean(),
    economics: z.boolean(),
    homeRedirectsToPlatform: z.boolean(),
  }),
  theme: z.object({
    primary: z.string(),
    logoText: z.string(),
    light: Palette,
    dark: Palette,
    fonts: z.object({ heading: z.string(), body: z.string(), mono: z.string() }),
    radius: z.number(),
    logoSvg: z.string(),
    logoUrl: z.string(),
    faviconUrl: z.string(),
  }),
  legalName: z.string(),
  copyright: z.string(),
  supportEmail: z.string(),
  homeSlug: z.string(),
  contentToken: z.string(),
  formsToken: z.string(),
  widgets: z.array(z.enum(['market-quotes', 'cross-rates', 'ticker-tape'])),
  mapTileUrl: z.string(),
  tagline: z.string(),
  address: z.string(),
  phone: z.string(),
});

/** What the web app may know about a brand: no ids, no payment provider details. */
export function presentBrand(brand: Brand): PublicBrandData {
  const { settings } = brand;
  return {
    slug: brand.slug,
    name: brand.name,
    currency: settings.currency,
    currencySymbol: settings.currencySymbol,
    minDeposit: settings.minDeposit,
    minAge: brandMinAge(settings),
    languages: settings.languages,
    features: settings.features,
    theme: publicTheme(settings.theme),
    legalName: settings.legalName,
    copyright: settings.copyright,
    supportEmail: settings.supportEmail,
    homeSlug: settings.homeSlug,
    // The content tokens are read-only (and forms-only) keys the public site sends with its content
    // calls (spec §7); they only work on this brand's hosts.
    contentToken: settings.contentToken ?? '',
    formsToken: settings.formsToken ?? '',
    widgets: settings.widgets ?? ['market-quotes'],
    mapTileUrl: settings.mapTileUrl ?? '',
    tagline: settings.tagline ?? '',
    address: settings.office?.address ?? '',
    phone: settings.office?.phone ?? '',
  };
}

/** The brand's public settings, which the web app needs before it can render anything. */
export async function brandsRoutes(app: App, ctx: AppContext) {
  app.get(
    '/api/brand',
    {
      schema: {
        tags: ['site'],
        summary:
          "The requesting host's brand: name, flags, theme tokens (light and dark), widgets, legal texts, content tokens",
        response: { 200: ok(PublicBrand) },
      },
    },
    async (request) => {
      const brand = await ctx.brands.resolve(request.headers.host);
      return { status: true as const, data: presentBrand(brand) };
    },
  );
}

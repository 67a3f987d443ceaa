import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { type App, ok } from '../../http.js';

const PublicBrand = z.object({
  slug: z.string(),
  name: z.string(),
  currency: z.string(),
  currencySymbol: z.string(),
  minDeposit: z.number(),
  languages: z.array(z.string()),
  features: z.object({
    registrationEnabled: z.boolean(),
    restrictedMode: z.boolean(),
    economics: z.boolean(),
    homeRedirectsToPlatform: z.boolean(),
  }),
  theme: z.object({ primary: z.string(), logoText: z.string() }),
  legalName: z.string(),
  copyright: z.string(),
  supportEmail: z.string(),
});

/** The brand's public settings, which the web app needs before it can render anything. */
export async function brandsRoutes(app: App, ctx: AppContext) {
  app.get(
    '/api/brand',
    {
      schema: {
        tags: ['site'],
        summary: "The requesting host's brand: name, flags, theme, legal texts",
        response: { 200: ok(PublicBrand) },
      },
    },
    async (request) => {
      const brand = await ctx.brands.resolve(request.headers.host);
      const { settings } = brand;
      return {
        status: true as const,
        data: {
          slug: brand.slug,
          name: brand.name,
          currency: settings.currency,
          currencySymbol: settings.currencySymbol,
          minDeposit: settings.minDeposit,
          languages: settings.languages,
          features: settings.features,
          theme: settings.theme,
          legalName: settings.legalName,
          copyright: settings.copyright,
          supportEmail: settings.supportEmail,
        },
      };
    },
  );
}

import { BrandTradingView, PublicBrand } from '@openbroker/domain';
import { z } from 'zod';
import { type App, ErrorBody, ok } from '../../http.js';
import { invalidFields, notFound } from '../../lib/errors.js';
import { assertBrandInScope, staffOf, withPolicy } from '../staff/policy.js';
import type { StaffService } from '../staff/staff.service.js';
import { auditStaffAction } from '../staff/staff-audit.js';
import { publicTheme } from './brand-theme.js';
import { type BrandTradingSettings, tradingProfileOf } from './brand-trading.js';
import { type Brand, type BrandsService, brandMinAge } from './brands.service.js';

/** Stored trading settings as the back office reads them (an interface has no index signature of its own). */
const settingsDto = (trading: BrandTradingSettings | undefined): Record<string, unknown> | null =>
  trading ? { ...trading } : null;

/** What the web app may know about a brand: no ids, no payment provider details. */
export function presentBrand(brand: Brand): PublicBrand {
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
    trading: {
      ...tradingProfileOf(settings),
      retailLossPercent: settings.trading?.retailLossPercent ?? null,
    },
  };
}

/** What the brand's public settings and trading-conditions routes use. */
export interface BrandsRoutesDeps {
  brands: BrandsService;
  staff: StaffService;
}

/** The brand's public settings, which the web app needs before it can render anything. */
export async function brandsRoutes(app: App, { brands, staff }: BrandsRoutesDeps) {
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
      const brand = await brands.resolve(request.headers.host);
      return { status: true as const, data: presentBrand(brand) };
    },
  );

  // Trading conditions are the brand's, for every client: admins only (docs/trading-costs.md).
  const policy = { permission: 'staff.manage', brandScoped: true } as const;
  const tags = ['backoffice: brands'];
  const BrandIdParams = z.object({ id: z.coerce.number().int().positive() });
  const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };

  app.get(
    '/api/backoffice/brands/:id/trading',
    withPolicy(policy, staff, {
      tags,
      summary: "The brand's trading settings (preset and overrides) and the profile they resolve to",
      params: BrandIdParams,
      response: { 200: ok(BrandTradingView), ...errors },
    }),
    async (request) => {
      assertBrandInScope(staffOf(request), request.params.id);
      const brand = await brands.findById(request.params.id);
      if (!brand) throw notFound();
      return {
        status: true as const,
        data: { settings: settingsDto(brand.settings.trading), profile: tradingProfileOf(brand.settings) },
      };
    },
  );

  app.put(
    '/api/backoffice/brands/:id/trading',
    withPolicy(policy, staff, {
      tags,
      summary:
        "Replaces the brand's trading settings: preset ('esma', 'asic', 'professional', 'custom') and overrides. A bad value answers 400 with a message per field and changes nothing",
      params: BrandIdParams,
      body: z.record(z.string(), z.unknown()),
      response: { 200: ok(BrandTradingView), ...errors },
    }),
    async (request) => {
      const auth = staffOf(request);
      assertBrandInScope(auth, request.params.id);
      const brand = await brands.findById(request.params.id);
      if (!brand) throw notFound();
      // the audit row (before and after) is written in the same transaction as the change
      const result = await brands.setTrading(brand.id, request.body, (tx, change) =>
        auditStaffAction(tx, auth, request, {
          action: 'brand.trading',
          subject: `brand:${brand.id}`,
          brandId: brand.id,
          before: { trading: change.before },
          after: { trading: change.trading },
        }),
      );
      if (!result.ok) throw invalidFields(result.errors);
      return {
        status: true as const,
        data: { settings: settingsDto(result.value.trading), profile: result.value.profile },
      };
    },
  );
}

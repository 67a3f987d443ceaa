/**
 * A brand's trading conditions: a jurisdiction preset plus the broker's overrides, kept in
 * `brands.settings.trading`. `tradingProfileOf` turns them into the domain TradingProfile the engine,
 * the terminal and the public site all use, so the price a client is quoted, the figure the site
 * advertises and the leverage the ticket offers come from one place.
 */
import {
  allowedLeverages,
  COST_LIMITS,
  CommissionSchema,
  DEFAULT_TRADING_PROFILE,
  ESMA_LEVERAGE_CAPS,
  type FieldMessage,
  INSTRUMENT_GROUPS,
  type InstrumentGroup,
  JURISDICTION_PRESETS,
  type JurisdictionPreset,
  LEVERAGE_CLASSES,
  type LeverageClass,
  leverageCapFor,
  MarkupSchema,
  type MessageKey,
  type MessageParams,
  presetProfile,
  RETAIL_STOP_OUT_LEVEL,
  SwapSchema,
  type TradingProfile,
  TradingProfileSchema,
  type ValidationResult,
} from '@openbroker/domain';
import { z } from 'zod';
import type { BrandTradingSettings } from '../../db/schema.js';

/** `brands.settings.trading` as stored (db/schema.ts): the preset and the broker's overrides. */
export type { BrandTradingSettings } from '../../db/schema.js';

/** The engine's profile key of a brand's accounts (EngineOptions.profiles / engine.setProfile). */
export const brandProfileKey = (brandId: number): string => `brand:${brandId}`;

const RETAIL: readonly JurisdictionPreset[] = ['esma', 'asic'];
const isRetail = (preset: JurisdictionPreset) => RETAIL.includes(preset);

const level = z.number().gt(0).max(COST_LIMITS.levelMax);
const cap = z.number().int().min(1).max(COST_LIMITS.leverageCapMax);

const GroupOverrides = z.strictObject({
  markup: MarkupSchema.optional(),
  commission: CommissionSchema.optional(),
  swap: SwapSchema.strict().optional(),
});

const BrandTradingSchema = z.strictObject({
  preset: z.enum(JURISDICTION_PRESETS),
  marginCallLevel: level.optional(),
  stopOutLevel: level.optional(),
  groups: z
    .strictObject(Object.fromEntries(INSTRUMENT_GROUPS.map((g) => [g, GroupOverrides.optional()])))
    .optional(),
  leverageCaps: z
    .strictObject(Object.fromEntries(LEVERAGE_CLASSES.map((c) => [c, cap.optional()])))
    .nullable()
    .optional(),
  retailLossPercent: z.number().min(0).max(100).optional(),
});

/**
 * The trading profile of a brand's settings: no `trading` → DEFAULT_TRADING_PROFILE (spec pricing);
 * else `presetProfile(preset)` with the brand's costs, then its levels and caps (which validation keeps
 * within a retail preset's limits).
 */
export function tradingProfileOf(settings: { trading?: BrandTradingSettings | undefined }): TradingProfile {
  const trading = settings.trading;
  if (!trading) return DEFAULT_TRADING_PROFILE;
  const groups = { ...DEFAULT_TRADING_PROFILE.groups };
  for (const group of INSTRUMENT_GROUPS) {
    const override = trading.groups?.[group];
    if (override) groups[group] = { ...groups[group], ...override };
  }
  const profile = presetProfile(trading.preset, { groups });
  const caps =
    trading.leverageCaps === null
      ? null
      : trading.leverageCaps
        ? { ...(profile.leverageCaps ?? ESMA_LEVERAGE_CAPS), ...trading.leverageCaps }
        : profile.leverageCaps;
  return {
    ...profile,
    marginCallLevel: trading.marginCallLevel ?? profile.marginCallLevel,
    stopOutLevel: trading.stopOutLevel ?? profile.stopOutLevel,
    leverageCaps: isRetail(trading.preset) && caps === null ? profile.leverageCaps : caps,
  };
}

/**
 * Checks trading settings as staff send them: the shape and ranges, then the preset's limits (a
 * retail preset's caps may only be lowered and its stop-out only raised; stop-out stays below the
 * margin call). Every problem names the field and says what is allowed.
 */
export function validateBrandTrading(input: unknown): ValidationResult<BrandTradingSettings> {
  const parsed = BrandTradingSchema.safeParse(input);
  if (!parsed.success) return { ok: false, errors: parsed.error.issues.map(issueMessage) };
  const settings = parsed.data as BrandTradingSettings;
  const errors: FieldMessage[] = [];
  const preset = settings.preset;
  if (isRetail(preset)) {
    if (settings.leverageCaps === null)
      errors.push(message('leverageCaps', 'pricing.capsRequired', { preset: presetName(preset) }));
    for (const [cls, value] of Object.entries(settings.leverageCaps ?? {})) {
      const limit = ESMA_LEVERAGE_CAPS[cls as LeverageClass];
      if (value !== undefined && value > limit)
        errors.push(
          message(`leverageCaps.${cls}`, 'pricing.capAbovePreset', {
            value,
            cap: limit,
            preset: presetName(preset),
          }),
        );
    }
    if (settings.stopOutLevel !== undefined && settings.stopOutLevel < RETAIL_STOP_OUT_LEVEL)
      errors.push(
        message('stopOutLevel', 'pricing.stopOutBelowPreset', {
          value: percent(settings.stopOutLevel),
          min: percent(RETAIL_STOP_OUT_LEVEL),
          preset: presetName(preset),
        }),
      );
  }
  if (errors.length > 0) return { ok: false, errors };
  const profile = tradingProfileOf({ trading: settings });
  if (profile.stopOutLevel >= profile.marginCallLevel)
    errors.push(
      message(
        settings.stopOutLevel !== undefined ? 'stopOutLevel' : 'marginCallLevel',
        'pricing.stopOutAboveMarginCall',
        {
          stopOut: percent(profile.stopOutLevel),
          marginCall: percent(profile.marginCallLevel),
        },
      ),
    );
  // The resolved profile must be one the engine accepts (the same schema the domain publishes).
  if (errors.length === 0 && !TradingProfileSchema.safeParse(profile).success)
    errors.push(message('', 'pricing.profileInvalid'));
  return errors.length > 0 ? { ok: false, errors } : { ok: true, value: settings };
}

/**
 * The leverages a client of this profile may pick for an instrument: its category's list (spec §3
 * '1,3,5,10') filtered to the profile's cap for the instrument's class. The server refuses anything
 * else; the terminal offers only these.
 */
export function offeredLeverages(
  categoryList: string | readonly number[],
  symbol: string,
  group: InstrumentGroup,
  profile: Pick<TradingProfile, 'leverageCaps'>,
): number[] {
  const list =
    typeof categoryList === 'string'
      ? categoryList
          .split(',')
          .map((v) => Number(v.trim()))
          .filter((v) => Number.isFinite(v) && v > 0)
      : categoryList;
  return allowedLeverages(list, leverageCapFor(profile, symbol, group));
}

// ---- messages ------------------------------------------------------------------------------------

const PRESET_NAMES: Record<JurisdictionPreset, string> = {
  esma: 'ESMA/FCA retail',
  asic: 'ASIC retail',
  professional: 'professional',
  custom: 'custom',
};
const presetName = (preset: JurisdictionPreset) => PRESET_NAMES[preset];
const percent = (fraction: number) => `${Math.round(fraction * 10_000) / 100} %`;

function message(path: string, key: MessageKey, params?: MessageParams): FieldMessage {
  return params ? { path, key, params } : { path, key };
}

interface Issue {
  code: string;
  path: readonly PropertyKey[];
  minimum?: unknown;
  maximum?: unknown;
  keys?: readonly string[];
  values?: readonly unknown[];
  expected?: unknown;
  inclusive?: boolean;
}

function issueMessage(raw: z.core.$ZodIssue): FieldMessage {
  const issue = raw as unknown as Issue;
  const path = issue.path.map(String).join('.');
  const field = path || 'trading';
  switch (issue.code) {
    case 'too_small':
      return message(path, issue.inclusive === false ? 'pricing.aboveMin' : 'pricing.atLeast', {
        field,
        min: Number(issue.minimum),
      });
    case 'too_big':
      return message(path, 'pricing.atMost', { field, max: Number(issue.maximum) });
    case 'unrecognized_keys': {
      const keys = issue.keys ?? [];
      return message(path, 'pricing.unknownSetting', {
        field: keys.map((k) => (path ? `${path}.${k}` : k)).join(', '),
      });
    }
    case 'invalid_value':
      return message(path, 'pricing.oneOf', {
        field,
        options: (issue.values ?? []).map((v) => JSON.stringify(v)).join(', '),
      });
    case 'invalid_union':
      return message(path, 'pricing.unitInvalid', { field });
    default:
      return message(path, 'pricing.invalid', { field, expected: String(issue.expected ?? 'a valid value') });
  }
}

/**
 * Jurisdiction presets: ESMA/FCA retail and ASIC leverage caps per instrument class, margin close-out
 * at 50 %, and professional/offshore without caps. A brand picks a preset and may edit it after; the preset caps the
 * leverage lists clients can pick, on the server.
 */
import { DEFAULT_TRADING_PROFILE, type InstrumentGroup, type TradingProfile } from './costs.js';
import type { JurisdictionPreset, LeverageClass } from './leverage-classes.js';

export {
  JURISDICTION_PRESETS,
  type JurisdictionPreset,
  LEVERAGE_CLASSES,
  type LeverageClass,
} from './leverage-classes.js';

/** ESMA/FCA retail caps (ASIC uses the same): 30:1 majors, 20:1 minors, gold and major indices, … 2:1 crypto. */
export const ESMA_LEVERAGE_CAPS: Readonly<Record<LeverageClass, number>> = Object.freeze({
  forexMajor: 30,
  forexMinor: 20,
  goldMajorIndex: 20,
  commodityMinorIndex: 10,
  share: 5,
  crypto: 2,
});

/** Margin close-out of ESMA/ASIC retail: 50 % of the margin in use. */
export const RETAIL_STOP_OUT_LEVEL = 0.5;

/** Currencies whose pairs with each other are forex majors under ESMA. */
export const MAJOR_CURRENCIES: readonly string[] = ['USD', 'EUR', 'JPY', 'GBP', 'CAD', 'CHF'];
/** Indices ESMA counts as major (with gold at 20:1); other indices are minor (10:1). */
export const MAJOR_INDICES: readonly string[] = [
  'US500',
  'US30',
  'US100',
  'DE40',
  'UK100',
  'FR40',
  'EU50',
  'JP225',
];
const GOLD = 'GOLD';

/** The ESMA leverage class of an instrument from its symbol and group. */
export function leverageClassOf(symbol: string, group: InstrumentGroup): LeverageClass {
  const s = symbol.trim().toUpperCase();
  switch (group) {
    case 'forex': {
      const base = s.slice(0, 3);
      const quote = s.slice(3, 6);
      return s.length === 6 && MAJOR_CURRENCIES.includes(base) && MAJOR_CURRENCIES.includes(quote)
        ? 'forexMajor'
        : 'forexMinor';
    }
    case 'commodities':
      return s === GOLD ? 'goldMajorIndex' : 'commodityMinorIndex';
    case 'index':
      return MAJOR_INDICES.includes(s) ? 'goldMajorIndex' : 'commodityMinorIndex';
    case 'stocks':
      return 'share';
    case 'crypto':
      return 'crypto';
  }
}

/**
 * A profile for a preset on top of `base` (its costs and, for 'professional' and 'custom', its caps and levels):
 * esma/asic force the ESMA caps, stop-out 0.5 and margin call 1.0; professional has no caps unless `base` sets
 * them and stop-out 0.5 unless `base` sets it; custom is `base` as it is.
 */
export function presetProfile(
  preset: JurisdictionPreset,
  base: Partial<TradingProfile> = {},
): TradingProfile {
  const merged: TradingProfile = {
    ...DEFAULT_TRADING_PROFILE,
    ...base,
    groups: { ...DEFAULT_TRADING_PROFILE.groups, ...base.groups },
    preset,
  };
  if (preset === 'esma' || preset === 'asic')
    return {
      ...merged,
      leverageCaps: { ...ESMA_LEVERAGE_CAPS },
      stopOutLevel: RETAIL_STOP_OUT_LEVEL,
      marginCallLevel: 1,
    };
  if (preset === 'professional')
    return {
      ...merged,
      leverageCaps: base.leverageCaps ?? null,
      stopOutLevel: base.stopOutLevel ?? RETAIL_STOP_OUT_LEVEL,
    };
  return merged;
}

/** The cap of an instrument under a profile, or undefined when the profile has no caps. */
export function leverageCapFor(
  profile: Pick<TradingProfile, 'leverageCaps'>,
  symbol: string,
  group: InstrumentGroup,
): number | undefined {
  return profile.leverageCaps?.[leverageClassOf(symbol, group)];
}

/** The category's leverage list filtered to values ≤ cap (all of it without a cap), in the list's order. */
export function allowedLeverages(list: readonly number[], cap: number | undefined): number[] {
  return cap === undefined ? [...list] : list.filter((value) => value <= cap);
}

/** Whether a leverage is within the cap (always without a cap). */
export function isLeverageAllowed(leverage: number, cap: number | undefined): boolean {
  return cap === undefined || leverage <= cap;
}

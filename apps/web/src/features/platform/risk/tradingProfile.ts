import {
  DEFAULT_TRADING_PROFILE,
  type InstrumentGroup,
  type PriceUnit,
  pipSize as pipSizeOf,
  priceUnitOf,
  type TradingProfile,
  tickSizeOf,
} from '@openbroker/domain';
import { useMemo } from 'react';
import type { Asset, Instrument } from '../../../api/types.js';
import { useBrand } from '../../../lib/BrandProvider.js';

type Loose = Record<string, unknown>;
const isObject = (value: unknown): value is Loose => typeof value === 'object' && value !== null;
const finite = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/**
 * The brand's trading profile from the public brand config (`trading`), laid over the default (spec
 * behaviour) so a partial or missing profile still gives every group its costs.
 */
export function profileOf(trading: unknown): TradingProfile {
  if (!isObject(trading)) return DEFAULT_TRADING_PROFILE;
  const groups = isObject(trading.groups) ? trading.groups : {};
  return {
    ...DEFAULT_TRADING_PROFILE,
    ...(finite(trading.marginCallLevel) ? { marginCallLevel: trading.marginCallLevel } : {}),
    ...(finite(trading.stopOutLevel) ? { stopOutLevel: trading.stopOutLevel } : {}),
    groups: { ...DEFAULT_TRADING_PROFILE.groups, ...(groups as Partial<TradingProfile['groups']>) },
  };
}

/** The brand's trading profile (margin-call and stop-out levels, markups per group). */
export function useTradingProfile(): TradingProfile {
  const trading = (useBrand() as { trading?: unknown }).trading;
  return useMemo(() => profileOf(trading), [trading]);
}

/** What the terminal needs to know of an instrument beyond the catalogue: its group, pip, tick, unit and next opening. */
export interface InstrumentFacts {
  group: InstrumentGroup;
  pipSize: number;
  /** Smallest price step: prices and levels are on it (null when unknown). */
  tick: number | null;
  /** How moves are counted for a person: pips (forex) or points (everything else). */
  unit: PriceUnit;
  /** When a closed market opens next (epoch ms), when the server says. */
  nextOpen: number | null;
}

const toMillis = (value: unknown): number | null => {
  if (finite(value)) return value;
  if (typeof value === 'string' && value !== '') {
    const ms = Date.parse(value);
    return Number.isNaN(ms) ? null : ms;
  }
  return null;
};

/**
 * An instrument's group, pip size and next opening: from the assets or instruments payload when the server
 * sends them (`group`, `pipSize`/`pip_size`, `next_open`), else from the category and the domain pip rule.
 */
export function instrumentFacts(
  symbol: string,
  instrument: Instrument | undefined,
  asset?: Asset | undefined,
): InstrumentFacts {
  const a = (asset ?? {}) as Loose;
  const i = (instrument ?? {}) as Loose;
  const group = (a.group ?? i.group ?? instrument?.category ?? 'crypto') as InstrumentGroup;
  const sentPip = [a.pipSize, a.pip_size, i.pipSize, i.pip_size].find((v) => finite(v) && v > 0) as
    | number
    | undefined;
  const nextOpen = toMillis(a.next_open ?? a.nextOpen ?? i.next_open ?? i.nextOpen);
  const pipSize = sentPip ?? pipSizeOf(symbol, group, instrument?.precision ?? 2);
  const sentTick = [i.tick, a.tick].find((v) => finite(v) && v > 0) as number | undefined;
  return {
    group,
    pipSize,
    tick: sentTick ?? tickSizeOf(instrument?.precision),
    unit: priceUnitOf(group, pipSize),
    nextOpen,
  };
}

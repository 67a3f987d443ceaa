/**
 * The dealing desk's figures, computed from the engine's open positions in one pass (no database):
 * exposure per instrument and per asset class, and the accounts nearest to their stop-out.
 *
 * Volume is the notional: amount (margin) × leverage. Clients' profit is their live unrealised profit at the
 * engine's latest dealing prices; the broker's book is the other side of every trade, so its profit is the
 * negative. Sums are kept in whole cents (integers) so they are exact however many positions there are.
 *
 * Each brand books in its own account currency, so every figure is per currency: an instrument traded by a EUR
 * brand and a USD brand has a EUR row and a USD row, and nothing here adds amounts of different currencies.
 */
import {
  type DeskCurrencyFigures,
  type DeskNearAccount,
  type DeskSnapshot,
  INSTRUMENT_GROUPS,
  type InstrumentGroup,
} from '@openbroker/domain';
import type { DeskPosition } from '../../engine/index.js';
import { brandOfProfile } from '../trading/trading.service.js';

/** Exposure of one instrument (or one asset class) in one account currency (the contract's figures). */
export type ExposureFigures = DeskCurrencyFigures;

/** An account's margin figures at the latest prices: the desk's nearest account before it is named. */
export type AccountRisk = Omit<
  DeskNearAccount,
  'clientName' | 'pin' | 'brandSlug' | 'stopOutLevel' | 'marginCallLevel' | 'accountNumber'
>;

/** The engine's figures of the desk: the snapshot without its time, rates and the accounts' names. */
export type DeskFigures = Pick<DeskSnapshot, 'currencies' | 'instruments' | 'groups' | 'totals'> & {
  /** Accounts with margin in use, lowest margin level first, at most `nearest`. */
  nearest: AccountRisk[];
};

interface Sum {
  long: number;
  short: number;
  longMargin: number;
  shortMargin: number;
  positions: number;
  longPositions: number;
  shortPositions: number;
  profit: number;
}

const emptySum = (): Sum => ({
  long: 0,
  short: 0,
  longMargin: 0,
  shortMargin: 0,
  positions: 0,
  longPositions: 0,
  shortPositions: 0,
  profit: 0,
});

/** Money (with cents) → whole cents. */
const cents = (value: number) => Math.round(value * 100);
const fromCents = (c: number) => c / 100;

function figures(currency: string, sum: Sum): ExposureFigures {
  return {
    currency,
    longVolume: fromCents(sum.long),
    shortVolume: fromCents(sum.short),
    netVolume: fromCents(sum.long - sum.short),
    longMargin: fromCents(sum.longMargin),
    shortMargin: fromCents(sum.shortMargin),
    positions: sum.positions,
    longPositions: sum.longPositions,
    shortPositions: sum.shortPositions,
    clientsProfit: fromCents(sum.profit),
    // + 0 turns −0 into 0
    brokerProfit: fromCents(-sum.profit) + 0,
  };
}

function add(sum: Sum, p: DeskPosition, volume: number, margin: number, profit: number): void {
  if (p.direction === 'buy') {
    sum.long += volume;
    sum.longMargin += margin;
    sum.longPositions++;
  } else {
    sum.short += volume;
    sum.shortMargin += margin;
    sum.shortPositions++;
  }
  sum.positions++;
  sum.profit += profit;
}

const byKey = <K>(map: Map<K, Sum>, key: K): Sum => {
  let sum = map.get(key);
  if (!sum) {
    sum = emptySum();
    map.set(key, sum);
  }
  return sum;
};
const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The desk over the open positions whose account's brand `inScope` accepts (accounts outside any brand are
 * never shown), each summed in its account's currency (`currencyOf`). O(positions) plus sorting the instruments
 * and the accounts.
 */
export function computeDesk(
  open: readonly DeskPosition[],
  inScope: (brandId: number) => boolean,
  currencyOf: (accountId: number) => string,
  nearest = 20,
): DeskFigures {
  const bySymbol = new Map<string, { symbol: string; group: InstrumentGroup; currency: string; sum: Sum }>();
  const byGroup = new Map<InstrumentGroup, Map<string, Sum>>(INSTRUMENT_GROUPS.map((g) => [g, new Map()]));
  const total = new Map<string, Sum>();
  const accounts = new Map<
    number,
    { brandId: number; currency: string; balance: number; margin: number; profit: number; positions: number }
  >();
  // the scope per profile key, so it is looked up once per brand, not once per position
  const scopeOfProfile = new Map<string | undefined, number | null>();
  for (const p of open) {
    let brandId = scopeOfProfile.get(p.profile);
    if (brandId === undefined) {
      const id = brandOfProfile(p.profile);
      brandId = id !== undefined && inScope(id) ? id : null;
      scopeOfProfile.set(p.profile, brandId);
    }
    if (brandId === null) continue;
    const currency = currencyOf(p.accountId);
    const margin = cents(p.amount);
    const volume = cents(p.amount * p.leverage);
    const profit = p.profit === null ? 0 : cents(p.profit);
    const key = `${p.symbol}|${currency}`;
    let entry = bySymbol.get(key);
    if (!entry) {
      entry = { symbol: p.symbol, group: p.group, currency, sum: emptySum() };
      bySymbol.set(key, entry);
    }
    add(entry.sum, p, volume, margin, profit);
    add(byKey(byGroup.get(p.group) ?? new Map(), currency), p, volume, margin, profit);
    add(byKey(total, currency), p, volume, margin, profit);
    const account = accounts.get(p.accountId);
    if (account) {
      account.profit += profit;
      account.positions++;
    } else
      accounts.set(p.accountId, {
        brandId,
        currency,
        balance: cents(p.balance),
        margin: cents(p.margin),
        profit,
        positions: 1,
      });
  }

  const risks: AccountRisk[] = [];
  for (const [userId, a] of accounts) {
    if (a.margin <= 0) continue;
    const equity = a.balance + a.profit;
    risks.push({
      userId,
      brandId: a.brandId,
      currency: a.currency,
      balance: fromCents(a.balance),
      equity: fromCents(equity),
      usedMargin: fromCents(a.margin),
      marginLevel: Math.round((equity / a.margin) * 10_000) / 100,
      positions: a.positions,
    });
  }
  risks.sort((a, b) => a.marginLevel - b.marginLevel || a.userId - b.userId);

  const perCurrency = (sums: Map<string, Sum>) =>
    [...sums.entries()].sort(([a], [b]) => byText(a, b)).map(([currency, sum]) => figures(currency, sum));
  return {
    currencies: [...total.keys()].sort(byText),
    instruments: [...bySymbol.values()]
      .sort((a, b) => byText(a.symbol, b.symbol) || byText(a.currency, b.currency))
      .map(({ symbol, group, currency, sum }) => ({ symbol, group, ...figures(currency, sum) })),
    groups: INSTRUMENT_GROUPS.map((group) => ({
      group,
      currencies: perCurrency(byGroup.get(group) ?? new Map()),
    })),
    totals: { accounts: accounts.size, currencies: perCurrency(total) },
    nearest: risks.slice(0, nearest),
  };
}

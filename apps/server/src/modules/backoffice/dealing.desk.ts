/**
 * The dealing desk's figures (issue 15), computed from the engine's open positions in one pass (no database):
 * exposure per instrument and per asset class, and the accounts nearest to their stop-out.
 *
 * Volume is the notional: amount (margin) × leverage. Clients' profit is their live unrealised profit at the
 * engine's latest dealing prices; the broker's book is the other side of every trade, so its profit is the
 * negative. Sums are kept in whole cents (integers) so they are exact however many positions there are.
 */
import { INSTRUMENT_GROUPS, type InstrumentGroup } from '@openbroker/domain';
import type { DeskPosition } from '../../engine/index.js';
import { brandOfProfile } from '../trading/trading.service.js';

/** Exposure of one instrument (or one asset class). Money in EUR, two decimals. */
export interface ExposureFigures {
  /** Clients' bought notional (Σ amount × leverage of buys). */
  longVolume: number;
  /** Clients' sold notional. */
  shortVolume: number;
  /** longVolume − shortVolume: the clients' net position; the broker holds the opposite. */
  netVolume: number;
  /** Margin put up on buys and on sells. */
  longMargin: number;
  shortMargin: number;
  positions: number;
  longPositions: number;
  shortPositions: number;
  /** Σ live profit of the clients' positions (unquoted ones count 0). */
  clientsProfit: number;
  /** −clientsProfit: what the broker's book wins or loses against them. */
  brokerProfit: number;
}

export interface InstrumentExposure extends ExposureFigures {
  symbol: string;
  group: InstrumentGroup;
}

export interface GroupExposure extends ExposureFigures {
  group: InstrumentGroup;
}

/** An account's margin figures at the latest prices. */
export interface AccountRisk {
  userId: number;
  brandId: number | null;
  balance: number;
  equity: number;
  usedMargin: number;
  /** Equity ÷ used margin × 100, two decimals. */
  marginLevel: number;
  positions: number;
}

export interface DeskFigures {
  instruments: InstrumentExposure[];
  /** Every asset class, in INSTRUMENT_GROUPS order (zeros where nothing is open). */
  groups: GroupExposure[];
  totals: ExposureFigures & { accounts: number };
  /** Accounts with margin in use, lowest margin level first, at most `nearest`. */
  nearest: AccountRisk[];
}

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

/** Money (EUR with cents) → whole cents. */
const cents = (value: number) => Math.round(value * 100);
const eur = (c: number) => c / 100;

function figures(sum: Sum): ExposureFigures {
  return {
    longVolume: eur(sum.long),
    shortVolume: eur(sum.short),
    netVolume: eur(sum.long - sum.short),
    longMargin: eur(sum.longMargin),
    shortMargin: eur(sum.shortMargin),
    positions: sum.positions,
    longPositions: sum.longPositions,
    shortPositions: sum.shortPositions,
    clientsProfit: eur(sum.profit),
    // + 0 turns −0 into 0
    brokerProfit: eur(-sum.profit) + 0,
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

/**
 * The desk over the open positions whose account's brand `inScope` accepts (accounts outside any brand are
 * never shown). O(positions) plus sorting the instruments and the accounts.
 */
export function computeDesk(
  open: readonly DeskPosition[],
  inScope: (brandId: number) => boolean,
  nearest = 20,
): DeskFigures {
  const bySymbol = new Map<string, { group: InstrumentGroup; sum: Sum }>();
  const byGroup = new Map<InstrumentGroup, Sum>(INSTRUMENT_GROUPS.map((g) => [g, emptySum()]));
  const total = emptySum();
  const accounts = new Map<
    number,
    { brandId: number; balance: number; margin: number; profit: number; positions: number }
  >();
  // the scope answer per profile key, so the filter runs once per brand, not once per position
  const scopeOfProfile = new Map<string | undefined, number | null>();
  for (const p of open) {
    let brandId = scopeOfProfile.get(p.profile);
    if (brandId === undefined) {
      const id = brandOfProfile(p.profile);
      brandId = id !== undefined && inScope(id) ? id : null;
      scopeOfProfile.set(p.profile, brandId);
    }
    if (brandId === null) continue;
    const margin = cents(p.amount);
    const volume = cents(p.amount * p.leverage);
    const profit = p.profit === null ? 0 : cents(p.profit);
    let entry = bySymbol.get(p.symbol);
    if (!entry) {
      entry = { group: p.group, sum: emptySum() };
      bySymbol.set(p.symbol, entry);
    }
    add(entry.sum, p, volume, margin, profit);
    add(byGroup.get(p.group) ?? emptySum(), p, volume, margin, profit);
    add(total, p, volume, margin, profit);
    const account = accounts.get(p.accountId);
    if (account) {
      account.profit += profit;
      account.positions++;
    } else
      accounts.set(p.accountId, {
        brandId,
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
      balance: eur(a.balance),
      equity: eur(equity),
      usedMargin: eur(a.margin),
      marginLevel: Math.round((equity / a.margin) * 10_000) / 100,
      positions: a.positions,
    });
  }
  risks.sort((a, b) => a.marginLevel - b.marginLevel || a.userId - b.userId);

  return {
    instruments: [...bySymbol.entries()]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([symbol, { group, sum }]) => ({ symbol, group, ...figures(sum) })),
    groups: INSTRUMENT_GROUPS.map((group) => ({ group, ...figures(byGroup.get(group) ?? emptySum()) })),
    totals: { ...figures(total), accounts: accounts.size },
    nearest: risks.slice(0, nearest),
  };
}

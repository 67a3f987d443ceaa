/** The dealing desk's server contract (issue 15): GET /api/backoffice/dealing/* and the `/backoffice` socket. */

export const DEALING_EVENTS = {
  subscribe: 'dealing.subscribe',
  unsubscribe: 'dealing.unsubscribe',
  desk: 'dealing.desk',
  closed: 'dealing.closed',
} as const;

export const ASSET_GROUPS = ['forex', 'stocks', 'crypto', 'commodities', 'index'] as const;
export type AssetGroup = (typeof ASSET_GROUPS)[number];

/** Exposure figures (money in EUR): volumes are notionals (amount × leverage). */
export interface ExposureFigures {
  longVolume: number;
  shortVolume: number;
  netVolume: number;
  longMargin: number;
  shortMargin: number;
  positions: number;
  longPositions: number;
  shortPositions: number;
  clientsProfit: number;
  brokerProfit: number;
}

export interface InstrumentExposure extends ExposureFigures {
  symbol: string;
  group: AssetGroup;
}

export interface NearAccount {
  userId: number;
  brandId: number | null;
  clientName: string;
  pin: string | null;
  brandSlug: string;
  balance: number;
  equity: number;
  usedMargin: number;
  /** Percent. */
  marginLevel: number;
  positions: number;
  /** The brand's levels, percent. */
  stopOutLevel: number;
  marginCallLevel: number;
}

export interface DeskSnapshot {
  at: string;
  brandId: number | null;
  computeMs: number;
  instruments: InstrumentExposure[];
  groups: (ExposureFigures & { group: AssetGroup })[];
  totals: ExposureFigures & { accounts: number };
  nearest: NearAccount[];
}

export type CloseKind = 'stop_loss' | 'take_profit' | 'low_margin' | 'ai_trade' | 'client' | 'staff';

export interface DeskClose {
  positionId: number;
  userId: number;
  clientName: string;
  brandId: number;
  brandSlug: string;
  symbol: string;
  direction: 'buy' | 'sell';
  amount: number;
  leverage: number;
  kind: CloseKind;
  cause: string | null;
  closingReason: number | null;
  closedRate: number | null;
  quote: { buy: number; sell: number } | null;
  profit: number | null;
  reason: string | null;
  partial: boolean;
  at: string;
}

export interface BrandHalts {
  id: number;
  slug: string;
  name: string;
  halted: string[];
}

/** Closes the stream keeps (the server's first page has as many). */
export const CLOSES_KEPT = 100;

import {
  type Asset,
  AssetList,
  BalanceData,
  type BalancePayload,
  Instrument,
  PositionDto,
  pipSize,
  priceUnitOf,
  tickSizeOf,
} from '@openbroker/domain';

const LEVERAGE: Record<string, string> = {
  forex: '1,3,5,10,15,20,30',
  stocks: '1,3,5',
  crypto: '1,2',
  commodities: '1,3,5,10,15,20',
  index: '1,3,5,10,15,20',
};

const CONTRACT_SIZE: Record<string, number> = { forex: 100_000, commodities: 100 };

/**
 * Test data: an instrument as GET /api/market/instruments answers it, tradable with an open market and no price
 * yet, its pip, tick and unit by the domain's rules and the whole leverage list of its category (nothing capped).
 * Parsed with the domain's contract (a fixture that drifts from what the server sends throws).
 */
export function instrumentFixture(
  base: Pick<Instrument, 'symbol' | 'name' | 'displayName' | 'category' | 'categoryId' | 'precision'>,
  overrides: Partial<Instrument> = {},
): Instrument {
  const group = base.category;
  const pip = pipSize(base.symbol, group, base.precision);
  return Instrument.parse({
    ...base,
    // the catalogue's lot: 100,000 for a currency pair, 100 oz of gold, else 1
    contractSize: CONTRACT_SIZE[base.category] ?? 1,
    available: true,
    halted: false,
    group,
    pipSize: pip,
    tick: tickSizeOf(base.precision),
    unit: priceUnitOf(group, pip).unit,
    spread: 0,
    leverages: (LEVERAGE[base.category] ?? '1').split(',').map(Number),
    leverageCap: null,
    open: true,
    nextOpen: null,
    last: null,
    ...overrides,
  });
}

/** Test data: a few instruments as GET /api/market/instruments answers them. */
export const INSTRUMENTS_FIXTURE: Instrument[] = [
  instrumentFixture({
    symbol: 'BTCUSD',
    name: 'BINANCE:BTCUSDT',
    displayName: 'Bitcoin / US Dollar',
    category: 'crypto',
    categoryId: 3,
    precision: 2,
  }),
  instrumentFixture({
    symbol: 'ETHUSD',
    name: 'BINANCE:ETHUSDT',
    displayName: 'Ethereum / US Dollar',
    category: 'crypto',
    categoryId: 3,
    precision: 2,
  }),
  instrumentFixture({
    symbol: 'EURUSD',
    name: 'FX:EURUSD',
    displayName: 'Euro / US Dollar',
    category: 'forex',
    categoryId: 1,
    precision: 5,
  }),
  instrumentFixture({
    symbol: 'AAPL',
    name: 'NASDAQ:AAPL',
    displayName: 'Apple Inc.',
    category: 'stocks',
    categoryId: 2,
    precision: 2,
  }),
  instrumentFixture({
    symbol: 'GOLD',
    name: 'TVC:GOLD',
    displayName: 'Gold',
    category: 'commodities',
    categoryId: 4,
    precision: 2,
  }),
  instrumentFixture({
    symbol: 'SPX500',
    name: 'SP:SPX',
    displayName: 'S&P 500',
    category: 'index',
    categoryId: 5,
    precision: 1,
  }),
];

/** Test data: the same instruments as GET /api/get/assets answers them (spec §3 Asset), parsed with the contract. */
export const ASSETS_FIXTURE: Asset[] = AssetList.parse(
  INSTRUMENTS_FIXTURE.map((instrument, index) => ({
    id: index + 1,
    name: instrument.name,
    symbol: instrument.symbol,
    code: instrument.symbol,
    asset_category_id: instrument.categoryId,
    position_assets_category: { name: instrument.category, leverage: LEVERAGE[instrument.category] ?? '1' },
  })),
);

/**
 * Test data: an open position (spec §3 Position) with overrides, parsed with the domain's contract (a
 * fixture that drifts from what the server sends throws).
 */
export function positionFixture(overrides: Partial<PositionDto> = {}): PositionDto {
  return PositionDto.parse({
    id: 7,
    symbol: 'BTCUSD',
    symbolName: 'BINANCE:BTCUSDT',
    direction: 'buy',
    amount: 100,
    leverage: 2,
    open_rate: 100_000,
    open_date: '2026-11-20T10:00:00.000Z',
    closed_rate: null,
    close_date: null,
    take_profit: null,
    stop_lost: null,
    profit: 0,
    protected: 0,
    closingReason: null,
    ...overrides,
  });
}

/**
 * Test data: a getBalance answer (spec §7) with its summary: `balance` and no positions unless given;
 * the summary defaults to the balance with every open amount in use. Parsed with the contract.
 */
export function balanceFixture(
  balance: number,
  {
    open = [],
    history = [],
    summary = {},
  }: { open?: PositionDto[]; history?: PositionDto[]; summary?: Partial<BalancePayload> } = {},
): BalanceData {
  const inUse = open.reduce((sum, position) => sum + position.amount, 0);
  return BalanceData.parse({
    balance,
    positions: { open, history },
    summary: { balance, equity: balance, freeMargin: balance - inUse, profit: 0, ...summary },
  });
}

/** Test data: a getBalance answer of an account without positions. */
export const EMPTY_BALANCE = balanceFixture(10_000);

import { describe, expect, it } from 'vitest';
import { AssetList, CandleList, InstrumentList } from './market.js';

const btc = {
  symbol: 'BTCUSD',
  name: 'BINANCE:BTCUSDT',
  displayName: 'Bitcoin',
  category: 'crypto',
  categoryId: 1,
  precision: 2,
  contractSize: 1,
  available: true,
  halted: false,
  group: 'crypto',
  pipSize: 0.01,
  tick: 0.01,
  unit: 'point',
  spread: 25,
  leverages: [1, 2],
  leverageCap: 2,
  open: true,
  nextOpen: null,
  last: { buy: 100_012.5, sell: 99_987.5 },
};

describe('market contracts', () => {
  it('accept the instrument list, candles and assets as the server sends them', () => {
    expect(InstrumentList.parse([btc])).toEqual([btc]);
    const candles = [{ time: 1_795_000_000, open: 1, high: 2, low: 0.5, close: 1.5, volume: 10 }];
    expect(CandleList.parse(candles)).toEqual(candles);
    const assets = [
      {
        id: 1,
        name: 'Bitcoin',
        symbol: 'BTCUSD',
        code: 'BTC',
        asset_category_id: 1,
        position_assets_category: { name: 'crypto', leverage: '1,2' },
      },
    ];
    expect(AssetList.parse(assets)).toEqual(assets);
  });

  it('refuse an instrument of an unknown category or without its brand terms', () => {
    expect(InstrumentList.safeParse([{ ...btc, category: 'bonds' }]).success).toBe(false);
    const { leverages: _, ...withoutLeverages } = btc;
    expect(InstrumentList.safeParse([withoutLeverages]).success).toBe(false);
  });
});

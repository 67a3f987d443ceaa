import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PLATFORM_PATH,
  normalizeMyAccountPage,
  normalizeTransactionRouteType,
  platformSymbolFromQuery,
} from './routes.js';

describe('spec §2 routes', () => {
  it('opens the platform on BTCUSD', () => {
    expect(DEFAULT_PLATFORM_PATH).toBe('/platform/BTCUSD');
  });

  it('falls back to info for an unknown my-account page', () => {
    expect(normalizeMyAccountPage('documents')).toBe('documents');
    expect(normalizeMyAccountPage('settings')).toBe('info');
    expect(normalizeMyAccountPage(undefined)).toBe('info');
  });

  it('redirects other transaction types to deposits', () => {
    expect(normalizeTransactionRouteType('bonuses')).toBe('bonuses');
    expect(normalizeTransactionRouteType('refunds')).toBe('deposits');
  });

  it('selects the symbol after an encoded colon, with USDT replaced by USD', () => {
    expect(platformSymbolFromQuery('?tvwidgetsymbol=BINANCE%3ABTCUSDT')).toBe('BTCUSD');
    expect(platformSymbolFromQuery('?s=FX%3aeurusd&x=1')).toBe('EURUSD');
    expect(platformSymbolFromQuery('?s=BTCUSD')).toBe('BTCUSD');
    expect(platformSymbolFromQuery('')).toBe('BTCUSD');
  });
});

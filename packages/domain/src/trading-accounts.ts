/**
 * Trading accounts (docs/accounts.md): a client owns live and demo accounts, each in one currency with its
 * own balance. These read a brand's account settings with their defaults.
 */
import type { TradingAccountKind } from './contracts/trading-accounts.js';
import { toDecimal, toMoneyString } from './money.js';

/** What a new demo account starts with when the brand did not say. */
export const DEMO_BALANCE_DEFAULT = '10000.00';

/** The part of a brand's settings these helpers read. */
export interface AccountSettingsSource {
  currency: string;
  accountCurrencies?: string[];
  demoBalance?: string;
}

/** Currencies a client may hold live accounts in: the brand's `accountCurrencies`, else the brand's currency alone. */
export function liveCurrenciesOf(settings: AccountSettingsSource): string[] {
  const listed = (settings.accountCurrencies ?? []).filter((c) => /^[A-Z]{3}$/.test(c));
  return listed.length > 0 ? [...new Set(listed)] : [settings.currency];
}

/** What a new demo account starts with (a money string with two decimals); an unreadable setting: the default. */
export function demoBalanceOf(settings: AccountSettingsSource): string {
  const raw = settings.demoBalance;
  if (raw === undefined) return DEMO_BALANCE_DEFAULT;
  try {
    const d = toDecimal(raw);
    return d.isNegative() ? DEMO_BALANCE_DEFAULT : toMoneyString(d);
  } catch {
    return DEMO_BALANCE_DEFAULT;
  }
}

/** The number of a client's n-th account of a kind: 'L-<pin>-<n>' for live, 'D-<pin>-<n>' for demo. */
export function tradingAccountNumber(kind: TradingAccountKind, pin: string, n: number): string {
  return `${kind === 'live' ? 'L' : 'D'}-${pin}-${n}`;
}

/** A client's verification and category permissions, as an account trades under them. */
export interface TradeRights<P> {
  verified: boolean;
  permissions: P;
}

/**
 * What an account trades under: a demo account (virtual money, no KYC) every category from the first visit; a live
 * one under its client's verification and category permissions. The engine loads accounts with it and the terminal's
 * ticket offers what it allows, so a demo client's buy button is never greyed out for a trade the server would take.
 */
export function accountTradeRights<P>(
  kind: TradingAccountKind | undefined,
  client: TradeRights<P>,
  everyCategory: P,
): TradeRights<P> {
  return kind === 'demo' ? { verified: true, permissions: everyCategory } : client;
}

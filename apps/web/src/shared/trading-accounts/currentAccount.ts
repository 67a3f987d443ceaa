import type { BrandCurrency, TradingAccountKind } from '@openbroker/domain';
import { useSyncExternalStore } from 'react';
import { useBrand } from '../../lib/BrandProvider.js';
import { useAuth } from '../session/useAuth.js';

/**
 * The session's current trading account as the client area knows it, kept outside react-query so the
 * money formatting of every screen, and the terminal's trading socket, can follow it without loading the account
 * list's code: the switcher (its own chunk) writes it when the list loads and after a switch.
 */
export interface CurrentAccount {
  /** The session it belongs to: a stored account of another session is never used. */
  token: string;
  id: number;
  number: string;
  kind: TradingAccountKind;
  currency: BrandCurrency;
}

/** The current account's figures the terminal's trading socket pushes (the switcher shows them live). */
export interface LiveAccountFigures {
  accountId: number;
  balance: number;
  equity: number;
  /** Equity ÷ used margin in percent; null without open positions. */
  marginLevel: number | null;
}

function valueStore<T>(initial: T) {
  let value = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => value,
    set(next: T) {
      if (Object.is(next, value)) return;
      value = next;
      for (const listener of [...listeners]) listener();
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export const currentAccountStore = valueStore<CurrentAccount | null>(null);

/**
 * Counts the changes of the account the session acts on (a switch, a demo reset): the terminal opens its trading
 * socket afresh on each, so the server sends the balance, positions and orders of the account now current.
 */
export const accountChanges = valueStore(0);

export const liveFiguresStore = valueStore<LiveAccountFigures | null>(null);

/** The current account of this session, or null until the switcher has loaded the list. */
export function useCurrentAccount(): CurrentAccount | null {
  const token = useAuth()?.access_token;
  const account = useSyncExternalStore(
    currentAccountStore.subscribe,
    currentAccountStore.get,
    currentAccountStore.get,
  );
  return account && account.token === token ? account : null;
}

/**
 * A currency's short symbol as the brand settings write them ('€', '$', '£', 'CHF'): Intl's narrow symbol, so the
 * screens do not load the brand settings' schemas for it.
 */
export function currencySymbolOf(currency: string): string {
  try {
    const parts = new Intl.NumberFormat('en', {
      style: 'currency',
      currency,
      currencyDisplay: 'narrowSymbol',
    }).formatToParts(0);
    return parts.find((part) => part.type === 'currency')?.value ?? currency;
  } catch {
    return currency;
  }
}

/**
 * The currency money of the current account is shown in: the account's (with its symbol),
 * else, before the list has loaded or for a visitor, the brand's.
 */
export function useAccountCurrency(): { currency: string; currencySymbol: string } {
  const brand = useBrand();
  const account = useCurrentAccount();
  if (!account || account.currency === brand.currency)
    return { currency: brand.currency, currencySymbol: brand.currencySymbol };
  return { currency: account.currency, currencySymbol: currencySymbolOf(account.currency) };
}

/** The number of account changes so far (see `accountChanges`). */
export const useAccountChanges = (): number =>
  useSyncExternalStore(accountChanges.subscribe, accountChanges.get, accountChanges.get);

/** The live figures of the account `accountId`, while the terminal pushes them; else null. */
export function useLiveFigures(accountId: number | undefined): LiveAccountFigures | null {
  const figures = useSyncExternalStore(
    liveFiguresStore.subscribe,
    liveFiguresStore.get,
    liveFiguresStore.get,
  );
  return figures && figures.accountId === accountId ? figures : null;
}

/**
 * The live balance of the account `accountId` alone (null while the terminal pushes none): the closed switcher
 * shows only the balance, so it renders when the balance moves, not on every tick that moves the equity.
 */
export function useLiveBalance(accountId: number | undefined): number | null {
  const balanceOf = () => {
    const figures = liveFiguresStore.get();
    return figures && figures.accountId === accountId ? figures.balance : null;
  };
  return useSyncExternalStore(liveFiguresStore.subscribe, balanceOf, balanceOf);
}

import { type Direction, oneClickSizeFor, validateNewTrade } from '@openbroker/domain';
import { useCallback, useRef, useState } from 'react';
import type { Instrument } from '../../../api/types.js';
import { useMoney } from '../../../shared/market/numbers.js';
import { useAssets } from '../../../shared/market/useMarketData.js';
import { useQuoteStore } from '../../../shared/market/useQuotes.js';
import { useAuth } from '../../../shared/session/useAuth.js';
import { useToast } from '../../../ui/ToastProvider.js';
import { leverageChoices, pickableLeverages } from '../trade/leverageChoices.js';
import { tradeUserOf, useAccountRights } from '../trade/tradeUser.js';
import { ackMessage } from '../trading/ackMessage.js';
import { useTrading } from '../trading/useTrading.js';
import { useOneClickSettings } from './useOneClick.js';

/** The size one click trades on an instrument: the client's default, else the fallback at the lowest leverage. */
export function useOneClickSize() {
  const auth = useAuth();
  const assets = useAssets();
  const rights = useAccountRights();
  const { settings } = useOneClickSettings();
  return useCallback(
    (instrument: Instrument) => {
      const size = oneClickSizeFor(settings?.sizes ?? [], instrument.symbol);
      const asset = assets.bySymbol.get(instrument.symbol);
      const user = auth ? tradeUserOf(auth.user, rights) : null;
      const lowest = pickableLeverages(leverageChoices(asset, user, instrument))[0] ?? null;
      return { amount: size.amount, leverage: size.leverage ?? lowest, own: size.leverage !== null };
    },
    [settings, assets.bySymbol, auth, rights],
  );
}

/**
 * One-click trading: `trade` sends a market trade of the instrument's default size at once, at the brand quote on
 * screen, through the ticket's socket command (the server checks free margin, market hours, leverage and the rest
 * again), and says what came of it in a toast, as the ticket does. Double-click protection: while a symbol's trade
 * is under way, further clicks on it send nothing; each click that sends is one command with its own command id
 * (the trading store's), so a lost answer is resent once and never done twice.
 */
export function useOneClickTrade() {
  const auth = useAuth();
  const assets = useAssets();
  const rights = useAccountRights();
  const store = useQuoteStore();
  const { summary, openPosition } = useTrading();
  const { on } = useOneClickSettings();
  const sizeOf = useOneClickSize();
  const toast = useToast();
  const money = useMoney();
  const inFlight = useRef(new Set<string>());
  const [pending, setPending] = useState<ReadonlySet<string>>(new Set());
  // the latest of everything a click reads, so `trade` keeps one identity for the memoised rows
  const latest = useRef({ auth, assets, rights, store, summary, openPosition, sizeOf, toast, money });
  latest.current = { auth, assets, rights, store, summary, openPosition, sizeOf, toast, money };

  const trade = useCallback(async (instrument: Instrument, direction: Direction) => {
    const { symbol } = instrument;
    if (inFlight.current.has(symbol)) return;
    const { auth, assets, rights, store, summary, openPosition, sizeOf, toast, money } = latest.current;
    const asset = assets.bySymbol.get(symbol);
    const current = store.get(symbol);
    if (!auth || !asset || !summary) return;
    const size = sizeOf(instrument);
    if (size.leverage === null) {
      toast('danger', { key: 'oc.noLeverage' });
      return;
    }
    const valid = validateNewTrade({
      amount: size.amount,
      leverage: size.leverage,
      freeMargin: summary.freeMargin,
      user: tradeUserOf(auth.user, rights),
      asset,
      priceAvailable: current.status === 'live' && !instrument.halted,
    });
    if (!valid.ok) {
      const first = valid.errors[0];
      if (first)
        toast('danger', first.params ? { key: first.key, params: first.params } : { key: first.key });
      return;
    }
    if (current.status !== 'live') return;
    inFlight.current.add(symbol);
    setPending(new Set(inFlight.current));
    try {
      const ack = await openPosition({
        direction,
        amount: valid.value.amount,
        leverage: valid.value.leverage,
        price: direction === 'buy' ? current.dealing.buy : current.dealing.sell,
        symbol,
        stop_lost: null,
        take_profit: null,
      });
      if (ack.status)
        toast('success', {
          key: 'oc.opened',
          params: { symbol, amount: money.format(valid.value.amount), leverage: valid.value.leverage },
        });
      else toast('danger', ackMessage(ack));
    } finally {
      inFlight.current.delete(symbol);
      setPending(new Set(inFlight.current));
    }
  }, []);

  return { on, trade, pending };
}

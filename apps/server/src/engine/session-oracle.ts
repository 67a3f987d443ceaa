/**
 * An independent check of a recorded session (test support only): it rebuilds positions, balances and quotes
 * from the events and inputs alone and holds every step against the domain rules — not against engine code.
 */
import {
  accountSummary,
  addMoney,
  type BrandQuote,
  brandQuote,
  closingTriggerAt,
  equity,
  isLossTerminated,
  isMessageKey,
  isStopOut,
  lossTerminationPrice,
  type Money,
  openSide,
  type PositionTerms,
  positionProfit,
  positionProfitAt,
  roundMoney,
  SPEC_QUOTE_TERMS,
  STOP_OUT_LEVEL_DEFAULT,
  settleProfit,
  triggerFires,
  valuationPrice,
} from '@openbroker/domain';
import { expect } from 'vitest';
import type { StepRecord } from './property-kit.js';
import type { AccountSnapshot, EngineQuote, EngineSnapshot, PositionId, PositionRecord } from './types.js';

const STALE_AFTER_MS = 30_000;

const terms = (p: PositionRecord): PositionTerms => ({
  direction: p.direction,
  amount: p.amount,
  leverage: p.leverage,
  open_rate: p.openRate,
});
// the engine's instruments in these sessions have no tick: the spec's pricing is their brand quote
const asQuote = (q: EngineQuote): BrandQuote => brandQuote({ buy: q.ask, sell: q.bid }, SPEC_QUOTE_TERMS);

export interface SessionTotals {
  closes: Record<string, number>;
  rejections: Record<string, number>;
  shortfalls: number;
}

/**
 * Checks a session step by step: every trigger close happens at the first tick that crosses its level, at that
 * tick's price, and nothing else closes on a trigger; no position closes twice; every booked profit, balance and
 * shortfall follows positionProfit / settleProfit; balances never go negative; the summary follows spec §9; and
 * after every step no account is left at the stop-out level while it holds a position it could close.
 * The records' `summaries` must map account id → the engine's summary after the step.
 */
export function checkSession(start: EngineSnapshot, records: readonly StepRecord[]): SessionTotals {
  const totals: SessionTotals = { closes: {}, rejections: {}, shortfalls: 0 };
  const open = new Map<PositionId, PositionRecord>();
  const closed = new Set<PositionId>();
  const balances = new Map<number, Money>(start.accounts.map((a) => [a.id, roundMoney(a.balance)]));
  const balanceOf = (accountId: number): Money => {
    const balance = balances.get(accountId);
    if (balance === undefined) throw new Error(`account ${accountId} is not in the session`);
    return balance;
  };
  const settings = new Map<number, AccountSnapshot>(start.accounts.map((a) => [a.id, a]));
  const quotes = new Map<string, EngineQuote>((start.quotes ?? []).map((q) => [q.symbol, q]));

  for (const record of records) {
    const { input, events } = record;
    if (input !== null && !('type' in input)) {
      // a tick: exactly the open positions whose own levels it crosses close, at its price
      quotes.set(input.symbol, input);
      const expected: { id: PositionId; cause: string; closedRate: number }[] = [];
      for (const p of open.values()) {
        if (p.symbol !== input.symbol) continue;
        const at = valuationPrice(p.direction, asQuote(input));
        const cause = closingTriggerAt({ ...p, terminationPrice: lossTerminationPrice(terms(p)) }, at);
        const fires = triggerFires(
          { direction: p.direction, stop_lost: p.stopLoss, take_profit: p.takeProfit },
          asQuote(input),
        );
        expect(cause !== null).toBe(fires !== null || isLossTerminated(terms(p), at));
        if (cause !== null) expected.push({ id: p.id, cause, closedRate: at });
      }
      const fired = events.flatMap((e) =>
        e.type === 'position.closed' && e.position.cause !== 'stop_out'
          ? [{ id: e.position.id, cause: e.position.cause, closedRate: e.position.closedRate }]
          : [],
      );
      expect(fired).toEqual(expected.sort((a, b) => a.id - b.id));
    } else if (input !== null && input.type === 'open') {
      const account = settings.get(input.accountId);
      const opened = events.find((e) => e.type === 'position.opened');
      if (account && !account.verified) expect(opened).toBeUndefined();
      if (opened?.type === 'position.opened') {
        // executed at the engine's own dealing price of the current quote, never at the client's
        const q = quotes.get(input.symbol) as EngineQuote;
        expect(opened.position.openRate).toBe(openSide(input.direction, asQuote(q)));
        expect(account?.assetsGroupPermission).toContain(
          input.symbol === 'GOLD' ? 4 : input.symbol === 'EURUSD' ? 2 : 1,
        );
      }
    }

    for (const e of events) {
      switch (e.type) {
        case 'position.opened':
          expect(open.has(e.position.id) || closed.has(e.position.id)).toBe(false);
          open.set(e.position.id, e.position);
          break;
        case 'position.updated': {
          const p = open.get(e.positionId) as PositionRecord;
          expect(p.accountId).toBe(e.accountId);
          open.set(p.id, { ...p, stopLoss: e.stopLoss, takeProfit: e.takeProfit });
          break;
        }
        case 'position.closed': {
          const p = open.get(e.position.id);
          expect(p, `position ${e.position.id} closed twice or never opened`).toBeDefined();
          expect(p?.accountId).toBe(e.accountId);
          expect(e.position.profit).toBe(positionProfit(terms(p as PositionRecord), e.position.closedRate));
          if (e.position.cause === 'stop_out') {
            // the account was at the level, and this was its largest loss among positions it could close
            const mine = [...open.values()].filter((o) => o.accountId === e.accountId);
            const profitOf = (o: PositionRecord) => {
              const q = quotes.get(o.symbol);
              return q ? positionProfitAt(terms(o), asQuote(q)) : roundMoney(0);
            };
            const margin = mine.reduce((sum, o) => addMoney(sum, o.amount), roundMoney(0));
            const balance = balanceOf(e.accountId);
            expect(isStopOut(equity(balance, mine.map(profitOf)), margin, STOP_OUT_LEVEL_DEFAULT)).toBe(true);
            const closable = mine.filter((o) => {
              const q = quotes.get(o.symbol);
              return q !== undefined && record.now - q.ts <= STALE_AFTER_MS;
            });
            const worst = closable.reduce((a, b) => (profitOf(b) < profitOf(a) ? b : a));
            expect(e.position.id).toBe(worst.id);
          }
          if (e.position.cause === 'manual' || e.position.cause === 'stop_out') {
            const q = quotes.get(e.position.symbol) as EngineQuote;
            expect(e.position.closedRate).toBe(valuationPrice(e.position.direction, asQuote(q)));
          }
          open.delete(e.position.id);
          closed.add(e.position.id);
          totals.closes[e.position.cause] = (totals.closes[e.position.cause] ?? 0) + 1;
          break;
        }
        case 'balance.changed': {
          const before = balanceOf(e.accountId);
          if (e.cause.kind === 'position') {
            expect(settleProfit(before, e.cause.profit)).toEqual({
              balance: e.balance,
              shortfall: e.cause.shortfall,
            });
            if (e.cause.shortfall > 0) totals.shortfalls += 1;
          } else {
            expect(e.balance).toBe(addMoney(before, e.change));
          }
          expect(e.change).toBe(roundMoney(e.balance - before));
          expect(e.balance).toBeGreaterThanOrEqual(0);
          balances.set(e.accountId, e.balance);
          break;
        }
        case 'command.rejected':
          expect(isMessageKey(e.message.key)).toBe(true);
          totals.rejections[e.message.key] = (totals.rejections[e.message.key] ?? 0) + 1;
          break;
      }
    }

    for (const account of start.accounts) {
      const mine = [...open.values()].filter((p) => p.accountId === account.id);
      const profits = mine.map((p) => {
        const q = quotes.get(p.symbol);
        return q ? positionProfitAt(terms(p), asQuote(q)) : roundMoney(0);
      });
      const balance = balanceOf(account.id);
      // spec §9: equity = balance + Σ open profit, free margin = balance − Σ open amounts
      expect((record.summaries as Record<number, unknown>)[account.id]).toEqual(
        accountSummary(
          balance,
          mine.map((p, i) => ({ amount: p.amount, profit: profits[i] as number })),
        ),
      );
      const margin = mine.reduce((sum, p) => addMoney(sum, p.amount), roundMoney(0));
      if (isStopOut(equity(balance, profits), margin, STOP_OUT_LEVEL_DEFAULT)) {
        for (const p of mine) {
          const q = quotes.get(p.symbol);
          expect(
            q === undefined || record.now - q.ts > STALE_AFTER_MS,
            `account ${account.id} left at stop-out`,
          ).toBe(true);
        }
      }
    }
  }
  return totals;
}

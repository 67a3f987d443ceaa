import { randomUUID } from 'node:crypto';
import { and, eq, isNotNull } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ledgerEntries, positions, tradingAccounts, transactions, users } from '../../db/schema.js';
import { createTestServer, testDbKind } from '../../test/harness.js';
import { paymentKit } from '../../test/payments-kit.js';
import { verifyLedger } from '../ledger/ledger.verify.js';
import { TradingRepo } from '../trading/trading.repo.js';

/**
 * Random sequences of what clients, providers and staff do to one account — card deposits whose
 * signed webhooks arrive late, twice, reordered, concurrently or conflicting; bank wires and
 * withdrawals decided by staff (sometimes twice at once); withdrawals above the free margin; trades
 * opened and closed while the price moves — must leave the account's balance equal to the sum of its
 * ledger entries, to the engine's balance, and to what the test expects, with every transaction
 * booked at most once.
 */

type Decision = 'confirm' | 'reject';

type Step =
  | {
      kind: 'card';
      cents: number;
      type: 'payment.succeeded' | 'payment.failed';
      copies: number;
      conflicting: boolean;
    }
  | { kind: 'deliver'; pick: number }
  | { kind: 'wire'; cents: number }
  | {
      kind: 'withdraw';
      amount: { mode: 'cents'; cents: number } | { mode: 'share'; permille: number };
      /** The client's app retries at once with the same Idempotency-Key. */
      retried: boolean;
    }
  /** Staff decide a pending wire or withdrawal: once, the same decision twice at once, or confirm and reject at once. */
  | { kind: 'decide'; pick: number; decision: Decision | 'race'; twice: boolean }
  | { kind: 'open'; direction: 'buy' | 'sell'; amount: number; leverage: 1 | 2 }
  | { kind: 'move'; delta: number }
  | { kind: 'close'; pick: number };

const stepArb: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('card' as const),
      cents: fc.integer({ min: 25_000, max: 300_000 }),
      type: fc.constantFrom(
        'payment.succeeded' as const,
        'payment.succeeded' as const,
        'payment.failed' as const,
      ),
      copies: fc.integer({ min: 0, max: 3 }),
      conflicting: fc.boolean(),
    }),
  },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('deliver' as const), pick: fc.nat() }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('wire' as const),
      cents: fc.integer({ min: 25_000, max: 500_000 }),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('withdraw' as const),
      amount: fc.oneof(
        fc.record({ mode: fc.constant('cents' as const), cents: fc.integer({ min: 1, max: 600_000 }) }),
        fc.record({ mode: fc.constant('share' as const), permille: fc.integer({ min: 10, max: 1_300 }) }),
      ),
      retried: fc.boolean(),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('decide' as const),
      pick: fc.nat(),
      decision: fc.constantFrom<Decision | 'race'>('confirm', 'reject', 'race'),
      twice: fc.boolean(),
    }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('open' as const),
      direction: fc.constantFrom('buy' as const, 'sell' as const),
      amount: fc.integer({ min: 10, max: 800 }),
      leverage: fc.constantFrom(1 as const, 2 as const),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({ kind: fc.constant('move' as const), delta: fc.integer({ min: -600, max: 600 }) }),
  },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('close' as const), pick: fc.nat() }) },
);

/** A first bank wire (confirmed by staff) so that most sequences have money to trade and withdraw. */
const scenarioArb = fc.record({
  opening: fc.integer({ min: 25_000, max: 400_000 }),
  steps: fc.array(stepArb, { minLength: 4, maxLength: 30 }),
});

const cents = (value: string | number | null | undefined) => Math.round(Number(value ?? 0) * 100);
const money = (c: number) => (c / 100).toFixed(2);

describe(`ledger under random payment and trading sequences (${testDbKind})`, async () => {
  const { app, runtime } = await createTestServer({ AUTH_RATE_LIMIT_PER_MINUTE: '100000' });
  const { ctx } = runtime;
  const { db } = ctx.database;
  const kit = paymentKit(app, db, ctx.config.paymentSandboxSecret);
  const tradingRepo = new TradingRepo(db);
  const operator = { authorization: `Bearer ${ctx.operatorToken}`, 'x-operator': 'property' };

  /** A client with a complete profile, verified and allowed every asset category (trades need it). */
  const verifiedClient = async () => {
    const client = await kit.client();
    await db
      .update(users)
      .set({ verifiedAccount: true, assetsGroupPermission: [1, 2, 3, 4, 5] })
      .where(eq(users.id, client.id));
    await ctx.trading.refreshAccount(client.id);
    return client;
  };

  let bid = 64_000;
  const SPREAD = 10;
  /** Pushes the current BTCUSD quote with a fresh timestamp (an old quote makes the symbol unavailable). */
  const pushQuote = async () => {
    for (let attempt = 0; attempt < 5; attempt++) {
      if (ctx.market.ingest({ symbol: 'BTCUSD', bid, ask: bid + SPREAD, ts: Date.now() })) return;
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    throw new Error('the quote book refused a BTCUSD quote');
  };

  const decide = (reference: string, decision: Decision) =>
    app.inject({
      method: 'POST',
      url: `/api/admin/transactions/${reference}/${decision}`,
      headers: operator,
      ...(decision === 'reject' ? { payload: { note: 'property test' } } : {}),
    });

  it('keeps balance = Σ ledger = engine balance = the model, and books every transaction at most once', async () => {
    await fc.assert(
      fc.asyncProperty(scenarioArb, async ({ opening, steps }) => {
        const client = await verifiedClient();
        const id = client.id;
        bid = 64_000;
        await pushQuote();

        /** What the test expects each transaction to end as. */
        type Expected = {
          kind: 'card' | 'wire' | 'withdraw';
          cents: number;
          status: 1 | 2 | 3;
        };
        const expected = new Map<string, Expected>();
        let deposited = 0; // approved deposits, cents
        let reserved = 0; // withdrawals requested and not rejected, cents

        type Delivery = {
          reference: string;
          type: string;
          send: ReturnType<typeof kit.webhook>['send'];
        };
        const deliveries: Delivery[] = [];
        const staff: string[] = []; // pending wires and withdrawals, by reference

        /** The model's view of one webhook answer: the first to arrive decides, the rest are duplicates. */
        const settle = (delivery: Delivery, outcome: string) => {
          const tx = expected.get(delivery.reference);
          if (!tx) throw new Error(`unknown ${delivery.reference}`);
          if (tx.status === 1) {
            expect(outcome).toBe('applied');
            tx.status = delivery.type === 'payment.succeeded' ? 2 : 3;
            if (tx.status === 2) deposited += tx.cents;
          } else {
            expect(outcome).toBe('duplicate');
          }
        };
        const deliver = async (delivery: Delivery) => {
          const res = await delivery.send();
          expect(res.statusCode, res.body).toBe(200);
          settle(delivery, res.json().data.outcome);
        };

        const first = await kit.create(client.token, { amount: opening / 100, method: 2 });
        expect(first.statusCode, first.body).toBe(200);
        const openingReference: string = first.json().data.transaction_id;
        expect((await decide(openingReference, 'confirm')).statusCode).toBe(200);
        expected.set(openingReference, { kind: 'wire', cents: opening, status: 2 });
        deposited += opening;

        for (const step of steps) {
          switch (step.kind) {
            case 'card': {
              const res = await kit.create(client.token, { amount: step.cents / 100, method: 1 });
              expect(res.statusCode, res.body).toBe(200);
              const reference: string = res.json().data.transaction_id;
              expected.set(reference, { kind: 'card', cents: step.cents, status: 1 });
              const hook = kit.webhook(reference, { type: step.type, amount: money(step.cents) });
              for (let i = 0; i < step.copies; i++)
                deliveries.push({ reference, type: step.type, send: () => hook.send() });
              if (step.conflicting) {
                const other = step.type === 'payment.succeeded' ? 'payment.failed' : 'payment.succeeded';
                const rival = kit.webhook(reference, { type: other, amount: money(step.cents) });
                deliveries.push({ reference, type: other, send: () => rival.send() });
              }
              break;
            }
            case 'deliver': {
              if (deliveries.length === 0) break;
              const [delivery] = deliveries.splice(step.pick % deliveries.length, 1);
              if (delivery) await deliver(delivery);
              break;
            }
            case 'wire': {
              const res = await kit.create(client.token, { amount: step.cents / 100, method: 2 });
              expect(res.statusCode, res.body).toBe(200);
              const reference: string = res.json().data.transaction_id;
              expected.set(reference, { kind: 'wire', cents: step.cents, status: 1 });
              staff.push(reference);
              break;
            }
            case 'withdraw': {
              const before = ctx.trading.balance(id);
              // The free margin the rules allow: the summary's (spec §9), and the booked balance less the
              // margin in use (what the engine re-checks); a withdrawal may not exceed either.
              const margin = cents(before.equity) - cents(before.freeMargin);
              const limit = Math.min(cents(before.freeMargin), cents(before.balance) - margin);
              const amount =
                step.amount.mode === 'cents'
                  ? step.amount.cents
                  : Math.max(1, Math.floor((Math.max(limit, 0) * step.amount.permille) / 1000));
              const entriesBefore = (
                await db.select().from(ledgerEntries).where(eq(ledgerEntries.userId, id))
              ).length;
              const body = { amount: -amount / 100, method: 6, comments: 'To my bank account, please' };
              const key = randomUUID();
              const answers = await Promise.all(
                Array.from({ length: step.retried ? 2 : 1 }, () => kit.create(client.token, body, key)),
              );
              const [res] = answers;
              if (!res) break;
              // A retry with the same key gets the first answer: one transaction, reserved once.
              expect(
                answers.map((r) => [r.statusCode, r.json().data?.transaction_id]),
                answers.map((r) => r.body).join('\n'),
              ).toEqual(answers.map(() => [res.statusCode, res.json().data?.transaction_id]));
              if (res.statusCode === 200) {
                // Allowed only within the free margin (a cent of rounding either way is not judged).
                expect(
                  amount,
                  `withdrew ${money(amount)} with a limit of ${money(limit)}`,
                ).toBeLessThanOrEqual(limit + 1);
                const reference: string = res.json().data.transaction_id;
                expected.set(reference, { kind: 'withdraw', cents: amount, status: 1 });
                reserved += amount;
                staff.push(reference);
                // The reservation is booked at once.
                expect(ctx.trading.balance(id).balance).toBe((cents(before.balance) - amount) / 100);
              } else {
                expect([400, 422], res.body).toContain(res.statusCode);
                expect(amount, `refused ${money(amount)} with a limit of ${money(limit)}`).toBeGreaterThan(
                  limit - 1,
                );
                // Nothing booked.
                expect(ctx.trading.balance(id).balance).toBe(before.balance);
                expect(await kit.balanceOf(id)).toBe(money(cents(before.balance)));
                expect(
                  (await db.select().from(ledgerEntries).where(eq(ledgerEntries.userId, id))).length,
                ).toBe(entriesBefore);
              }
              break;
            }
            case 'decide': {
              if (staff.length === 0) break;
              const [reference] = staff.splice(step.pick % staff.length, 1);
              const tx = reference === undefined ? undefined : expected.get(reference);
              if (!reference || !tx) break;
              const decisions: Decision[] =
                step.decision === 'race'
                  ? ['confirm', 'reject']
                  : step.twice
                    ? [step.decision, step.decision]
                    : [step.decision];
              const answers = await Promise.all(decisions.map((d) => decide(reference, d)));
              // Exactly one decision wins; any other is told the transaction is final.
              expect(answers.map((r) => r.statusCode).sort(), answers.map((r) => r.body).join('\n')).toEqual(
                decisions.length === 2 ? [200, 409] : [200],
              );
              const won = decisions[answers.findIndex((r) => r.statusCode === 200)];
              tx.status = won === 'confirm' ? 2 : 3;
              if (tx.kind === 'wire' && won === 'confirm') deposited += tx.cents;
              if (tx.kind === 'withdraw' && won === 'reject') reserved -= tx.cents;
              // What the operator API answered is what is stored.
              expect((await kit.transaction(reference))?.statusId).toBe(tx.status);
              break;
            }
            case 'open': {
              await pushQuote();
              const free = ctx.trading.balance(id).freeMargin;
              const outcome = await ctx.trading.open({
                accountId: id,
                now: Date.now(),
                symbol: 'BTCUSD',
                direction: step.direction,
                amount: step.amount,
                leverage: step.leverage,
                price: step.direction === 'buy' ? (bid + SPREAD) * 1.00025 : bid * 0.99975,
              });
              if (step.amount <= free - 1)
                expect(outcome.ok, JSON.stringify(outcome.ok ? '' : outcome.rejection)).toBe(true);
              if (step.amount > free + 1) expect(outcome.ok).toBe(false);
              break;
            }
            case 'move': {
              bid = Math.min(68_000, Math.max(60_000, bid + step.delta));
              await pushQuote();
              break;
            }
            case 'close': {
              const open = ctx.trading.positions(id).open;
              if (open.length === 0) break;
              const position = open[step.pick % open.length];
              if (!position) break;
              await pushQuote();
              const outcome = await ctx.trading.close({
                accountId: id,
                now: Date.now(),
                positionId: position.id,
              });
              expect(outcome.ok).toBe(true);
              // Closing it again is refused and books nothing.
              const again = await ctx.trading.close({
                accountId: id,
                now: Date.now(),
                positionId: position.id,
              });
              expect(again.ok).toBe(false);
              break;
            }
          }
        }

        // The webhooks still in flight arrive together: per deposit, one decides and the rest are duplicates.
        const results = await Promise.all(deliveries.map((d) => d.send()));
        const byReference = new Map<string, { delivery: Delivery; outcome: string }[]>();
        results.forEach((res, i) => {
          const delivery = deliveries[i];
          if (!delivery) return;
          expect(res.statusCode, res.body).toBe(200);
          const list = byReference.get(delivery.reference) ?? [];
          list.push({ delivery, outcome: res.json().data.outcome });
          byReference.set(delivery.reference, list);
        });
        for (const list of byReference.values()) {
          const applied = list.filter((r) => r.outcome === 'applied');
          // If the model had not seen it decided, exactly one of these decides it; else none does.
          for (const r of [...applied, ...list.filter((x) => x.outcome !== 'applied')])
            settle(r.delivery, r.outcome);
        }

        // ---- invariants
        const [row] = await db
          .select({ balance: tradingAccounts.balance })
          .from(tradingAccounts)
          .where(eq(tradingAccounts.userId, id));
        const balance = cents(row?.balance);
        const entries = await db.select().from(ledgerEntries).where(eq(ledgerEntries.userId, id));
        expect(entries.reduce((sum, e) => sum + cents(e.amount), 0)).toBe(balance);
        expect(await tradingRepo.ledgerDifferences()).toEqual([]);
        expect(cents(ctx.trading.balance(id).balance)).toBe(balance);

        const closed = await db
          .select()
          .from(positions)
          .where(and(eq(positions.userId, id), isNotNull(positions.closedAt)));
        const realised = closed.reduce((sum, p) => sum + cents(p.profit) + cents(p.shortfall), 0);
        expect(balance, `deposited ${deposited}, reserved ${reserved}, realised ${realised}`).toBe(
          deposited - reserved + realised,
        );

        // Each transaction ends as expected, with exactly the ledger entries its decision books.
        const stored = await db.select().from(transactions).where(eq(transactions.userId, id));
        expect(stored.map((t) => t.reference).sort()).toEqual([...expected.keys()].sort());
        const byCause = new Map<string, typeof entries>();
        for (const e of entries) {
          const key = e.reference ?? `position:${e.positionId}:${e.kind}`;
          byCause.set(key, [...(byCause.get(key) ?? []), e]);
        }
        for (const t of stored) {
          const want = expected.get(t.reference);
          expect(t.statusId, t.reference).toBe(want?.status);
          const booked = (byCause.get(`tx:${t.reference}`) ?? []).map((e) => [e.kind, e.amount]);
          const reversal = (byCause.get(`tx:${t.reference}:reversal`) ?? []).map((e) => [e.kind, e.amount]);
          if (want?.kind === 'withdraw') {
            expect(booked).toEqual([['withdrawal', money(-want.cents)]]);
            expect(reversal).toEqual(want.status === 3 ? [['withdrawal_reversal', money(want.cents)]] : []);
          } else {
            expect(booked).toEqual(want?.status === 2 ? [['deposit', money(want.cents)]] : []);
            expect(reversal).toEqual([]);
          }
        }
        // Nothing else is on the ledger: no entry without its transaction, one close per position.
        for (const [cause, list] of byCause) {
          expect(list, cause).toHaveLength(1);
          if (cause.startsWith('tx:'))
            expect(expected.has(cause.slice(3).replace(/:reversal$/, '')), cause).toBe(true);
        }
        const pnl = entries.filter((e) => e.kind === 'realised_pnl');
        expect(pnl.map((e) => e.positionId).sort()).toEqual(closed.map((p) => p.id).sort());
        // and the operator's check agrees: nothing on the whole ledger is out of place
        expect(await verifyLedger(db)).toEqual([]);
      }),
      { numRuns: 25 },
    );
  }, 180_000);
});

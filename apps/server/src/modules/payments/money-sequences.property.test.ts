import { ADJUSTMENT_KINDS, type AdjustmentKind } from '@openbroker/domain';
import { and, eq } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { brands, ledgerEntries } from '../../db/schema.js';
import { createTestServer, testDbKind } from '../../test/harness.js';
import { paymentKit } from '../../test/payments-kit.js';
import { bookAdjustment, staffCall, staffSession } from '../../test/staff-kit.js';
import { verifyAuditChain } from '../audit/audit.repo.js';
import { verifyLedger } from '../ledger/ledger.verify.js';

/**
 * Random sequences of what a client and the back office do to one account — bank wires and withdrawals requested,
 * approved by one or two finance members (four-eyes above a low threshold, sometimes two approvers at once),
 * rejected with a reason, and adjustments of every kind — must leave the ledger verifiable, the audit chain intact,
 * the balance equal to what the answers said happened, and no withdrawal paid twice.
 */
type Step =
  | { kind: 'wire'; cents: number }
  | { kind: 'withdraw'; cents: number }
  | { kind: 'approve'; pick: number; approver: number; concurrent: boolean }
  | { kind: 'reject'; pick: number }
  | { kind: 'adjust'; adjustment: AdjustmentKind; cents: number; negative: boolean };

const stepArb: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('wire' as const),
      cents: fc.integer({ min: 25_000, max: 400_000 }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('withdraw' as const),
      cents: fc.integer({ min: 100, max: 400_000 }),
    }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('approve' as const),
      pick: fc.nat(),
      approver: fc.integer({ min: 0, max: 2 }),
      concurrent: fc.boolean(),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('reject' as const), pick: fc.nat() }) },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('adjust' as const),
      adjustment: fc.constantFrom(...ADJUSTMENT_KINDS),
      cents: fc.integer({ min: 1, max: 300_000 }),
      negative: fc.boolean(),
    }),
  },
);

describe(`back-office money sequences (${testDbKind})`, async () => {
  const server = await createTestServer({ AUTH_RATE_LIMIT_PER_MINUTE: '1000000' });
  const { app, runtime } = server;
  const { ctx } = runtime;
  const { db } = ctx.database;
  const kit = paymentKit(app, db, ctx.config.paymentSandboxSecret);
  const [demo] = await db.select().from(brands).where(eq(brands.slug, 'demo'));
  if (!demo) throw new Error('the demo seed has the brand demo');
  // a low four-eyes threshold, so sequences meet it often
  await db
    .update(brands)
    .set({ settings: { ...demo.settings, backoffice: { ...demo.settings.backoffice, fourEyesAbove: 1000 } } })
    .where(eq(brands.id, demo.id));
  ctx.brands.invalidate();
  const approvers = [
    await staffSession(server, ['finance']),
    await staffSession(server, ['finance'], [demo.id]),
    await staffSession(server, ['admin']),
  ];
  const post = (token: string, url: string, payload: object) => staffCall(app, 'POST', url, token, payload);
  const cents = (text: string) => Math.round(Number(text) * 100);
  const decimal = (value: number) => (value / 100).toFixed(2);

  it('keeps the ledger verifiable and the balance as answered, and pays no withdrawal twice', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(stepArb, { minLength: 1, maxLength: 14 }), async (steps) => {
        const client = await kit.client();
        let balance = 0; // cents, from the answers
        const pending: string[] = [];
        const paid = new Map<string, number>(); // withdrawal reference → 'approved' answers

        for (const step of steps) {
          switch (step.kind) {
            case 'wire': {
              const res = await kit.create(client.token, { amount: step.cents / 100, method: 2 });
              expect(res.statusCode, res.body).toBe(200);
              pending.push(res.json().data.transaction_id);
              break;
            }
            case 'withdraw': {
              const res = await kit.create(client.token, {
                amount: -(step.cents / 100),
                method: 6,
                comments: 'To my IBAN',
              });
              if (res.statusCode === 200) {
                balance -= step.cents;
                pending.push(res.json().data.transaction_id);
              } else expect([400, 422], res.body).toContain(res.statusCode);
              break;
            }
            case 'approve': {
              const reference = pending[step.pick % Math.max(pending.length, 1)];
              if (!reference) break;
              const row = await kit.transaction(reference);
              const url = `/api/backoffice/transactions/${reference}/approve`;
              const callers = step.concurrent
                ? [approvers[step.approver], approvers[(step.approver + 1) % approvers.length]]
                : [approvers[step.approver]];
              const answers = await Promise.all(callers.map((a) => post(a?.token ?? '', url, {})));
              for (const res of answers) {
                expect([200, 409], res.body).toContain(res.statusCode);
                if (res.statusCode !== 200 || res.json().data.state !== 'approved') continue;
                if (row?.method === 6) paid.set(reference, (paid.get(reference) ?? 0) + 1);
                else balance += cents(row?.amount ?? '0');
              }
              if ((await kit.transaction(reference))?.statusId !== 1)
                pending.splice(pending.indexOf(reference), 1);
              break;
            }
            case 'reject': {
              const reference = pending[step.pick % Math.max(pending.length, 1)];
              if (!reference) break;
              const row = await kit.transaction(reference);
              const res = await post(
                approvers[0]?.token ?? '',
                `/api/backoffice/transactions/${reference}/reject`,
                {
                  reason: 'Property test',
                },
              );
              expect(res.statusCode, res.body).toBe(200);
              if (row?.method === 6) balance -= cents(row.amount); // the reservation comes back
              pending.splice(pending.indexOf(reference), 1);
              break;
            }
            case 'adjust': {
              const signed = step.adjustment === 'correction' && step.negative ? -step.cents : step.cents;
              // requested by one finance member, approved by a second (refused at either step: 400)
              const res = await bookAdjustment(server, approvers[1]?.token ?? '', client.id, {
                kind: step.adjustment,
                amount: decimal(signed),
                reason: 'Property test',
              });
              if (res.statusCode === 200) {
                balance += step.adjustment.endsWith('_withdrawal') ? -step.cents : signed;
                expect(cents(res.json().data.balance)).toBe(balance);
              } else expect(res.statusCode, res.body).toBe(400);
              break;
            }
          }
        }

        expect(cents((await kit.balanceOf(client.id)) ?? '0')).toBe(balance);
        await ctx.trading.ensureAccount(client.id);
        expect(Math.round(ctx.trading.balance(client.id).balance * 100)).toBe(balance);
        for (const [reference, answers] of paid) {
          expect(answers, `${reference} answered approved`).toBe(1);
          const refunds = await db
            .select()
            .from(ledgerEntries)
            .where(
              and(
                eq(ledgerEntries.userId, client.id),
                eq(ledgerEntries.reference, `tx:${reference}:reversal`),
              ),
            );
          expect(refunds).toEqual([]);
        }
        expect(await verifyLedger(db)).toEqual([]);
        expect((await verifyAuditChain(db)).ok).toBe(true);
      }),
      { numRuns: 15 },
    );
  });
});

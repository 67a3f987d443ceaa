import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { countries, ledgerEntries, tradingAccounts, transactions, users } from '../db/schema.js';
import type { App } from '../http.js';
import { secretOf } from '../modules/payments/providers.js';
import { signWebhook } from '../modules/payments/signing.js';
import { registerClient } from './factories.js';

/** Test helpers of the payment scenarios: clients with a complete profile, deposits, the sandbox. */
export function paymentKit(app: App, db: Db, masterSecret: string) {
  const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
    app.inject({ method: 'POST', url, payload, headers });

  /**
   * A registered client whose profile is complete (spec §5: deposits need it) and, unless `verified` is false,
   * whose account is verified; `headers` pick the brand's host.
   */
  const client = async (headers: Record<string, string> = {}, { verified = true } = {}) => {
    const registered = await registerClient(app, {}, headers);
    const [germany] = await db.select().from(countries).where(eq(countries.alpha2, 'DE'));
    const res = await post(
      '/api/accounts/update',
      {
        token: registered.token,
        first_name: 'Dana',
        last_name: 'Deposit',
        phone: '+49 151 2345 6789',
        birth_date: '1988-02-03',
        country_id: germany?.id,
        state: 'Berlin',
        city: 'Berlin',
        street: 'Unter den Linden 1',
        zip_code: '10117',
      },
      headers,
    );
    if (res.statusCode !== 200) throw new Error(`profile update failed: ${res.body}`);
    const [row] = await db.select().from(users).where(eq(users.email, registered.email));
    if (!row) throw new Error('client not stored');
    // verified, as compliance leaves a client whose documents it approved: brands pay out to verified accounts only
    if (verified) await db.update(users).set({ verifiedAccount: true }).where(eq(users.id, row.id));
    return { ...registered, id: row.id };
  };

  /** POST /api/transactions/create with an idempotency key (a fresh one unless given). */
  const create = (
    token: string,
    body: Record<string, unknown>,
    key: string | null = randomUUID(),
    headers: Record<string, string> = {},
  ) =>
    post(
      '/api/transactions/create',
      { token, ...body },
      key === null ? headers : { ...headers, 'idempotency-key': key },
    );

  const balanceOf = async (userId: number) => {
    const [row] = await db
      .select({ balance: tradingAccounts.balance })
      .from(tradingAccounts)
      .where(eq(tradingAccounts.userId, userId));
    return row?.balance;
  };

  const ledgerSum = async (userId: number) =>
    (await db.select().from(ledgerEntries).where(eq(ledgerEntries.userId, userId))).reduce(
      (sum, e) => sum + Math.round(Number(e.amount) * 100),
      0,
    ) / 100;

  const transaction = async (reference: string) => {
    const [row] = await db.select().from(transactions).where(eq(transactions.reference, reference));
    return row;
  };

  /** A webhook as the sandbox signs it; any part can be overridden to forge or alter it. */
  const webhook = (
    reference: string,
    options: {
      type?: string;
      amount?: string;
      currency?: string;
      eventId?: string;
      provider?: string;
      brand?: string;
      secret?: string;
      at?: number;
    } = {},
  ) => {
    const provider = options.provider ?? 'card-1';
    const body = JSON.stringify({
      event_id: options.eventId ?? `evt_${randomUUID()}`,
      type: options.type ?? 'payment.succeeded',
      order_id: reference,
      payment_id: 'pay_test',
      amount: options.amount ?? '250.00',
      currency: options.currency ?? 'EUR',
      created: Math.floor((options.at ?? Date.now()) / 1000),
    });
    const secret = options.secret ?? secretOf({ masterSecret }, options.brand ?? 'demo', provider);
    const headers = {
      'content-type': 'application/json',
      ...signWebhook(secret, body, options.at ?? Date.now()),
    };
    return {
      body,
      headers,
      send: (path = `/api/transaction/update/${provider}`) =>
        app.inject({ method: 'POST', url: path, headers, payload: body }),
    };
  };

  /** Submits a hosted sandbox page form (urlencoded), as the browser would. */
  const submit = (url: string, fields: Record<string, string>) =>
    app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(fields).toString(),
    });

  return { post, client, create, balanceOf, ledgerSum, transaction, webhook, submit };
}

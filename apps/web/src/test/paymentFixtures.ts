import {
  IDEMPOTENCY_HEADER,
  type PaymentNextStep,
  PaymentOptions,
  TRANSACTION_STATUS_NAMES,
  TransactionCreated,
  TransactionDto,
  type TransactionStatusId,
  type TransactionTypeId,
  transactionTypeName,
} from '@openbroker/domain';
import type { User } from '../api/types.js';
import type { ApiCall } from './renderApp.js';
import { userFixture } from './renderApp.js';

// Fixtures of answers are parsed with the domain's contracts: one that drifts from what the server sends throws.

/** Test data: the methods of a brand with every sandbox provider (as GET /api/payments/methods answers). */
export const PAYMENT_OPTIONS: PaymentOptions = PaymentOptions.parse({
  methods: [
    { provider: 'card-1', method: 1, kind: 'card', title: 'Credit Card 1' },
    { provider: 'card-2', method: 1, kind: 'card', title: 'Credit Card 2' },
    { provider: 'wire', method: 2, kind: 'wire', title: 'Bank Wire' },
    { provider: 'wallet', method: 3, kind: 'alternative', title: 'E-Wallet' },
    { provider: 'cashier', method: 9, kind: 'cashier', title: 'Cashier' },
  ],
  minDeposit: 250,
  maxDeposit: 1_000_000,
  currency: 'EUR',
  currencySymbol: '€',
});

/** A client whose profile is complete (spec §5), so deposits are open. */
export const completeUser = (overrides: Partial<User> = {}): User =>
  userFixture({
    phone: '+4915112345678',
    birth_date: '1990-04-01',
    country_id: 1,
    state: 'Berlin',
    city: 'Berlin',
    street: 'Unter den Linden 1',
    zip_code: '10117',
    ...overrides,
  });

export const ok = (data: unknown) => ({ status: 200, json: { status: true, data } });

/** A transaction as GET /api/transactions/get/{token} lists it. */
export function transactionFixture(
  id: string,
  typeId: TransactionTypeId,
  statusId: TransactionStatusId,
  amount: number,
  createdAt = '2025-11-21T13:20:00Z',
): TransactionDto {
  return TransactionDto.parse({
    amount,
    currency: 'EUR',
    transaction_type: { name: transactionTypeName(typeId) },
    transaction_type_id: typeId,
    transaction_status: { name: TRANSACTION_STATUS_NAMES[statusId] },
    transaction_status_id: statusId,
    transaction_id: id,
    created_at: createdAt,
    method: 1,
  });
}

/** The answer of POST /api/transactions/create: spec §7 {status 'success', transaction_id} and the next step. */
export const createdFixture = (next: PaymentNextStep, transactionId = 'TX-1001'): TransactionCreated =>
  TransactionCreated.parse({ status: 'success', transaction_id: transactionId, next });

/** The Idempotency-Key a recorded call carried. */
export const idempotencyKeyOf = (call: ApiCall | undefined): string | undefined =>
  call?.headers[IDEMPOTENCY_HEADER];

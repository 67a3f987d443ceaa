import {
  IDEMPOTENCY_HEADER,
  PaymentOptions,
  PostedForm,
  type TransactionCancelInput,
  TransactionCreated,
  type TransactionCreateInput,
  TransactionDto,
  TransactionList,
} from '@openbroker/domain';
import { apiRequest } from './client.js';

const withSignal = (signal: AbortSignal | undefined) => (signal ? { signal } : {});

/** Payments and transactions calls (spec §7; answers' contracts in the domain's contracts/payments.ts). */
export const paymentsApi = {
  /** The brand's deposit methods, minimum deposit and currency. */
  methods: (token: string, signal?: AbortSignal) =>
    apiRequest(`/api/payments/methods?token=${encodeURIComponent(token)}`, {
      token,
      schema: PaymentOptions,
      ...withSignal(signal),
    }),

  /**
   * Creates a deposit (positive amount) or a withdrawal (method 6, negative amount). `idempotencyKey`
   * names one attempt: the server answers a repeated key with the first result and books nothing twice.
   */
  create: (token: string, input: TransactionCreateInput, idempotencyKey: string) =>
    apiRequest('/api/transactions/create', {
      body: { ...input },
      token,
      schema: TransactionCreated,
      headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
    }),

  /** spec §7: the signature and data of a posted-form provider, for a created transaction. */
  send: (token: string, provider: string, transactionId: string) =>
    apiRequest(`/api/transaction/send/${encodeURIComponent(provider)}`, {
      body: { transaction_id: transactionId },
      token,
      schema: PostedForm,
    }),

  /** cancels a pending withdrawal of the client; the answer is the cancelled transaction. */
  cancel: (token: string, input: TransactionCancelInput) =>
    apiRequest('/api/transactions/cancel', { body: { ...input }, token, schema: TransactionDto }),

  /** spec §7: GET /api/transactions/get/{token}, the client's transactions, newest first. */
  transactions: (token: string, signal?: AbortSignal) =>
    apiRequest(`/api/transactions/get/${encodeURIComponent(token)}`, {
      token,
      schema: TransactionList,
      ...withSignal(signal),
    }),
};

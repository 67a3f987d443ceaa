import {
  IDEMPOTENCY_HEADER,
  type PaymentOptions,
  type PostedForm,
  type TransactionCreated,
  type TransactionCreateInput,
  type TransactionDto,
} from '@openbroker/domain';
import { apiRequest } from './client.js';

const withSignal = (signal: AbortSignal | undefined) => (signal ? { signal } : {});

/** Payments and transactions calls (spec §7; contract in the domain's payments-api.ts). */
export const paymentsApi = {
  /** The brand's deposit methods, minimum deposit and currency. */
  methods: (token: string, signal?: AbortSignal) =>
    apiRequest<PaymentOptions>(`/api/payments/methods?token=${encodeURIComponent(token)}`, {
      token,
      ...withSignal(signal),
    }),

  /**
   * Creates a deposit (positive amount) or a withdrawal (method 6, negative amount). `idempotencyKey`
   * names one attempt: the server answers a repeated key with the first result and books nothing twice.
   */
  create: (token: string, input: TransactionCreateInput, idempotencyKey: string) =>
    apiRequest<TransactionCreated>('/api/transactions/create', {
      body: { ...input },
      token,
      headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
    }),

  /** spec §7: the signature and data of a posted-form provider, for a created transaction. */
  send: (token: string, provider: string, transactionId: string) =>
    apiRequest<PostedForm>(`/api/transaction/send/${encodeURIComponent(provider)}`, {
      body: { transaction_id: transactionId },
      token,
    }),

  /** spec §7: GET /api/transactions/get/{token}, the client's transactions, newest first. */
  transactions: (token: string, signal?: AbortSignal) =>
    apiRequest<TransactionDto[]>(`/api/transactions/get/${encodeURIComponent(token)}`, {
      token,
      ...withSignal(signal),
    }),
};

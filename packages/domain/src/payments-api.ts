/**
 * The payments API contract shared by the server and the web app (spec §7, architecture §6).
 *
 * - `GET /api/payments/methods?token=` → `{status:true, data: PaymentOptions}`: the deposit methods
 *   this brand has provider settings for (spec §9: methods appear only when their provider settings
 *   exist; card providers are titled 'Credit Card 1', 'Credit Card 2', … in order).
 * - `POST /api/transactions/create` {amount, method, token, comments?, provider?} with an optional
 *   `Idempotency-Key` header → `{status:true, data: TransactionCreated}`. `provider` picks one of
 *   several providers of a method (two card providers); absent: the method's first provider.
 * - `POST /api/transaction/send/{provider}` {token, transaction_id} → `{status:true, data: PostedForm}`
 *   for providers whose next step is `form` (spec §7: one returns a signature and data used to build a
 *   posted form).
 * - `GET /api/transactions/get/{token}` → `{status:true, data: TransactionDto[]}`, newest first.
 */
// The answers' schemas and types (PaymentOptions, TransactionCreated, PaymentNextStep, PostedForm,
// TransactionDto, …) are in contracts/payments.ts.

/** Query parameters the providers' pages return to /payment/{method} with. */
export const PAYMENT_RETURN_PARAMS = { transaction: 'transaction', result: 'result' } as const;
export type PaymentReturnResult = 'approved' | 'declined' | 'pending' | 'cancelled';

/** Request header carrying the client's idempotency key for POST /api/transactions/create. */
export const IDEMPOTENCY_HEADER = 'idempotency-key';

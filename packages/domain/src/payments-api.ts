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
import type { DepositMethodId, PaymentMethodId } from './payments.js';

/** How a provider takes the client through the payment. */
export type PaymentMethodKind = 'card' | 'wire' | 'alternative' | 'cashier';

/** One deposit option on /payment/{method}. */
export interface PaymentMethodDto {
  /** The brand's provider entry, e.g. 'card-1'; sent back as `provider` when creating. */
  provider: string;
  method: DepositMethodId;
  kind: PaymentMethodKind;
  /** 'Credit Card 1', 'Bank Wire', … */
  title: string;
}

export interface PaymentOptions {
  methods: PaymentMethodDto[];
  /** The brand's minimum deposit (spec §9: 250). */
  minDeposit: number;
  currency: string;
  currencySymbol: string;
}

/** The brand's bank account a wire goes to; the client quotes `reference` on the transfer. */
export interface BankDetails {
  beneficiary: string;
  bankName: string;
  iban: string;
  bic: string;
  reference: string;
}

/** What the page does after a deposit was created (spec §4: redirect, submit a form, open a widget). */
export type PaymentNextStep =
  /** Bank wire: show the bank details and the thank-you (closes after 1.5 s). */
  | { type: 'instructions'; bank: BankDetails }
  /** Card or alternative: go to the provider's page; it returns to /payment/{method}?transaction=…&result=… */
  | { type: 'redirect'; url: string }
  /** Posted-form provider: call POST /api/transaction/send/{provider}, then build and submit the form. */
  | { type: 'form'; provider: string }
  /** Cashier widget: load `scriptUrl`, then click the element `launcher` after 2 s (spec §9). */
  | { type: 'widget'; scriptUrl: string; session: string; launcher: string }
  /** Withdraw: nothing more; show the success request message (closes after 1.5 s). */
  | { type: 'none' };

/** spec §7: data {status 'success', transaction_id}, plus what to do next. */
export interface TransactionCreated {
  status: 'success';
  transaction_id: string;
  next: PaymentNextStep;
}

/** spec §7: one returns a signature and data used to build a posted form. */
export interface PostedForm {
  action: string;
  method: 'POST';
  signature: string;
  data: Record<string, string>;
}

/** spec §3 Transaction as the list shows it; amount is signed (a withdrawal is negative). */
export interface TransactionDto {
  amount: number;
  currency: string;
  transaction_type: { name: string };
  transaction_type_id: number;
  transaction_status: { name: string };
  transaction_status_id: number;
  transaction_id: string;
  /** ISO 8601 UTC. */
  created_at: string;
  method: PaymentMethodId | number;
}

/** Query parameters the providers' pages return to /payment/{method} with. */
export const PAYMENT_RETURN_PARAMS = { transaction: 'transaction', result: 'result' } as const;
export type PaymentReturnResult = 'approved' | 'declined' | 'pending' | 'cancelled';

/** Request header carrying the client's idempotency key for POST /api/transactions/create. */
export const IDEMPOTENCY_HEADER = 'idempotency-key';

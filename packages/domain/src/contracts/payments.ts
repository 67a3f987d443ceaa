import { z } from 'zod';
import { DEPOSIT_METHOD_IDS } from '../payments.js';
import { WireInstant as Instant } from './common.js';

/** Client-area contracts of payments: deposit options, a created transaction and the transactions list (see common.ts). */

/** How a provider takes the client through the payment. */
export const PaymentMethodKind = z.enum(['card', 'wire', 'alternative', 'cashier']);
export type PaymentMethodKind = z.infer<typeof PaymentMethodKind>;

/** One deposit option on /payment/{method}. */
export const PaymentMethodDto = z.object({
  /** The brand's provider entry, e.g. 'card-1'; sent back as `provider` when creating. */
  provider: z.string(),
  method: z.literal(DEPOSIT_METHOD_IDS),
  kind: PaymentMethodKind,
  /** 'Credit Card 1', 'Bank Wire', … */
  title: z.string(),
});
export type PaymentMethodDto = z.infer<typeof PaymentMethodDto>;

/** `data` of GET /api/payments/methods. */
export const PaymentOptions = z.object({
  methods: z.array(PaymentMethodDto),
  /** The brand's minimum deposit (spec §9: 250). */
  minDeposit: z.number(),
  /** The brand's largest single deposit (default 1,000,000). */
  maxDeposit: z.number(),
  currency: z.string(),
  currencySymbol: z.string(),
});
export type PaymentOptions = z.infer<typeof PaymentOptions>;

/** The brand's bank account a wire goes to; the client quotes `reference` on the transfer. */
export const BankDetails = z.object({
  beneficiary: z.string(),
  bankName: z.string(),
  iban: z.string(),
  bic: z.string(),
  reference: z.string(),
});
export type BankDetails = z.infer<typeof BankDetails>;

/** What the page does after a deposit was created (spec §4: redirect, submit a form, open a widget). */
export const PaymentNextStep = z.discriminatedUnion('type', [
  /** Bank wire: show the bank details and the thank-you (closes after 1.5 s). */
  z.object({ type: z.literal('instructions'), bank: BankDetails }),
  /** Card or alternative: go to the provider's page; it returns to /payment/{method}?transaction=…&result=… */
  z.object({ type: z.literal('redirect'), url: z.string() }),
  /** Posted-form provider: call POST /api/transaction/send/{provider}, then build and submit the form. */
  z.object({ type: z.literal('form'), provider: z.string() }),
  /** Cashier widget: load `scriptUrl`, then click the element `launcher` after 2 s (spec §9). */
  z.object({ type: z.literal('widget'), scriptUrl: z.string(), session: z.string(), launcher: z.string() }),
  /** Withdraw: nothing more; show the success request message (closes after 1.5 s). */
  z.object({ type: z.literal('none') }),
]);
export type PaymentNextStep = z.infer<typeof PaymentNextStep>;

/** `data` of POST /api/transactions/create: spec §7 {status 'success', transaction_id}, plus what to do next. */
export const TransactionCreated = z.object({
  status: z.literal('success'),
  transaction_id: z.string(),
  next: PaymentNextStep,
});
export type TransactionCreated = z.infer<typeof TransactionCreated>;

/** `data` of POST /api/transaction/send/{provider} (spec §7: a signature and data for a posted form). */
export const PostedForm = z.object({
  action: z.string(),
  method: z.literal('POST'),
  signature: z.string(),
  data: z.record(z.string(), z.string()),
});
export type PostedForm = z.infer<typeof PostedForm>;

/** spec §3 Transaction as GET /api/transactions/get/{token} lists it; amount is signed (a withdrawal is negative). */
export const TransactionDto = z.object({
  amount: z.number(),
  currency: z.string(),
  transaction_type: z.object({ name: z.string() }),
  transaction_type_id: z.number().int(),
  transaction_status: z.object({ name: z.string() }),
  transaction_status_id: z.number().int(),
  transaction_id: z.string(),
  created_at: Instant,
  /** A payment method id (spec §9), or the type id of a transaction staff booked. */
  method: z.number().int(),
  /** Why staff declined it; absent when there is no note. */
  status_note: z.string().optional(),
});
export type TransactionDto = z.infer<typeof TransactionDto>;

/** `data` of GET /api/transactions/get/{token}, newest first. */
export const TransactionList = z.array(TransactionDto);
export type TransactionList = z.infer<typeof TransactionList>;

import { z } from 'zod';
import { BRAND_CURRENCIES, type BrandCurrency } from '../brand-admin.js';

/**
 * Client-area contracts of trading accounts (/api/accounts…, docs/accounts.md). A client (profile, KYC, sessions)
 * owns trading accounts: live ones, one or more per currency the brand offers, and demo ones holding virtual money.
 * Balance, positions, orders, ledger entries, alerts and statements belong to an account. The spec's calls and
 * socket events act on the session's current account with their payloads unchanged; an optional `accountId`
 * selects another of the client's own accounts.
 */

const CURRENCY_CODES = Object.keys(BRAND_CURRENCIES) as [BrandCurrency, ...BrandCurrency[]];

export const TRADING_ACCOUNT_KINDS = ['live', 'demo'] as const;
export const TradingAccountKind = z.enum(TRADING_ACCOUNT_KINDS);
export type TradingAccountKind = z.infer<typeof TradingAccountKind>;

/** One of the client's accounts, with its live figures as the engine holds them (exact decimal text). */
export const TradingAccount = z.object({
  id: z.number().int(),
  /** What the client and staff call it: 'L-100234-1' (live) or 'D-100234-1' (demo), unique in the deployment. */
  number: z.string(),
  kind: TradingAccountKind,
  currency: z.enum(CURRENCY_CODES),
  balance: z.string(),
  equity: z.string(),
  /** Margin in use; '0.00' without open positions. */
  margin: z.string(),
  /** Equity ÷ margin × 100, two decimals; null without open positions. */
  marginLevel: z.string().nullable(),
  /** The account the session's spec calls act on. */
  current: z.boolean(),
  createdAt: z.string(),
});
export type TradingAccount = z.infer<typeof TradingAccount>;

/** GET /api/accounts: the client's accounts, live first (oldest first), then demo; and what they may open. */
export const TradingAccountList = z.object({
  accounts: z.array(TradingAccount),
  /** Currencies the brand offers live accounts in (brand setting `accountCurrencies`; default its currency). */
  liveCurrencies: z.array(z.enum(CURRENCY_CODES)),
  /** Virtual money a new or reset demo account starts with, in its currency (brand setting `demoBalance`). */
  demoBalance: z.string(),
});
export type TradingAccountList = z.infer<typeof TradingAccountList>;

/** POST /api/accounts: open a live account in one of the brand's currencies, or a demo account. */
export const OpenTradingAccountRequest = z.object({
  kind: TradingAccountKind,
  currency: z.enum(CURRENCY_CODES),
});
export type OpenTradingAccountRequest = z.infer<typeof OpenTradingAccountRequest>;

/** POST /api/accounts/current: the account the session's spec calls act on from now on. */
/** A trading account's id as a request names it (a 32-bit database id; larger ones are refused as invalid). */
const AccountIdField = z.number().int().positive().max(2_147_483_647);

export const SwitchTradingAccountRequest = z.object({ accountId: AccountIdField });
export type SwitchTradingAccountRequest = z.infer<typeof SwitchTradingAccountRequest>;

/** POST /api/accounts/transfers/quote and POST /api/accounts/transfers: between two of the client's live accounts. */
export const TransferRequest = z.object({
  fromAccountId: AccountIdField,
  toAccountId: AccountIdField,
  /** In the source account's currency, at most two decimals. */
  amount: z.string(),
  /**
   * The booking only: the `rate` of the quote the client saw and confirmed. When the brand's rate moved beyond a
   * small tolerance (0.1 %) since, nothing is booked: 409 TRANSFER_REQUOTE with the new rate and credit.
   */
  quotedRate: z.string().max(40).optional(),
});
export type TransferRequest = z.infer<typeof TransferRequest>;

/** A transfer's figures: what is debited, the rate, what is credited (shown before confirming, then booked). */
export const TransferFigures = z.object({
  fromAccountId: z.number().int(),
  toAccountId: z.number().int(),
  debit: z.object({ amount: z.string(), currency: z.enum(CURRENCY_CODES) }),
  credit: z.object({ amount: z.string(), currency: z.enum(CURRENCY_CODES) }),
  /** 1 unit of the debit currency in the credit currency at the brand's dealing rate; '1' for the same currency. */
  rate: z.string(),
  /** The feed pair the rate comes from ('EURUSD'), null for the same currency. */
  pair: z.string().nullable(),
});
export type TransferFigures = z.infer<typeof TransferFigures>;

/** POST /api/accounts/transfers's answer: the booked figures and the transfer's id. */
export const TransferBooked = TransferFigures.extend({ id: z.number().int(), bookedAt: z.string() });
export type TransferBooked = z.infer<typeof TransferBooked>;

/**
 * POST /api/demo (the public site's "Try a demo"): e-mail and password only, no KYC. Answers `AuthData`, as a login
 * does, for a client whose one account is a demo account (current); upgrading to live is the normal profile and KYC flow.
 */
export const DemoSignupRequest = z.object({
  email: z.string(),
  password: z.string(),
  /** The site's language the visitor used. */
  language: z.string().optional(),
  /** A referral code, as registration takes it (affiliate conversions count demo sign-ups apart). */
  ref: z.string().optional(),
});
export type DemoSignupRequest = z.infer<typeof DemoSignupRequest>;

import {
  cardProviderTitle,
  type DepositMethodId,
  PAYMENT_METHOD,
  type PaymentMethodDto,
  type PaymentMethodKind,
  type PaymentNextStep,
  type PostedForm,
} from '@openbroker/domain';
import type { PaymentProviderSetting } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import type { Brand } from '../brands/brands.service.js';
import { credentialsOf, type SecretSource } from './provider-secrets.js';
import { canonicalFields, hmacHex, providerSecret, sealToken } from './signing.js';

/** spec §7: the customer fields every payment payload carries. */
export interface PaymentCustomer {
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  address: string;
  country_code: string;
  state: string;
  city: string;
  zip: string;
}

/** What a provider is told about a deposit (spec §7 payload), built by the server, never by the client. */
export interface ProviderPayment {
  /** Our transaction reference; providers call it the order id. */
  orderId: string;
  /** Whole cents as a string, e.g. '250.00'. */
  amount: string;
  currency: string;
  customer: PaymentCustomer;
  /** Where the provider sends the client back to. */
  returnUrl: string;
  /** Where the provider posts its signed result. */
  webhookUrl: string;
}

/** A sandbox payment session: everything the hosted pages need, sealed so it cannot be altered. */
export interface SandboxSession {
  /** Brand slug and provider key: which secret signs the webhook. */
  brand: string;
  provider: string;
  kind: PaymentMethodKind;
  merchant: string;
  order: string;
  amount: string;
  currency: string;
  customer: PaymentCustomer;
  returnUrl: string;
  webhookUrl: string;
  /** Epoch ms after which the pages refuse the session. */
  expires: number;
}

/** How long a sandbox payment page stays usable. */
export const SANDBOX_SESSION_TTL_MS = 60 * 60_000;

/**
 * What an adapter works with: the brand, the secrets (PAYMENT_SANDBOX_SECRET for the sandbox's sessions and
 * derived secrets, and the box that opens the brand's stored provider secrets, see provider-secrets.ts).
 */
export interface ProviderContext extends SecretSource {
  brand: Brand;
  /** The brand's configured public address (brandPublicUrl), e.g. 'http://localhost:3000'; never a Host header. */
  origin: string;
  now: number;
}

/** One payment provider entry of a brand, behind the interface architecture §6 names. */
export interface PaymentProvider {
  readonly key: string;
  readonly method: DepositMethodId;
  readonly kind: PaymentMethodKind;
  readonly title: string;
  /** spec §9 transaction type id a deposit through it is booked as. */
  readonly typeId: number;
  /** 'staff': a person confirms it (bank wire); 'webhook': the provider's signed call does. */
  readonly confirmation: 'staff' | 'webhook';
  /** What the client does next after the deposit was created. */
  start(payment: ProviderPayment, ctx: ProviderContext): PaymentNextStep;
  /** The posted form with its signature (providers whose next step is `form`). */
  postedForm?(payment: ProviderPayment, ctx: ProviderContext): PostedForm;
}

/**
 * The secret the built-in sandbox derives for a brand's provider from PAYMENT_SANDBOX_SECRET: what signs its
 * webhooks and posted forms while the brand stores no secret of its own (provider-secrets.ts decides).
 */
export function secretOf(ctx: Pick<ProviderContext, 'masterSecret'>, brandSlug: string, key: string): string {
  return providerSecret(ctx.masterSecret, brandSlug, key);
}

/** The key the sandbox seals its payment sessions with (its own, not a merchant's). */
export function sandboxSessionKey(masterSecret: string): string {
  return providerSecret(masterSecret, '*sandbox*', 'sessions');
}

function session(payment: ProviderPayment, ctx: ProviderContext, key: string, kind: PaymentMethodKind) {
  const sealed: SandboxSession = {
    brand: ctx.brand.slug,
    provider: key,
    kind,
    merchant: ctx.brand.settings.legalName || ctx.brand.name,
    order: payment.orderId,
    amount: payment.amount,
    currency: payment.currency,
    customer: payment.customer,
    returnUrl: payment.returnUrl,
    webhookUrl: payment.webhookUrl,
    expires: ctx.now + SANDBOX_SESSION_TTL_MS,
  };
  return sealToken(sandboxSessionKey(ctx.masterSecret), sealed);
}

/**
 * The fields of a posted-form payment, as spec §7 lists them, plus the merchant (the brand's account at the
 * sandbox) and, when the editor set one, the merchant id the provider knows the brand by.
 */
function formFields(
  payment: ProviderPayment,
  ctx: ProviderContext,
  key: string,
  merchantId: string | undefined,
): Record<string, string> {
  const c = payment.customer;
  return {
    merchant: ctx.brand.slug,
    ...(merchantId ? { merchant_id: merchantId } : {}),
    provider: key,
    order_id: payment.orderId,
    amount: payment.amount,
    currency: payment.currency,
    first_name: c.first_name,
    last_name: c.last_name,
    email: c.email,
    phone: c.phone,
    address: c.address,
    country_code: c.country_code,
    state: c.state,
    city: c.city,
    zip: c.zip,
    return_url: payment.returnUrl,
    webhook_url: payment.webhookUrl,
    timestamp: String(Math.floor(ctx.now / 1000)),
  };
}

function build(setting: PaymentProviderSetting, cardIndex: number): PaymentProvider {
  switch (setting.type) {
    case 'sandbox-card':
      return {
        key: setting.key,
        method: PAYMENT_METHOD.creditCard,
        kind: 'card',
        // spec §9: card providers are titled Credit Card 1, 2 and so on
        title: cardProviderTitle(cardIndex),
        typeId: 1,
        confirmation: 'webhook',
        start: (payment, ctx) =>
          setting.flow === 'form'
            ? { type: 'form', provider: setting.key }
            : { type: 'redirect', url: `/sandbox/pay?s=${session(payment, ctx, setting.key, 'card')}` },
        postedForm: (payment, ctx) => {
          // The form is signed with the brand's stored API key (else the sandbox's derived secret).
          const { apiKey, merchantId } = credentialsOf(ctx, ctx.brand, setting.key);
          // A stored key sealed under another BRAND_SECRETS_KEY must be entered again before this method works.
          if (!apiKey) throw new AppError(422, 'METHOD_UNAVAILABLE', 'payment.methodUnavailable');
          const data = formFields(payment, ctx, setting.key, merchantId);
          return {
            action: '/sandbox/form',
            method: 'POST',
            signature: hmacHex(apiKey, canonicalFields(data)),
            data,
          };
        },
      };
    case 'bank-wire':
      return {
        key: setting.key,
        method: PAYMENT_METHOD.bankWire,
        kind: 'wire',
        title: 'Bank Wire',
        typeId: 2,
        confirmation: 'staff',
        start: (payment) => ({
          type: 'instructions',
          bank: {
            beneficiary: setting.beneficiary,
            bankName: setting.bankName,
            iban: setting.iban,
            bic: setting.bic,
            reference: payment.orderId,
          },
        }),
      };
    case 'sandbox-alternative':
      return {
        key: setting.key,
        method: PAYMENT_METHOD.alternative,
        kind: 'alternative',
        title: setting.title,
        typeId: 3,
        confirmation: 'webhook',
        start: (payment, ctx) => {
          const token = session(payment, ctx, setting.key, 'alternative');
          // An operator may point the method at another page; it receives the sealed session.
          const base = setting.url ?? '/sandbox/wallet';
          return { type: 'redirect', url: `${base}?s=${encodeURIComponent(token)}` };
        },
      };
    case 'sandbox-cashier':
      return {
        key: setting.key,
        method: PAYMENT_METHOD.cashier,
        kind: 'cashier',
        title: setting.title,
        typeId: 9,
        confirmation: 'webhook',
        start: (payment, ctx) => ({
          type: 'widget',
          scriptUrl: '/sandbox/cashier.js',
          session: session(payment, ctx, setting.key, 'cashier'),
          launcher: 'launcher',
        }),
      };
  }
}

/**
 * Which providers this server may use. `sandbox` (config PAYMENT_SANDBOX, on in demo mode only):
 * the built-in sandbox ones, whose test cards approve without money. Off, a brand's sandbox settings
 * are as if absent: not offered, not startable, and their webhooks find no provider (decision 0010).
 */
export interface ProviderSwitches {
  sandbox: boolean;
}

/** The built-in sandbox provider types (everything a brand can name except the bank wire). */
export function isSandboxSetting(setting: PaymentProviderSetting): boolean {
  return setting.type.startsWith('sandbox-');
}

/** The brand's providers in display order; card providers numbered in their order (spec §9). */
export function providersOf(brand: Brand, switches: ProviderSwitches): PaymentProvider[] {
  let cards = 0;
  return (brand.settings.payments ?? [])
    .filter((setting) => switches.sandbox || !isSandboxSetting(setting))
    .map((setting) => build(setting, setting.type === 'sandbox-card' ? cards++ : 0));
}

/** The deposit options shown on /payment (spec §9: only methods whose provider settings exist). */
export function methodsOf(brand: Brand, switches: ProviderSwitches): PaymentMethodDto[] {
  return providersOf(brand, switches).map((p) => ({
    provider: p.key,
    method: p.method,
    kind: p.kind,
    title: p.title,
  }));
}

/** The provider a deposit uses: the named one of that method, else the method's first. */
export function pickProvider(
  brand: Brand,
  method: number,
  providerKey: string | undefined,
  switches: ProviderSwitches,
): PaymentProvider | undefined {
  const candidates = providersOf(brand, switches).filter((p) => p.method === method);
  return providerKey ? candidates.find((p) => p.key === providerKey) : candidates[0];
}

/** A provider of the brand by key (webhooks and posted forms name it). */
export function providerByKey(
  brand: Brand,
  key: string,
  switches: ProviderSwitches,
): PaymentProvider | undefined {
  return providersOf(brand, switches).find((p) => p.key === key);
}

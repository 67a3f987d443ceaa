import type { PaymentProviderSetting } from '../../db/schema.js';

/**
 * The payment providers a seeded brand ships with, so every method runs offline against the
 * built-in sandbox: two card providers (a hosted page and a posted form, shown as 'Credit Card 1'
 * and 'Credit Card 2'), bank wire to the brand's account, an alternative wallet and the cashier
 * widget. `legalName` names the wire beneficiary.
 */
export function sandboxPaymentProviders(legalName: string): PaymentProviderSetting[] {
  return [
    { key: 'card-1', type: 'sandbox-card', flow: 'redirect' },
    { key: 'card-2', type: 'sandbox-card', flow: 'form' },
    {
      key: 'wire',
      type: 'bank-wire',
      beneficiary: legalName,
      bankName: 'Sandbox Bank AG',
      // A syntactically valid demonstration IBAN; no real account.
      iban: 'DE89 3704 0044 0532 0130 00',
      bic: 'COBADEFFXXX',
    },
    { key: 'wallet', type: 'sandbox-alternative', title: 'E-Wallet' },
    { key: 'cashier', type: 'sandbox-cashier', title: 'Cashier' },
  ];
}

/**
 * The providers the default brand of a database seeded outside demo mode starts with: the sandbox
 * ones, which stay hidden unless PAYMENT_SANDBOX=true (a staging server), and no bank wire, so a
 * demonstration IBAN never reaches real clients. Real providers go into the brand's settings.
 */
export function nonDemoPaymentProviders(): PaymentProviderSetting[] {
  return sandboxPaymentProviders('').filter((provider) => provider.type !== 'bank-wire');
}

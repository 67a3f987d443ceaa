import type { PaymentMethodDto, PaymentMethodKind } from '@openbroker/domain';
import type { TranslationKey } from '../../lib/i18n/keys.js';

/** The route segments of /payment/{method} that name a kind of deposit method (spec §2). */
const KIND_BY_ROUTE: Readonly<Record<string, PaymentMethodKind>> = {
  creditCard: 'card',
  bankWire: 'wire',
  alternative: 'alternative',
  cashier: 'cashier',
};

/**
 * The method preselected on /payment/{method}: the first of the route's kind (creditCard → the first card
 * provider); 'deposit', an unknown segment or a kind the brand does not offer → the first method.
 */
export function preselectedMethod(
  methods: readonly PaymentMethodDto[],
  route: string | undefined,
): PaymentMethodDto | undefined {
  const kind = route === undefined ? undefined : KIND_BY_ROUTE[route];
  return (kind && methods.find((method) => method.kind === kind)) || methods[0];
}

/** How each kind of method looks and what happens after the submit, told before the client pays. */
export const KIND_INFO: Readonly<
  Record<PaymentMethodKind, { icon: string; hint: TranslationKey; next: TranslationKey }>
> = {
  card: { icon: 'bi-credit-card-2-front', hint: 'payments.kind.card', next: 'payments.next.card' },
  wire: { icon: 'bi-bank', hint: 'payments.kind.wire', next: 'payments.next.wire' },
  alternative: { icon: 'bi-wallet2', hint: 'payments.kind.alternative', next: 'payments.next.alternative' },
  cashier: { icon: 'bi-shop-window', hint: 'payments.kind.cashier', next: 'payments.next.cashier' },
};

/** Quick amounts offered under the amount field, never below the brand's minimum. */
export function quickAmounts(minDeposit: number): number[] {
  const amounts = [250, 500, 1000, 2500].map((amount) => Math.max(amount, minDeposit));
  return [...new Set(amounts)];
}

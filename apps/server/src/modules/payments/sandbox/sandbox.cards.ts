/**
 * The sandbox provider's test cards (architecture §6): what a card number does. Any other valid card
 * number goes through the 3-D Secure challenge like the approve card.
 */
export type CardBehaviour =
  /** 3-D Secure challenge; the right code approves. */
  | 'challenge'
  /** Approved without a challenge (frictionless). */
  | 'approve'
  /** Declined by the issuer before any challenge. */
  | 'decline'
  /** 3-D Secure challenge that always fails. */
  | 'challenge-fail';

export interface TestCard {
  number: string;
  behaviour: CardBehaviour;
  label: string;
}

export const TEST_CARDS: readonly TestCard[] = [
  { number: '4242424242424242', behaviour: 'challenge', label: 'Approved after the 3-D Secure step' },
  { number: '5555555555554444', behaviour: 'approve', label: 'Approved without a challenge' },
  { number: '4000000000000002', behaviour: 'decline', label: 'Declined by the issuer' },
  { number: '4000000000003063', behaviour: 'challenge-fail', label: '3-D Secure authentication fails' },
];

/** The one-time code that passes the sandbox's 3-D Secure challenge. */
export const CHALLENGE_CODE = '1234';

/** Luhn check of a card number (digits only). */
export function luhnValid(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

export interface CardInput {
  number: string;
  expiry: string;
  cvc: string;
}

/** The card form's fields a check can find wrong. */
export type CardField = 'card_number' | 'expiry' | 'cvc';

export type CardCheck =
  | { ok: true; digits: string; behaviour: CardBehaviour }
  | { ok: false; error: string; field: CardField };

/** Checks the card form as a real payment page would, then says what the sandbox will do with it. */
export function checkCard(input: CardInput, now: Date): CardCheck {
  const digits = input.number.replace(/[\s-]/g, '');
  if (!luhnValid(digits)) return { ok: false, error: 'The card number is not valid.', field: 'card_number' };
  const expiry = /^(\d{2})\s*\/\s*(\d{2})$/.exec(input.expiry.trim());
  const month = Number(expiry?.[1]);
  if (!expiry || month < 1 || month > 12)
    return { ok: false, error: 'The expiry date must look like MM/YY.', field: 'expiry' };
  const endOfMonth = Date.UTC(2000 + Number(expiry[2]), month, 1);
  if (endOfMonth <= now.getTime()) return { ok: false, error: 'This card has expired.', field: 'expiry' };
  if (!/^\d{3,4}$/.test(input.cvc.trim()))
    return { ok: false, error: 'The security code has 3 or 4 digits.', field: 'cvc' };
  const known = TEST_CARDS.find((card) => card.number === digits);
  return { ok: true, digits, behaviour: known?.behaviour ?? 'challenge' };
}

import { formatPrice } from '@openbroker/domain';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccountCurrency } from '../trading-accounts/currentAccount.js';

/**
 * Money in the current trading account's currency (the brand's until the account is known), grouped in the reader's language: '€ 10,000.00', '+€ 12.34'.
 * Prices are not formatted here: they follow the spec §9 decimals rule (domain `formatPrice`), with a
 * dot, exactly as they are typed into the SL/TP fields and quoted in "Can't be lower than X".
 */
export function useMoney(): {
  format: (value: number) => string;
  signed: (value: number) => string;
  /** Up to 4 decimals, for figures below a cent such as a small position's pip value. */
  fine: (value: number) => string;
} {
  const { currency, currencySymbol } = useAccountCurrency();
  const { i18n } = useTranslation();
  const language = i18n.language;
  return useMemo(() => {
    const make = (signDisplay: 'auto' | 'exceptZero', maximumFractionDigits = 2) => {
      let formatter: Intl.NumberFormat;
      try {
        formatter = new Intl.NumberFormat(language, {
          style: 'currency',
          currency,
          currencyDisplay: 'narrowSymbol',
          signDisplay,
          minimumFractionDigits: 2,
          maximumFractionDigits,
        });
      } catch {
        formatter = new Intl.NumberFormat(language, {
          minimumFractionDigits: 2,
          maximumFractionDigits,
          signDisplay,
        });
      }
      return (value: number) => {
        if (!Number.isFinite(value)) return '—';
        const parts = formatter.formatToParts(value);
        const hasSymbol = parts.some((part) => part.type === 'currency');
        const text = parts
          .map((part) => (part.type === 'currency' ? currencySymbol : part.value))
          .join('')
          // a proper minus sign: the same width as the plus, easier to see
          .replace('-', '−');
        return hasSymbol ? text : `${currencySymbol} ${text}`;
      };
    };
    return { format: make('auto'), signed: make('exceptZero'), fine: make('auto', 4) };
  }, [currency, currencySymbol, language]);
}

/** A price by the decimals rule (spec §9). */
export function PriceText({ value, className }: { value: number | null | undefined; className?: string }) {
  return <span className={className}>{value == null ? '—' : formatPrice(value)}</span>;
}

/** The CSS class of a signed figure: green above zero, red below. */
export const signClass = (value: number | null | undefined): string =>
  value == null || value === 0 ? '' : value > 0 ? 'ob-up' : 'ob-down';

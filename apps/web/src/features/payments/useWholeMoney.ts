import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useBrand } from '../../lib/BrandProvider.js';

/** Whole amounts for quick-amount chips: '€250', '250 €' — the brand's symbol, the reader's grouping. */
export function useWholeMoney(): (value: number) => string {
  const { currency, currencySymbol } = useBrand();
  const { i18n } = useTranslation();
  const language = i18n.language;
  return useMemo(() => {
    let formatter: Intl.NumberFormat;
    try {
      formatter = new Intl.NumberFormat(language, {
        style: 'currency',
        currency,
        currencyDisplay: 'narrowSymbol',
        maximumFractionDigits: 0,
        minimumFractionDigits: 0,
      });
    } catch {
      formatter = new Intl.NumberFormat(language, { maximumFractionDigits: 0 });
    }
    return (value) => {
      const parts = formatter.formatToParts(value);
      const hasSymbol = parts.some((part) => part.type === 'currency');
      const text = parts.map((part) => (part.type === 'currency' ? currencySymbol : part.value)).join('');
      return hasSymbol ? text : `${currencySymbol} ${text}`;
    };
  }, [currency, currencySymbol, language]);
}

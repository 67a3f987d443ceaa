/** A conversion rate (0.25) as a percentage in the reader's language ('25 %'); '—' when there is none. */
export function formatRate(rate: number | null, language: string): string {
  if (rate === null) return '—';
  return new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 1 }).format(rate);
}

/** A money amount (a decimal string) with its currency, grouped in the reader's language. */
export function formatAmount(amount: string, currency: string, language: string): string {
  const value = Number(amount);
  try {
    return new Intl.NumberFormat(language, { style: 'currency', currency }).format(value);
  } catch {
    // An unknown currency code: the figure with the code beside it.
    return `${currency} ${amount}`;
  }
}

/** A count grouped in the reader's language. */
export const formatCount = (value: number, language: string): string =>
  new Intl.NumberFormat(language).format(value);

import { formatMoneyIn } from '@openbroker/domain';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export type Tone = 'success' | 'danger' | 'warning' | 'info' | 'neutral' | 'accent';

/** A compact status pill. */
export function StatusBadge({ tone, children, icon }: { tone: Tone; children: ReactNode; icon?: string }) {
  return (
    <span className={`bo-badge bo-badge-${tone}`}>
      {icon && <i className={`bi ${icon}`} aria-hidden="true" />}
      {children}
    </span>
  );
}

/**
 * A decimal money string ('1234.5', '-20.00') grouped for the reader's language, never through a float:
 * the integer part goes through BigInt, the fraction is kept (at least two places).
 */
export function formatAmount(
  value: string | number | null | undefined,
  language: string,
  symbol = '',
): string {
  if (value === null || value === undefined || value === '') return '—';
  const text = String(value).trim();
  const match = /^(-)?(\d+)(?:\.(\d+))?$/.exec(text);
  if (!match) return text;
  const [, sign, whole = '0', fraction = ''] = match;
  const parts = new Intl.NumberFormat(language, { minimumFractionDigits: 1 }).formatToParts(1.5);
  const decimal = parts.find((part) => part.type === 'decimal')?.value ?? '.';
  const grouped = new Intl.NumberFormat(language).format(BigInt(whole));
  const cents = fraction.padEnd(2, '0');
  const amount = `${grouped}${decimal}${cents}`;
  const negative = sign === '-' && /[1-9]/.test(whole + fraction);
  return `${negative ? '−' : ''}${symbol ? `${symbol} ` : ''}${amount}`;
}

/** A money cell: tabular figures, red when negative; with `currency`, written with it by the domain's formatMoneyIn. */
export function Amount({
  value,
  symbol,
  currency,
  signed,
}: {
  value: string | number | null | undefined;
  symbol?: string;
  /** The amount's ISO currency ('EUR', 'USD'): every amount of money in the back office names it. */
  currency?: string;
  /** Colours positive green too (ledger movements). */
  signed?: boolean;
}) {
  const { i18n } = useTranslation();
  const text = String(value ?? '');
  const negative = text.startsWith('-') && /[1-9]/.test(text);
  const tone = negative ? ' bo-neg' : signed && /[1-9]/.test(text) ? ' bo-pos' : '';
  return (
    <span className={`bo-num${tone}`}>
      {currency
        ? formatMoneyIn(value === '' ? null : value, currency, i18n.language)
        : formatAmount(value, i18n.language, symbol)}
    </span>
  );
}

/** A date (and time) cell in the reader's language. */
export function DateTime({ value, dateOnly }: { value: string | null | undefined; dateOnly?: boolean }) {
  const { i18n } = useTranslation();
  if (!value) return <span className="text-body-secondary">—</span>;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return <span>{value}</span>;
  const text = new Intl.DateTimeFormat(i18n.language, {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    ...(dateOnly ? {} : { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' as const }),
  }).format(date);
  return (
    <time dateTime={value} className="bo-num" title={date.toISOString()}>
      {text}
    </time>
  );
}

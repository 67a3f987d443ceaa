import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

type Amount = string | number;

/** Intl formats an exact decimal string without going through a float (Intl.NumberFormat v3). */
const exact = (value: Amount): `${number}` | number =>
  typeof value === 'number' ? value : (value.trim() as `${number}`);

const isReadable = (value: Amount | null | undefined): value is Amount =>
  value !== null && value !== undefined && value !== '' && Number.isFinite(Number(value));

/**
 * Formatters for the back office, in the reader's language: money in a record's own currency (a
 * staff member works across brands, each with its currency), plain numbers, dates and ages.
 */
export function useBoFormat() {
  const { i18n } = useTranslation();
  const language = i18n.language;
  return useMemo(() => {
    const moneyFormatter = (currency: string, signDisplay: 'auto' | 'exceptZero') => {
      try {
        return new Intl.NumberFormat(language, {
          style: 'currency',
          currency,
          currencyDisplay: 'narrowSymbol',
          signDisplay,
        });
      } catch {
        // not an ISO code (a symbol): the number with the symbol in front
        return null;
      }
    };
    const plain = (signDisplay: 'auto' | 'exceptZero') =>
      new Intl.NumberFormat(language, { minimumFractionDigits: 2, maximumFractionDigits: 2, signDisplay });
    const money = (value: Amount | null | undefined, currency: string, signed = false) => {
      if (!isReadable(value)) return '—';
      const sign = signed ? 'exceptZero' : 'auto';
      const formatter = moneyFormatter(currency, sign);
      const text = formatter
        ? formatter.format(exact(value))
        : `${currency} ${plain(sign).format(exact(value))}`;
      // a proper minus sign, as wide as the plus
      return text.replace('-', '−');
    };
    const number = (value: Amount | null | undefined, digits = 2) => {
      if (!isReadable(value)) return '—';
      return new Intl.NumberFormat(language, { maximumFractionDigits: digits })
        .format(exact(value))
        .replace('-', '−');
    };
    /** An amount with exactly two decimals, without a currency (positions across brands). */
    const amount = (value: Amount | null | undefined) => {
      if (!isReadable(value)) return '—';
      return plain('auto').format(exact(value)).replace('-', '−');
    };
    const dateTime = (value: string | null | undefined) => {
      if (!value) return '—';
      const date = new Date(value);
      if (Number.isNaN(date.getTime())) return '—';
      return new Intl.DateTimeFormat(language, {
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      }).format(date);
    };
    /** How long ago, compactly: '12 min', '3 h', '2 d'. */
    const age = (value: string, now: number) => {
      const minutes = Math.max(0, Math.floor((now - new Date(value).getTime()) / 60_000));
      const unit = (amount: number, name: 'minute' | 'hour' | 'day') =>
        new Intl.NumberFormat(language, { style: 'unit', unit: name, unitDisplay: 'short' }).format(amount);
      if (minutes < 60) return unit(minutes, 'minute');
      if (minutes < 48 * 60) return unit(Math.floor(minutes / 60), 'hour');
      return unit(Math.floor(minutes / 1440), 'day');
    };
    return { money, number, amount, dateTime, age };
  }, [language]);
}

/** The current time, refreshed every `everyMs` (ages in a queue move on while the screen is open). */
export function useNow(everyMs = 30_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), everyMs);
    return () => window.clearInterval(timer);
  }, [everyMs]);
  return now;
}

/** Minutes since a timestamp (for the "waiting long" highlight). */
export const minutesSince = (value: string, now: number): number =>
  Math.floor((now - new Date(value).getTime()) / 60_000);

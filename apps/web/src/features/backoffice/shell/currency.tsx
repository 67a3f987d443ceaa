import {
  type AmountInput,
  type ConvertedTotal,
  type FxRate,
  formatMoneyIn,
  formatPrice,
  REPORTING_CURRENCIES,
} from '@openbroker/domain';
import { useCallback, useEffect, useId, useState } from 'react';
import { Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useStaffSession } from './session.js';

/**
 * Money with its currency across the back office: every amount is written by the domain's `formatMoneyIn` in the
 * reader's language ('€1,000.00', '1.000,00 $'), and totals over several currencies are converted into the
 * reporting currency the staff member picks, with the rate used shown.
 */
export function useMoney() {
  const { i18n } = useTranslation();
  const language = i18n.language;
  return useCallback(
    (value: AmountInput | null | undefined, currency: string, options?: { signed?: boolean }) =>
      formatMoneyIn(value, currency, language, options),
    [language],
  );
}

const storageKey = (staffId: number | undefined) => `ob.bo.reportingCurrency.${staffId ?? 'anonymous'}`;

function readStored(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

/** The staff member's reporting currency, remembered per member in this browser (EUR until one is picked). */
export function useReportingCurrency(): [string, (currency: string) => void] {
  const { staff } = useStaffSession();
  const key = storageKey(staff?.id);
  const [currency, setCurrency] = useState<string>(() => readStored(key) ?? REPORTING_CURRENCIES[0]);
  useEffect(() => {
    setCurrency(readStored(key) ?? REPORTING_CURRENCIES[0]);
  }, [key]);
  const choose = useCallback(
    (next: string) => {
      setCurrency(next);
      try {
        window.localStorage.setItem(key, next);
      } catch {
        // private mode: the choice lasts for this page only
      }
    },
    [key],
  );
  return [currency, choose];
}

/** The reporting-currency picker: EUR, USD, GBP and any other currency on screen. */
export function ReportingCurrencyPicker({
  value,
  onChange,
  extra = [],
}: {
  value: string;
  onChange: (currency: string) => void;
  extra?: readonly string[];
}) {
  const { t } = useTranslation();
  const id = useId();
  const options = [...new Set<string>([...REPORTING_CURRENCIES, ...extra, value])];
  return (
    <span className="bo-ccy-picker">
      <Form.Label htmlFor={id} className="bom-sub mb-0">
        {t('bo.ccy.reportIn')}
      </Form.Label>
      <Form.Select
        id={id}
        size="sm"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        data-testid="bo-reporting-currency"
      >
        {options.map((code) => (
          <option key={code} value={code}>
            {code}
          </option>
        ))}
      </Form.Select>
    </span>
  );
}

/** How a rate reads: 'EURUSD 1.085500 (mid, 12 Jan 22:59, market closed — last price)'. */
function RateText({ rate }: { rate: FxRate }) {
  const { t, i18n } = useTranslation();
  const at = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(rate.at),
  );
  return (
    <span className="bo-ccy-rate ob-num" data-testid="bo-ccy-rate">
      {t(rate.live ? 'bo.ccy.rateLive' : 'bo.ccy.rateLast', {
        pair: rate.pair,
        rate: formatPrice(Number(rate.mid)),
        time: at,
      })}
    </span>
  );
}

/** A converted total's note: the rates used, or which currencies have no rate. */
export function ConversionNote({ total }: { total: ConvertedTotal }) {
  const { t } = useTranslation();
  if (!total.ok)
    return (
      <span className="bo-ccy-norate" data-testid="bo-ccy-norate">
        <i className="bi bi-exclamation-triangle" aria-hidden="true" />{' '}
        {t('bo.ccy.noRate', { from: total.missing.join(', '), to: total.currency })}
      </span>
    );
  if (total.conversions.length === 0) return <span className="bom-sub">{t('bo.ccy.noConversion')}</span>;
  return (
    <span className="bo-ccy-rates">
      {total.conversions.map((c, i) =>
        c.rate ? (
          <span key={`${c.from}-${c.to}`}>
            {i > 0 && ' · '}
            <RateText rate={c.rate} />
          </span>
        ) : null,
      )}
    </span>
  );
}

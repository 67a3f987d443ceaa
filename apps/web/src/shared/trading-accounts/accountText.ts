import { type AmountInput, formatMoneyIn, isMessageKey, type Message } from '@openbroker/domain';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/ApiError.js';
import type { TextMessage } from '../../ui/forms.js';
import type { AccountsKey } from './i18n.js';

/** Money of an account in its own currency, as the reader's language writes it ('€10,000.00', '1.000,00 $'). */
export function useAccountMoney(): (value: AmountInput | null | undefined, currency: string) => string {
  const { i18n } = useTranslation();
  const language = i18n.language;
  return useCallback((value, currency) => formatMoneyIn(value, currency, language), [language]);
}

/** A margin level in percent ('125.5 %'), '—' without open positions. */
export function useMarginLevelText(): (level: AmountInput | null | undefined) => string {
  const { i18n } = useTranslation();
  const language = i18n.language;
  return useCallback(
    (level) => {
      const value = level === null || level === undefined ? Number.NaN : Number(level);
      if (!Number.isFinite(value)) return '—';
      return `${new Intl.NumberFormat(language, { maximumFractionDigits: 2 }).format(value)} %`;
    },
    [language],
  );
}

const NONE: Message = { key: 'error.internal' };

/**
 * What a failed call shows: the server's own (translated) message when it named one, with its values (a refusal
 * of the accounts' calls comes as a field message, e.g. `{path: '', key: 'transfers.aboveFreeMargin', params:
 * {max}}`), else `fallback`.
 */
export function refusalText(error: unknown, fallback: AccountsKey): TextMessage {
  if (!isApiError(error)) return { key: fallback };
  const field = error.errors.find((e) => isMessageKey(e.key));
  if (field && isMessageKey(field.key))
    return field.params ? { key: field.key, params: field.params } : { key: field.key };
  const message = error.toMessage(NONE);
  return message === NONE ? { key: fallback } : message;
}

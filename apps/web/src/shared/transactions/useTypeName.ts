import type { TransactionDto, TransactionTypeId } from '@openbroker/domain';
import { useTranslation } from 'react-i18next';
import type { TranslationKey } from '../../lib/i18n/keys.js';

/** spec §9 type ids → their name in the reader's language. */
export const TYPE_LABELS: Readonly<Record<TransactionTypeId, TranslationKey>> = {
  1: 'transactions.type.1',
  2: 'transactions.type.2',
  3: 'transactions.type.3',
  4: 'transactions.type.4',
  5: 'transactions.type.5',
  6: 'transactions.type.6',
  7: 'transactions.type.7',
  8: 'transactions.type.8',
  9: 'transactions.type.9',
  10: 'transactions.type.10',
  11: 'transactions.type.11',
  12: 'transactions.type.12',
};

/** The type's translated name; the server's name for a type this app does not know. */
export function useTypeName(): (row: TransactionDto) => string {
  const { t } = useTranslation();
  return (row) => {
    const key = TYPE_LABELS[row.transaction_type_id as TransactionTypeId];
    return key ? t(key) : (row.transaction_type?.name ?? '—');
  };
}

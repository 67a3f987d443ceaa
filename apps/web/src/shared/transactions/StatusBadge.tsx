import { MESSAGES_EN, TRANSACTION_STATUS, type TransactionDto } from '@openbroker/domain';
import { useTranslation } from 'react-i18next';
import type { TranslationKey } from '../../lib/i18n/keys.js';
import './transactions.css';

const STATUS: Readonly<Record<number, { key: TranslationKey; tone: string; icon: string }>> = {
  [TRANSACTION_STATUS.pending]: { key: 'transactions.status.1', tone: 'pending', icon: 'bi-hourglass-split' },
  [TRANSACTION_STATUS.approved]: { key: 'transactions.status.2', tone: 'approved', icon: 'bi-check-circle' },
  [TRANSACTION_STATUS.declined]: { key: 'transactions.status.3', tone: 'declined', icon: 'bi-x-circle' },
  [TRANSACTION_STATUS.cancelled]: {
    key: 'transactions.status.4',
    tone: 'cancelled',
    icon: 'bi-slash-circle',
  },
};

const EXPIRED = { key: 'fix.status.expired', tone: 'expired', icon: 'bi-clock-history' } as const;

/**
 * A card, e-wallet or cashier deposit the server expired because nobody finished it at the provider:
 * cancelled with the expiry note, which the server stores in English and the client reads translated.
 */
export const isExpiredDeposit = (row: Pick<TransactionDto, 'transaction_status_id' | 'status_note'>) =>
  row.transaction_status_id === TRANSACTION_STATUS.cancelled &&
  row.status_note === MESSAGES_EN['fix.depositExpired'];

/** A transaction's status as a coloured badge, in the reader's language (the server's name if unknown). */
export function StatusBadge({
  row,
}: {
  row: Pick<TransactionDto, 'transaction_status_id' | 'transaction_status' | 'status_note'>;
}) {
  const { t } = useTranslation();
  const status = isExpiredDeposit(row) ? EXPIRED : STATUS[row.transaction_status_id];
  return (
    <span
      className={`badge rounded-pill ob-tx-status ob-tx-status-${status?.tone ?? 'cancelled'}`}
      data-status={status?.tone ?? row.transaction_status?.name ?? ''}
    >
      {status && <i className={`bi ${status.icon} me-1`} aria-hidden="true" />}
      {status ? t(status.key) : (row.transaction_status?.name ?? '—')}
    </span>
  );
}

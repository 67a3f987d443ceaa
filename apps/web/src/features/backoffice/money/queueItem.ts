import { isTransactionTypeId, type StaffTransaction } from '@openbroker/domain';
import { useTranslation } from 'react-i18next';
import type { TranslationKey } from '../../../lib/i18n/keys.js';

/** An item waiting longer than this is marked (a day: the bank-wire promise to clients). */
export const OVERDUE_MINUTES = 24 * 60;

/** A queue lists what moves, without the sign (a withdrawal is booked negative). */
export const unsigned = (amount: string) => amount.replace(/^-/, '');

/** The transaction type in the reader's language (spec §9 names), the server's name if unknown. */
export function useTypeName(): (row: StaffTransaction) => string {
  const { t } = useTranslation();
  return (row) =>
    isTransactionTypeId(row.typeId) ? t(`transactions.type.${row.typeId}` as TranslationKey) : row.typeName;
}

/** Four-eyes: above the brand's threshold two different finance users approve. */
export const needsTwoApprovals = (row: StaffTransaction): boolean =>
  row.needsSecondApproval || row.approvals.length > 0;

/** The decision dialog open on a queue: which item, approve or reject. */
export type Dialog = { row: StaffTransaction; kind: 'approve' | 'reject' } | null;

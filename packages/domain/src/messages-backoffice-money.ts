/** Back-office messages about money queues, approvals, adjustments and dealing (issue 13; our texts). */
export const BACKOFFICE_MONEY_MESSAGES = {
  'staff.reasonRequired': 'Enter a reason: it is kept in the audit trail.',
  'staff.transactionNotFound': 'This transaction was not found.',
  'staff.sameApprover':
    'You already approved this withdrawal. A second finance colleague has to approve it before it is paid.',
  'staff.awaitingSecondApproval':
    'Approved once. A second finance colleague has to approve it before it is paid.',
  'staff.notInQueue': 'This transaction is decided by its payment provider, not by staff.',
  'staff.adjustmentAmount':
    'Enter an amount other than 0: positive for bonuses, credits and withdrawals; a correction may be negative.',
  'staff.adjustmentExceedsWithdrawable': 'The client can withdraw at most {{max}}.',
  'staff.adjustmentNeedsFourEyes':
    'A payout above {{max}} needs two approvers: the client requests it as a withdrawal, and two finance colleagues approve it in the queue.',
  // for the web app: a booking the engine refused, with its reason
  'staff.adjustmentRefused': 'The account cannot take this booking: {{reason}}',
  'payment.fourEyesRequired':
    'A withdrawal above {{max}} needs two finance approvers: approve it in the back office (Withdrawals).',
  'staff.positionNotFound': 'This position was not found or is already closed.',
  'withdraw.bonusNotWithdrawable':
    'Bonus and credit money cannot be withdrawn. You can withdraw up to {{max}}.',
} as const;

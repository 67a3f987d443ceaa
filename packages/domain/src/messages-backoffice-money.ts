/** Back-office messages about money queues, approvals, adjustments and dealing (our texts). */
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
  'staff.adjustmentAccount':
    'Pick one of the client’s live accounts: demo accounts hold virtual money and take no staff bookings.',
  'staff.adjustmentNeedsFourEyes':
    'A payout above {{max}} needs two approvers: the client requests it as a withdrawal, and two finance colleagues approve it in the queue.',
  // for the web app: a booking the engine refused, with its reason
  'staff.adjustmentRefused': 'The account cannot take this booking: {{reason}}',
  'payment.fourEyesRequired':
    'A withdrawal above {{max}} needs two finance approvers: approve it in the back office (Withdrawals).',
  'staff.positionNotFound': 'This position was not found or is already closed.',
  // staff money under two keys
  'staff.requestNotFound': 'This money request was not found.',
  'staff.requestFinal': 'This money request was already {{status}}.',
  'staff.notOwnRequest': 'Only the colleague who made this request can withdraw it.',
  'staff.ownRequest':
    'You made this request. A second colleague with the approve permission has to decide it.',
  'staff.selfClient':
    'This client account is registered under your own e-mail address: a colleague has to decide it.',
  'staff.limitSingle': 'A single request may be at most {{max}} for your role on this brand.',
  'staff.limitDailyMember':
    'Your requests today would pass your daily limit of {{max}} ({{used}} requested so far).',
  'staff.limitDailyClient':
    "Today's requests for this client would pass the daily limit of {{max}} ({{used}} requested so far).",
  'staff.limitNoRate':
    'Your caps are in {{brandCurrency}} and there is no {{currency}}/{{brandCurrency}} rate now (its market is closed or has no price yet): request it again when the market has a price.',
  'staff.limitsInvalid': 'Enter each limit as an amount of at least 0 with at most two decimals.',
  'staff.limitsNoProposal': 'There is no raise of these limits waiting for confirmation.',
  'staff.limitsOwnProposal': 'You proposed this raise. A second administrator has to confirm it.',
  'withdraw.bonusNotWithdrawable':
    'Bonus and credit money cannot be withdrawn. You can withdraw up to {{max}}.',
} as const;

/** Back-office messages about money queues, approvals, adjustments and dealing (issue 13; our texts). */
export const BACKOFFICE_MONEY_MESSAGES = {
  'staff.reasonRequired': 'Enter a reason: it is kept in the audit trail.',
} as const;

/** Back-office messages about staff management (our texts). */
export const BACKOFFICE_STAFF_MESSAGES = {
  'staff.staffEmailTaken': 'A staff member with this e-mail address exists already.',
  'staff.cannotDisableSelf': 'You cannot disable your own account. Ask another administrator.',
  'staff.cannotRemoveOwnAdmin': 'You cannot remove your own admin role. Ask another administrator.',
  // staff credentials and sessions
  'staff.passwordWeak':
    'Choose at least 12 characters with letters and at least one digit or sign; a passphrase works well.',
  'staff.passwordUnchanged': 'The new password must differ from the current one.',
  'staff.passwordChangeRequired':
    'Your password was reset by an administrator. Choose a new password before you continue.',
  'staff.addressNotAllowed':
    'Sign-in from this network address ({{ip}}) is not allowed for your account. Ask an administrator to add it to your allowed addresses.',
  'staff.secondFactorLocked':
    'Two-factor sign-in is locked after too many wrong codes. Try again in {{minutes}} min, or ask an administrator to unlock it.',
  'staff.allowListInvalid': 'Enter IPv4 or IPv6 addresses or networks such as 203.0.113.0/24, one per line.',
  'staff.allowListTooLong': 'An allow-list holds at most 50 entries.',
  'staff.disableReasonRequired': 'Say why this member is disabled; the reason is kept in the audit log.',
  'staff.idleMinutesRange': 'Enter whole minutes from 1 to 240.',
  'staff.idleLimitsAllBrands': 'Only an administrator for every brand can change the idle limits.',
} as const;

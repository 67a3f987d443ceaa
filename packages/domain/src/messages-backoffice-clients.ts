/** Back-office messages about clients, documents, verification and trading permissions (our texts). */
export const BACKOFFICE_CLIENT_MESSAGES = {
  'staff.clientNotFound': 'This client was not found.',
  'staff.documentNotFound': 'This document was not found.',
  'staff.documentMissing': 'The client has not uploaded this document yet.',
  'staff.rejectionNoteRequired': 'Say why the document is rejected: the client sees this note.',
  'staff.noteRequired': 'Write the note first.',
  'staff.emailTaken': 'Another client of this brand already uses this e-mail address.',
  'staff.unknownLeverage': 'Choose leverages the category {{name}} offers.',
  'staff.unknownCategory': 'There is no asset category with the id {{id}}.',
  'account.tradingDisabled':
    'Trading is switched off for this account. Please contact support to open new trades.',
} as const;

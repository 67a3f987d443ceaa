/** Messages of a document's details and expiry (docs/compliance.md, "Documents"); German, Spanish, Italian in messages-documents-languages.ts. */
export const DOCUMENT_DETAILS_MESSAGES = {
  'document.numberInvalid': 'Enter the document number as printed: 4 to 30 letters or digits',
  'document.countryUnknown': 'Choose the issuing country from the list',
  'document.expiryInvalid': 'Enter the expiry date as a real date (YYYY-MM-DD)',
  'document.expiryAbsurd': 'This expiry date cannot be right: check the year',
  'document.detailsRequired': 'Enter the document number, issuing country and expiry date',
  'document.number': 'Document number',
  'document.issuingCountry': 'Issuing country',
  'document.expiresOn': 'Expiry date',
  'document.expiresOnValue': 'Valid until {{date}}',
  'document.expiringSoon': 'This document expires on {{date}}. Please upload a new one before then.',
  'document.expiredUpload':
    'This document expired on {{date}}. Please upload a valid one; from {{blockDate}} deposits and trading stop until it is approved.',
  'document.expiredNow': 'This document expired on {{date}}. Please upload a valid one.',
  'document.newUploadPending': 'Thank you: your new document is being reviewed.',
  'document.expiryMail.subject': 'Your {{document}} expires on {{date}}',
  'document.expiryMail.body':
    'Your {{document}} on file with {{brand}} expires on {{date}}. Please upload a valid document in your account before then, so your account stays fully usable.',
  'document.expiredMail.subject': 'Your {{document}} has expired',
  'document.expiredMail.body':
    'Your {{document}} on file with {{brand}} expired on {{date}}. Please upload a valid document in your account: from {{blockDate}} deposits and trading stop until it is approved.',
  'document.mailLink': 'Open my documents',
} as const;

export type DocumentDetailsMessageKey = keyof typeof DOCUMENT_DETAILS_MESSAGES;

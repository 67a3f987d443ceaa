/** Messages of the client's compliance standing: what screening, documents, the test and the risk score stop (our texts). */
export const COMPLIANCE_MESSAGES = {
  'compliance.screeningConfirmed':
    'Your account is restricted by our compliance team. Trading, deposits and withdrawals are stopped. Please contact support.',
  'compliance.screeningPending':
    'Your account is under a routine compliance review. New trades and deposits are paused until it is complete.',
  'compliance.documentExpired':
    'Your proof of identity or address has expired. Upload a valid document to trade and deposit again.',
  'compliance.eddRequired':
    'Before your next deposit we need a few more documents (enhanced due diligence). Please upload them in your account.',
  'compliance.appropriatenessRequired':
    'Before you trade, please complete the short appropriateness test about your knowledge and experience.',
  'compliance.appropriatenessBlocked':
    'Based on your answers, CFD trading is not appropriate for you at the moment. You can take the test again from {{date}}.',
  'compliance.appropriatenessRetake': 'Please take the appropriateness test again before you trade.',
  'compliance.appropriatenessWarning':
    'Please read and acknowledge the warning about your appropriateness test result before you trade.',
} as const;

export type ComplianceMessageKey = keyof typeof COMPLIANCE_MESSAGES;

/** Back-office messages about clients, documents, verification and trading permissions (issue 13; our texts). */
export const BACKOFFICE_CLIENT_MESSAGES = {
  'staff.clientNotFound': 'This client was not found.',
} as const;

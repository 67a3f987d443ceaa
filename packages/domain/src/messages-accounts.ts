/** Messages of the client's account: passwords and document uploads (our texts). */
export const ACCOUNTS_MESSAGES = {
  // a new password equal to the current one (client, affiliate, reset link)
  'password.sameAsCurrent': 'The new password must be different from your current password',
  // an upload over spec §9's 2MB limit (UPLOAD_MAX_BYTES), instead of spec §8's general 'File not supported'
  'document.tooLarge': 'File is too large: at most 2 MB',
} as const;

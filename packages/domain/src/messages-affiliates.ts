/** Messages of the back office's affiliates: server answers (our texts). */
export const AFFILIATES_MESSAGES = {
  'affiliates.emailTaken': 'This brand already has an affiliate with this e-mail address.',
} as const;

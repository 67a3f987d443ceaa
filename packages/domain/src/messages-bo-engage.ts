/** Messages of the back office II: server answers of the pop-ups and affiliates area (our texts). */
export const BO_ENGAGE_MESSAGES = {
  'popups.contentEmpty': 'The content is empty once unsafe HTML is removed.',
  'popups.untilBeforeFrom': 'The end must be after the start.',
  'popups.clientNotInBrand': 'This client is not a client of the chosen brand.',
  'popups.timeInvalid': '{{title}} must be a date and time between 2000 and 2100',
  'affiliates.emailTaken': 'This brand already has an affiliate with this e-mail address.',
} as const;

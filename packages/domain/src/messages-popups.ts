/** Messages of the back office's pop-ups: server answers (our texts). */
export const POPUPS_MESSAGES = {
  'popups.contentEmpty': 'The content is empty once unsafe HTML is removed.',
  'popups.untilBeforeFrom': 'The end must be after the start.',
  'popups.clientNotInBrand': 'This client is not a client of the chosen brand.',
  'popups.timeInvalid': '{{title}} must be a date and time between 2000 and 2100',
} as const;

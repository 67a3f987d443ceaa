/** Messages of the back office II: server answers of this area (our texts). */
export const BO_REPORTS_MESSAGES = {
  'reports.dayInvalid': 'Enter a day as YYYY-MM-DD.',
  'reports.rangeOrder': 'The end of the range cannot be before its start.',
  'reports.rangeTooLong': 'Choose a range of at most {{max}} days.',
  'reports.brandRequired': 'Choose a brand.',
} as const;

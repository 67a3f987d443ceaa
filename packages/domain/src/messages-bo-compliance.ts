/** Messages of a brand's document and risk settings in the back office (checkBrandCompliance; our texts). */
export const BO_COMPLIANCE_SETTINGS_MESSAGES = {
  'boCompliance.graceDays': 'The grace period is a whole number of days from 0 to {{max}}',
  'boCompliance.countryCount': 'At most {{max}} countries',
  'boCompliance.countryCode':
    'Entry {{position}} is not a country code: use two letters (ISO 3166 alpha-2), like DE',
  'boCompliance.countryUnknown': '{{code}} is not a country of the reference list',
} as const;

/** Back-office messages of sanctions and PEP screening: list imports and the review queue (our texts). */
export const SCREENING_MESSAGES = {
  'screening.unreadableFile':
    'This file is not a list in the chosen format, or it lists no person. Check the format and the file.',
  'screening.fileRequired': 'Choose the list file to import.',
  'screening.fileTooLarge': 'The list file is too large (at most {{max}} MB).',
  'screening.importAllBrands': 'Lists apply to every brand: only staff working for every brand import them.',
  'screening.reasonRequired': 'Say why you clear or confirm this match: the reason is kept in the audit log.',
  'screening.matchNotFound': 'This screening match was not found.',
  'screening.matchDecided': 'This match was decided already.',
} as const;

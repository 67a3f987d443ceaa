/** Messages of the appropriateness test: refused answers, staff's settings checks, the warning (our texts). */
export const APPROPRIATENESS_MESSAGES = {
  'appropriateness.unanswered': 'Please answer this question',
  'appropriateness.unknownAnswer': 'Please choose one of the answers',
  'appropriateness.unknownQuestion': 'The test has changed. Please reload the page and answer again.',
  'appropriateness.notRequired': 'Your broker does not ask for the appropriateness test.',
  'appropriateness.nothingToAcknowledge': 'There is no warning to acknowledge.',
  'appropriateness.warningText':
    'Based on your answers, CFDs may not be appropriate for you. CFDs are complex instruments and come with a high risk of losing money rapidly due to leverage. You may lose all the money you deposit. By acknowledging, you confirm you understand this risk and wish to trade anyway.',
  'appropriateness.warnLeverageCapped': 'After this test result your leverage is limited to 1:{{max}}.',
  'appropriateness.professionalNotTested':
    'Professional clients are not tested: choose a retail preset first',
  'appropriateness.versionRequired': 'Give the questionnaire a version',
  'appropriateness.questionCount': 'Between 1 and {{max}} questions',
  'appropriateness.questionId': 'Ids are lowercase letters, digits and _ and unique',
  'appropriateness.text': 'Text is required, at most {{max}} characters',
  'appropriateness.optionCount': 'Between 2 and {{max}} answers per question',
  'appropriateness.points': 'Points are whole numbers from 0 to {{max}}',
  'appropriateness.passScore': 'The pass score is a whole number from 0 to {{max}} (the highest score)',
  'appropriateness.warnScore': 'The warn score is a whole number from 0 to the pass score',
  'appropriateness.blockDays': 'A block lasts 1 to {{max}} days',
  'appropriateness.warnLeverageCap': 'The leverage cap is a whole number of at least 1, or empty',
} as const;

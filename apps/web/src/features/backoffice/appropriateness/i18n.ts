/** Back-office texts of the appropriateness test (the client page's tab). */
export const BO_APPROP_EN = {
  'bo.tab.appropriateness': 'Appropriateness',
  'bo.approp.required': 'The brand requires the appropriateness test',
  'bo.approp.notRequired': 'The brand does not require the appropriateness test',
  'bo.approp.none': 'The client has not taken the test.',
  'bo.approp.outcome.pass': 'Pass',
  'bo.approp.outcome.warn': 'Warn',
  'bo.approp.outcome.block': 'Block',
  'bo.approp.score': 'Score {{score}}',
  'bo.approp.version': 'Questionnaire {{version}}',
  'bo.approp.blockedUntil': 'Blocked until',
  'bo.approp.acknowledged': 'Warning acknowledged',
  'bo.approp.notAcknowledged': 'Warning not acknowledged',
  'bo.approp.question': 'Question',
  'bo.approp.answer': 'Answer',
  'bo.approp.points': 'Points',
} as const;

export const BO_APPROP_DE: Record<keyof typeof BO_APPROP_EN, string> = {
  'bo.tab.appropriateness': 'Angemessenheit',
  'bo.approp.required': 'Die Marke verlangt den Angemessenheitstest',
  'bo.approp.notRequired': 'Die Marke verlangt den Angemessenheitstest nicht',
  'bo.approp.none': 'Der Kunde hat den Test nicht abgelegt.',
  'bo.approp.outcome.pass': 'Bestanden',
  'bo.approp.outcome.warn': 'Warnung',
  'bo.approp.outcome.block': 'Gesperrt',
  'bo.approp.score': 'Punkte {{score}}',
  'bo.approp.version': 'Fragebogen {{version}}',
  'bo.approp.blockedUntil': 'Gesperrt bis',
  'bo.approp.acknowledged': 'Warnung bestätigt',
  'bo.approp.notAcknowledged': 'Warnung nicht bestätigt',
  'bo.approp.question': 'Frage',
  'bo.approp.answer': 'Antwort',
  'bo.approp.points': 'Punkte',
};

/** German of the domain's checks on a brand's questionnaire (only staff editing it see them). */
export const BO_APPROP_SETTINGS_DE = {
  'appropriateness.professionalNotTested':
    'Professionelle Kunden werden nicht getestet: Wählen Sie zuerst eine Privatkunden-Vorlage',
  'appropriateness.versionRequired': 'Geben Sie dem Fragebogen eine Version',
  'appropriateness.questionCount': 'Zwischen 1 und {{max}} Fragen',
  'appropriateness.questionId': 'Kennungen bestehen aus Kleinbuchstaben, Ziffern und _ und sind eindeutig',
  'appropriateness.text': 'Text ist erforderlich, höchstens {{max}} Zeichen',
  'appropriateness.optionCount': 'Zwischen 2 und {{max}} Antworten je Frage',
  'appropriateness.points': 'Punkte sind ganze Zahlen von 0 bis {{max}}',
  'appropriateness.passScore':
    'Die Bestehensgrenze ist eine ganze Zahl von 0 bis {{max}} (die höchste Punktzahl)',
  'appropriateness.warnScore': 'Die Warngrenze ist eine ganze Zahl von 0 bis zur Bestehensgrenze',
  'appropriateness.blockDays': 'Eine Sperre dauert 1 bis {{max}} Tage',
  'appropriateness.warnLeverageCap': 'Die Hebelgrenze ist eine ganze Zahl ab 1 oder leer',
} as const;

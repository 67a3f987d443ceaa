import type { MessageKey } from '@openbroker/domain';

/** Texts of the appropriateness test's page and the compliance banner (client area). */
export const APPROPRIATENESS_EN = {
  'account.tab.appropriateness': 'Appropriateness test',
  'approp.lead':
    'Before you trade CFDs we ask a few questions about your knowledge and experience. There are no wrong answers: they tell us whether these products suit you.',
  'approp.submit': 'Submit my answers',
  'approp.questionOf': 'Question {{n}} of {{total}}',
  'approp.score': 'Your score: {{score}} of {{max}}',
  'approp.pass.title': 'You can trade',
  'approp.pass.text': 'Based on your answers, CFD trading is appropriate for you.',
  'approp.warn.title': 'Please read this warning',
  'approp.acknowledge': 'I understand the risk and want to trade',
  'approp.acknowledged': 'You acknowledged this warning on {{date}}.',
  'approp.block.title': 'CFD trading is not appropriate for you at the moment',
  'approp.retake': 'Take the test again',
  'approp.notRequired': 'Your broker does not ask for this test.',
  'approp.takenOn': 'Taken on {{date}} (questionnaire {{version}})',
  'compliance.banner.take_test': 'Take the test',
  'compliance.banner.acknowledge_warning': 'Read the warning',
  'compliance.banner.upload_document': 'Upload a document',
  'compliance.banner.upload_edd': 'Upload documents',
  'compliance.banner.contact_support': 'Contact support',
} as const;

type Texts = Record<keyof typeof APPROPRIATENESS_EN, string> & Partial<Record<MessageKey, string>>;

export const APPROPRIATENESS_DE: Texts = {
  'account.tab.appropriateness': 'Angemessenheitstest',
  'approp.lead':
    'Bevor Sie CFDs handeln, stellen wir einige Fragen zu Ihren Kenntnissen und Erfahrungen. Es gibt keine falschen Antworten: Sie zeigen uns, ob diese Produkte zu Ihnen passen.',
  'approp.submit': 'Antworten absenden',
  'approp.questionOf': 'Frage {{n}} von {{total}}',
  'approp.score': 'Ihre Punktzahl: {{score}} von {{max}}',
  'approp.pass.title': 'Sie können handeln',
  'approp.pass.text': 'Nach Ihren Antworten ist der CFD-Handel für Sie angemessen.',
  'approp.warn.title': 'Bitte lesen Sie diesen Warnhinweis',
  'approp.acknowledge': 'Ich verstehe das Risiko und möchte handeln',
  'approp.acknowledged': 'Sie haben diesen Hinweis am {{date}} bestätigt.',
  'approp.block.title': 'Der CFD-Handel ist für Sie derzeit nicht angemessen',
  'approp.retake': 'Test wiederholen',
  'approp.notRequired': 'Ihr Broker verlangt diesen Test nicht.',
  'approp.takenOn': 'Abgelegt am {{date}} (Fragebogen {{version}})',
  'compliance.banner.take_test': 'Zum Test',
  'compliance.banner.acknowledge_warning': 'Hinweis lesen',
  'compliance.banner.upload_document': 'Dokument hochladen',
  'compliance.banner.upload_edd': 'Dokumente hochladen',
  'compliance.banner.contact_support': 'Support kontaktieren',
  'appropriateness.unanswered': 'Bitte beantworten Sie diese Frage',
  'appropriateness.unknownAnswer': 'Bitte wählen Sie eine der Antworten',
  'appropriateness.unknownQuestion':
    'Der Test wurde geändert. Bitte laden Sie die Seite neu und antworten Sie erneut.',
  'appropriateness.warningText':
    'Nach Ihren Antworten sind CFDs möglicherweise nicht angemessen für Sie. CFDs sind komplexe Instrumente und gehen wegen der Hebelwirkung mit einem hohen Risiko schneller Verluste einher. Sie können Ihr gesamtes eingezahltes Geld verlieren. Mit Ihrer Bestätigung erklären Sie, dass Sie dieses Risiko verstehen und dennoch handeln möchten.',
  'appropriateness.warnLeverageCapped': 'Nach diesem Testergebnis ist Ihr Hebel auf 1:{{max}} begrenzt.',
  'appropriateness.notRequired': 'Ihr Broker verlangt den Angemessenheitstest nicht.',
  'appropriateness.nothingToAcknowledge': 'Es gibt keinen Hinweis zu bestätigen.',
};

export const APPROPRIATENESS_ES: Partial<Texts> = {
  'account.tab.appropriateness': 'Test de conveniencia',
  'approp.lead':
    'Antes de operar con CFD le hacemos unas preguntas sobre sus conocimientos y experiencia. No hay respuestas incorrectas: nos indican si estos productos son adecuados para usted.',
  'approp.submit': 'Enviar mis respuestas',
  'approp.questionOf': 'Pregunta {{n}} de {{total}}',
  'approp.score': 'Su puntuación: {{score}} de {{max}}',
  'approp.pass.title': 'Puede operar',
  'approp.pass.text': 'Según sus respuestas, operar con CFD es conveniente para usted.',
  'approp.warn.title': 'Lea esta advertencia',
  'approp.acknowledge': 'Entiendo el riesgo y quiero operar',
  'approp.acknowledged': 'Confirmó esta advertencia el {{date}}.',
  'approp.block.title': 'Operar con CFD no es conveniente para usted en este momento',
  'approp.retake': 'Repetir el test',
  'compliance.banner.take_test': 'Hacer el test',
  'compliance.banner.acknowledge_warning': 'Leer la advertencia',
  'appropriateness.unanswered': 'Responda a esta pregunta',
  'appropriateness.unknownAnswer': 'Elija una de las respuestas',
  'appropriateness.warningText':
    'Según sus respuestas, es posible que los CFD no sean convenientes para usted. Los CFD son instrumentos complejos y conllevan un alto riesgo de perder dinero rápidamente debido al apalancamiento. Puede perder todo el dinero que deposite. Al confirmar, declara que entiende este riesgo y desea operar de todos modos.',
  'appropriateness.warnLeverageCapped': 'Tras este resultado su apalancamiento está limitado a 1:{{max}}.',
};

export const APPROPRIATENESS_IT: Partial<Texts> = {
  'account.tab.appropriateness': 'Test di adeguatezza',
  'approp.lead':
    'Prima di negoziare CFD le poniamo alcune domande sulle sue conoscenze ed esperienze. Non ci sono risposte sbagliate: ci dicono se questi prodotti sono adatti a lei.',
  'approp.submit': 'Invia le risposte',
  'approp.questionOf': 'Domanda {{n}} di {{total}}',
  'approp.score': 'Il suo punteggio: {{score}} su {{max}}',
  'approp.pass.title': 'Può negoziare',
  'approp.pass.text': 'In base alle sue risposte, la negoziazione di CFD è adeguata per lei.',
  'approp.warn.title': 'Legga questa avvertenza',
  'approp.acknowledge': 'Comprendo il rischio e voglio negoziare',
  'approp.acknowledged': 'Ha confermato questa avvertenza il {{date}}.',
  'approp.block.title': 'La negoziazione di CFD non è adeguata per lei al momento',
  'approp.retake': 'Ripeti il test',
  'compliance.banner.take_test': 'Fai il test',
  'compliance.banner.acknowledge_warning': "Leggi l'avvertenza",
  'appropriateness.unanswered': 'Risponda a questa domanda',
  'appropriateness.unknownAnswer': 'Scelga una delle risposte',
  'appropriateness.warningText':
    'In base alle sue risposte, i CFD potrebbero non essere adeguati per lei. I CFD sono strumenti complessi e comportano un alto rischio di perdere denaro rapidamente a causa della leva finanziaria. Può perdere tutto il denaro depositato. Confermando, dichiara di comprendere questo rischio e di voler negoziare comunque.',
  'appropriateness.warnLeverageCapped': 'Dopo questo risultato la sua leva è limitata a 1:{{max}}.',
};

import type { MessageKey } from '@openbroker/domain';

/** Close explanations, margin-call warnings and order notices (German of domain messages-notices.ts). German is complete by type: a key missing from NOTICES_DE is a compile error. */
export const NOTICES_EN = {} as const;

export const NOTICES_DE: Record<keyof typeof NOTICES_EN, string> & Partial<Record<MessageKey, string>> = {
  'notice.closed.stop_loss':
    'Position {{id}} ({{symbol}}) wurde an ihrem Stop-Loss {{level}} geschlossen: Kurs {{quote}} um {{time}}.',
  'notice.closed.take_profit':
    'Position {{id}} ({{symbol}}) wurde an ihrem Take-Profit {{level}} geschlossen: Kurs {{quote}} um {{time}}.',
  'notice.closed.loss_termination':
    'Position {{id}} ({{symbol}}) wurde wegen geringer Margin geschlossen: ihr Verlust erreichte ihren Betrag bei {{level}} (Kurs {{quote}}, {{time}}).',
  'notice.closed.stop_out':
    'Position {{id}} ({{symbol}}) wurde wegen geringer Margin (Stop-out) bei {{quote}}, {{time}} geschlossen: Eigenkapital {{equity}}, genutzte Margin {{usedMargin}}, Margin-Level {{marginLevel}} %.',
  'notice.closed.manual':
    'Position {{id}} ({{symbol}}) wurde vom Broker bei {{quote}}, {{time}} geschlossen.',
  'notice.orderFilled':
    'Ihre {{type}}-Order {{id}} ({{symbol}}) wurde ausgeführt und eröffnete Position {{positionId}}.',
  'notice.orderRejected':
    'Ihre {{type}}-Order {{id}} ({{symbol}}) wurde ausgelöst, konnte aber keine Position eröffnen: {{reason}}',
  'notice.orderExpired': 'Ihre {{type}}-Order {{id}} ({{symbol}}) ist abgelaufen.',
  'notice.marginCall':
    'Margin Call: Ihr Margin-Level beträgt {{marginLevel}} %, unter {{level}} %. Eigenkapital {{equity}}, genutzte Margin {{usedMargin}}. Zahlen Sie ein oder verringern Sie Positionen; bei {{stopOut}} % werden Positionen geschlossen.',
  'notice.marginCall.title': 'Margin Call',
  'notice.marginCall.popup':
    'Ihr Margin-Level ist auf {{marginLevel}} % gefallen (Margin Call bei {{level}} %). Eigenkapital {{equity}}, genutzte Margin {{usedMargin}}. Erreicht es das Stop-out-Level, werden Ihre Positionen geschlossen, der größte Verlust zuerst. Zahlen Sie ein oder schließen Sie Positionen, um es anzuheben.',
  'notice.marginCall.mail.subject': 'Margin Call auf Ihrem {{brand}}-Konto',
  'notice.marginCall.mail.body':
    'Ihr Margin-Level ist auf {{marginLevel}} % gefallen, unter das Margin-Call-Level von {{level}} %. Eigenkapital: {{equity}}; genutzte Margin: {{usedMargin}}. Fällt es auf das Stop-out-Level, werden Ihre Positionen geschlossen, der größte Verlust zuerst. Zahlen Sie ein oder schließen Sie Positionen, um es anzuheben.',
  'notice.marginCall.mail.link': 'Plattform öffnen',
};

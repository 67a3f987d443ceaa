/** Messages: close explanations, margin-call warnings, order notices and their mails (our texts). */
export const NOTICES_MESSAGES = {
  'notice.closed.stop_loss':
    'Position {{id}} ({{symbol}}) closed at its stop loss {{level}}: quote {{quote}} at {{time}}.',
  'notice.closed.take_profit':
    'Position {{id}} ({{symbol}}) closed at its take profit {{level}}: quote {{quote}} at {{time}}.',
  'notice.closed.loss_termination':
    'Position {{id}} ({{symbol}}) closed for low margin: its loss reached its amount at {{level}} (quote {{quote}}, {{time}}).',
  'notice.closed.stop_out':
    'Position {{id}} ({{symbol}}) closed for low margin (stop-out) at {{quote}}, {{time}}: equity {{equity}}, used margin {{usedMargin}}, margin level {{marginLevel}} %.',
  'notice.closed.manual': 'Position {{id}} ({{symbol}}) was closed by the broker at {{quote}}, {{time}}.',
  'notice.orderFilled': 'Your {{type}} order {{id}} ({{symbol}}) filled and opened position {{positionId}}.',
  'notice.orderRejected':
    'Your {{type}} order {{id}} ({{symbol}}) fired but could not open a position: {{reason}}',
  'notice.orderExpired': 'Your {{type}} order {{id}} ({{symbol}}) expired.',
  'notice.marginCall':
    'Margin call: your margin level is {{marginLevel}} %, below {{level}} %. Equity {{equity}}, used margin {{usedMargin}}. Add funds or reduce positions; at {{stopOut}} % positions are closed.',
  'notice.marginCall.title': 'Margin call',
  'notice.marginCall.popup':
    'Your margin level fell to {{marginLevel}} % (margin call at {{level}} %). Equity {{equity}}, used margin {{usedMargin}}. If it reaches the stop-out level, your positions are closed, the largest loss first. Deposit funds or close positions to raise it.',
  'notice.marginCall.mail.subject': 'Margin call on your {{brand}} account',
  'notice.marginCall.mail.body':
    'Your margin level fell to {{marginLevel}} %, below the margin-call level of {{level}} %. Equity: {{equity}}; used margin: {{usedMargin}}. If it falls to the stop-out level, your positions are closed, the largest loss first. Deposit funds or close positions to raise it.',
  'notice.marginCall.mail.link': 'Open the platform',
} as const;

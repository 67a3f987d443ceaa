import type { MessageKey } from '@openbroker/domain';

/** Risk texts (domain messages-risk.ts in German; terminal risk wording). German is complete by type: a key missing from RISK_DE is a compile error. */
export const RISK_EN = {} as const;

export const RISK_DE: Record<keyof typeof RISK_EN, string> & Partial<Record<MessageKey, string>> = {
  // domain messages-risk.ts
  'order.buyLimitBelow': 'Ein Buy-Limit muss unter dem aktuellen Kaufpreis {{value}} liegen',
  'order.buyStopAbove': 'Ein Buy-Stop muss über dem aktuellen Kaufpreis {{value}} liegen',
  'order.sellLimitAbove': 'Ein Sell-Limit muss über dem aktuellen Verkaufspreis {{value}} liegen',
  'order.sellStopBelow': 'Ein Sell-Stop muss unter dem aktuellen Verkaufspreis {{value}} liegen',
  'order.expiryInPast': 'Der Ablauf muss in der Zukunft liegen',
  'order.expiryTooFar': 'Der Ablauf darf höchstens ein Jahr in der Zukunft liegen',
  'order.trailingTooClose': 'Der Trailing-Abstand muss mindestens {{min}} betragen',
  'order.trailingTooFar': 'Der Trailing-Abstand darf höchstens {{max}} betragen',
  'order.partialCloseLeavesTooLittle':
    'Sie können höchstens {{max}} dieser Position schließen, damit {{min}} offen bleibt. Um alles zu schließen, verwenden Sie Schließen.',
  'order.partialCloseTooSmall':
    'Diese Position ist zu klein für eine Teilschließung. Um sie zu schließen, verwenden Sie Schließen.',
  'risk.leverageAboveCap': 'Der höchste Hebel für dieses Instrument ist 1:{{max}}',
};

import type { i18n as I18n } from 'i18next';

/**
 * Texts of the fill audit screen. They load with the screen's own chunk and are added to the running i18next
 * instance when it first renders.
 */
export const FILL_AUDIT_EN = {
  'fillAudit.title': 'Fill audit',
  'fillAudit.lead':
    'Check any fill against the market: the feed’s quotes, our markup at that moment, the price we quoted you, and whether your fill was exactly that price. Times are in UTC.',
  'fillAudit.heading': 'Position #{{id}} · {{symbol}} · {{direction}}',
  'fillAudit.kind.open': 'Open fill',
  'fillAudit.kind.close': 'Close fill',
  'fillAudit.direction.buy': 'Buy',
  'fillAudit.direction.sell': 'Sell',
  'fillAudit.pass': 'Pass: your fill was exactly our quote at execution',
  'fillAudit.fail': 'Fail: your fill differs from our quote at execution by {{difference}}',
  'fillAudit.rule.open.buy': 'A buy opens at our buy (ask) price: {{price}}.',
  'fillAudit.rule.open.sell': 'A sell opens at our sell (bid) price: {{price}}.',
  'fillAudit.rule.close.buy': 'A buy closes at our sell (bid) price: {{price}}.',
  'fillAudit.rule.close.sell': 'A sell closes at our buy (ask) price: {{price}}.',
  'fillAudit.recomputed': 'Our quote is the feed quote with the markup then in force, computed again here.',
  'fillAudit.quoteMismatch': 'The recorded quote is not the one the feed quote and the markup give.',
  'fillAudit.fillPrice': 'Your fill',
  'fillAudit.expected': 'Our quote ({{side}})',
  'fillAudit.difference': 'Difference',
  'fillAudit.filledAt': 'Filled at',
  'fillAudit.cause': 'By',
  'fillAudit.cause.client': 'You',
  'fillAudit.cause.auto': 'Auto-trading',
  'fillAudit.cause.order': 'Your pending order',
  'fillAudit.cause.manual': 'You',
  'fillAudit.cause.stop_loss': 'Stop loss',
  'fillAudit.cause.take_profit': 'Take profit',
  'fillAudit.cause.loss_termination': 'Loss limit',
  'fillAudit.cause.stop_out': 'Stop-out',
  'fillAudit.cause.broker': 'The broker',
  'fillAudit.cause.ai_trade': 'Auto-trading',
  'fillAudit.execution': 'Quote at execution',
  'fillAudit.col.source': 'Source',
  'fillAudit.col.sell': 'Sell (bid)',
  'fillAudit.col.buy': 'Buy (ask)',
  'fillAudit.feed': 'Market feed (raw)',
  'fillAudit.markup': 'Our markup: {{markup}} per side, rounded to the tick {{tick}}',
  'fillAudit.brand': 'Our quote to you',
  'fillAudit.side.buy': 'buy',
  'fillAudit.side.sell': 'sell',
  'fillAudit.window': 'Feed quotes a minute either side',
  'fillAudit.window.pending':
    'These are recorded once the minute after the fill has passed (after {{until}}). Reload then to see them.',
  'fillAudit.window.partial':
    'Part of this minute was not recorded (our server restarted within it): the quotes we kept are shown.',
  'fillAudit.window.empty': 'No feed quotes were recorded in this window.',
  'fillAudit.col.time': 'Time (UTC)',
  'fillAudit.used': 'used for your fill',
  'fillAudit.notFound': 'There is no such fill among your positions.',
  'fillAudit.back': 'Back to the platform',
} as const;

export type FillAuditKey = keyof typeof FILL_AUDIT_EN;
type Texts = Record<FillAuditKey, string>;

export const FILL_AUDIT_DE: Texts = {
  'fillAudit.title': 'Ausführungsprüfung',
  'fillAudit.lead':
    'Prüfen Sie jede Ausführung gegen den Markt: die Kurse des Datenfeeds, unseren Aufschlag in diesem Moment, den Kurs, den wir Ihnen gestellt haben, und ob Ihre Ausführung genau dieser Kurs war. Zeiten in UTC.',
  'fillAudit.heading': 'Position #{{id}} · {{symbol}} · {{direction}}',
  'fillAudit.kind.open': 'Eröffnung',
  'fillAudit.kind.close': 'Schließung',
  'fillAudit.direction.buy': 'Kauf',
  'fillAudit.direction.sell': 'Verkauf',
  'fillAudit.pass': 'Bestanden: Ihre Ausführung war genau unser Kurs im Ausführungsmoment',
  'fillAudit.fail': 'Nicht bestanden: Ihre Ausführung weicht um {{difference}} von unserem Kurs ab',
  'fillAudit.rule.open.buy': 'Ein Kauf wird zu unserem Kaufkurs (Ask) eröffnet: {{price}}.',
  'fillAudit.rule.open.sell': 'Ein Verkauf wird zu unserem Verkaufskurs (Bid) eröffnet: {{price}}.',
  'fillAudit.rule.close.buy': 'Ein Kauf wird zu unserem Verkaufskurs (Bid) geschlossen: {{price}}.',
  'fillAudit.rule.close.sell': 'Ein Verkauf wird zu unserem Kaufkurs (Ask) geschlossen: {{price}}.',
  'fillAudit.recomputed':
    'Unser Kurs ist der Feed-Kurs mit dem damals geltenden Aufschlag, hier neu berechnet.',
  'fillAudit.quoteMismatch': 'Der gespeicherte Kurs ist nicht der, den Feed-Kurs und Aufschlag ergeben.',
  'fillAudit.fillPrice': 'Ihre Ausführung',
  'fillAudit.expected': 'Unser Kurs ({{side}})',
  'fillAudit.difference': 'Differenz',
  'fillAudit.filledAt': 'Ausgeführt am',
  'fillAudit.cause': 'Durch',
  'fillAudit.cause.client': 'Sie',
  'fillAudit.cause.auto': 'Auto-Trading',
  'fillAudit.cause.order': 'Ihre Pending Order',
  'fillAudit.cause.manual': 'Sie',
  'fillAudit.cause.stop_loss': 'Stop-Loss',
  'fillAudit.cause.take_profit': 'Take-Profit',
  'fillAudit.cause.loss_termination': 'Verlustgrenze',
  'fillAudit.cause.stop_out': 'Stop-out',
  'fillAudit.cause.broker': 'Den Broker',
  'fillAudit.cause.ai_trade': 'Auto-Trading',
  'fillAudit.execution': 'Kurs im Ausführungsmoment',
  'fillAudit.col.source': 'Quelle',
  'fillAudit.col.sell': 'Verkauf (Bid)',
  'fillAudit.col.buy': 'Kauf (Ask)',
  'fillAudit.feed': 'Marktdaten (roh)',
  'fillAudit.markup': 'Unser Aufschlag: {{markup}} je Seite, gerundet auf den Tick {{tick}}',
  'fillAudit.brand': 'Unser Kurs für Sie',
  'fillAudit.side.buy': 'Kauf',
  'fillAudit.side.sell': 'Verkauf',
  'fillAudit.window': 'Feed-Kurse eine Minute davor und danach',
  'fillAudit.window.pending':
    'Sie werden gespeichert, sobald die Minute nach der Ausführung vorbei ist (nach {{until}}). Laden Sie die Seite dann neu.',
  'fillAudit.window.partial':
    'Ein Teil dieser Minute wurde nicht gespeichert (unser Server startete währenddessen neu): die gespeicherten Kurse werden gezeigt.',
  'fillAudit.window.empty': 'In diesem Zeitraum wurden keine Feed-Kurse gespeichert.',
  'fillAudit.col.time': 'Zeit (UTC)',
  'fillAudit.used': 'für Ihre Ausführung verwendet',
  'fillAudit.notFound': 'Unter Ihren Positionen gibt es keine solche Ausführung.',
  'fillAudit.back': 'Zurück zur Plattform',
};

export const FILL_AUDIT_ES: Texts = {
  ...FILL_AUDIT_EN,
  'fillAudit.title': 'Auditoría de ejecución',
  'fillAudit.lead':
    'Compruebe cualquier ejecución frente al mercado: las cotizaciones del feed, nuestro margen en ese momento, el precio que le dimos y si su ejecución fue exactamente ese precio. Horas en UTC.',
  'fillAudit.kind.open': 'Apertura',
  'fillAudit.kind.close': 'Cierre',
  'fillAudit.direction.buy': 'Compra',
  'fillAudit.direction.sell': 'Venta',
  'fillAudit.pass': 'Correcto: su ejecución fue exactamente nuestra cotización',
  'fillAudit.fail': 'Incorrecto: su ejecución difiere de nuestra cotización en {{difference}}',
  'fillAudit.fillPrice': 'Su ejecución',
  'fillAudit.expected': 'Nuestra cotización ({{side}})',
  'fillAudit.difference': 'Diferencia',
  'fillAudit.rule.open.buy': 'Una compra se abre a nuestro precio de compra (ask): {{price}}.',
  'fillAudit.rule.open.sell': 'Una venta se abre a nuestro precio de venta (bid): {{price}}.',
  'fillAudit.rule.close.buy': 'Una compra se cierra a nuestro precio de venta (bid): {{price}}.',
  'fillAudit.rule.close.sell': 'Una venta se cierra a nuestro precio de compra (ask): {{price}}.',
  'fillAudit.execution': 'Cotización en la ejecución',
  'fillAudit.brand': 'Nuestra cotización para usted',
  'fillAudit.window': 'Cotizaciones del feed un minuto antes y después',
  'fillAudit.notFound': 'No existe tal ejecución entre sus posiciones.',
  'fillAudit.back': 'Volver a la plataforma',
};

export const FILL_AUDIT_FR: Texts = {
  ...FILL_AUDIT_EN,
  'fillAudit.title': 'Audit d’exécution',
  'fillAudit.lead':
    'Vérifiez chaque exécution face au marché : les cotations du flux, notre marge à cet instant, le prix que nous vous avons coté, et si votre exécution était exactement ce prix. Heures en UTC.',
  'fillAudit.kind.open': 'Ouverture',
  'fillAudit.kind.close': 'Clôture',
  'fillAudit.direction.buy': 'Achat',
  'fillAudit.direction.sell': 'Vente',
  'fillAudit.pass': 'Conforme : votre exécution était exactement notre cotation',
  'fillAudit.fail': 'Non conforme : votre exécution diffère de notre cotation de {{difference}}',
  'fillAudit.fillPrice': 'Votre exécution',
  'fillAudit.expected': 'Notre cotation ({{side}})',
  'fillAudit.difference': 'Écart',
  'fillAudit.rule.open.buy': 'Un achat s’ouvre à notre prix d’achat (ask) : {{price}}.',
  'fillAudit.rule.open.sell': 'Une vente s’ouvre à notre prix de vente (bid) : {{price}}.',
  'fillAudit.rule.close.buy': 'Un achat se clôture à notre prix de vente (bid) : {{price}}.',
  'fillAudit.rule.close.sell': 'Une vente se clôture à notre prix d’achat (ask) : {{price}}.',
  'fillAudit.execution': 'Cotation à l’exécution',
  'fillAudit.brand': 'Notre cotation pour vous',
  'fillAudit.window': 'Cotations du flux une minute avant et après',
  'fillAudit.notFound': 'Aucune exécution de ce type parmi vos positions.',
  'fillAudit.back': 'Retour à la plateforme',
};

const withFillAudit = new WeakSet<I18n>();

/** Adds the fill audit texts to an i18next instance once (idempotent; safe to call while rendering). */
export function addFillAuditResources(i18n: I18n): void {
  if (withFillAudit.has(i18n)) return;
  withFillAudit.add(i18n);
  i18n.addResources('en', 'translation', FILL_AUDIT_EN);
  i18n.addResources('de', 'translation', FILL_AUDIT_DE);
  i18n.addResources('es', 'translation', FILL_AUDIT_ES);
  i18n.addResources('fr', 'translation', FILL_AUDIT_FR);
}

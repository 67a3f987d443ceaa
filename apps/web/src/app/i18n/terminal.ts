import type { MessageKey } from '@openbroker/domain';

/** Trading terminal: layout, summary, ticket, notices, keyboard (issue 14). German is complete by type: a key missing from TERMINAL_DE is a compile error. */
export const TERMINAL_EN = {
  'term.marginLevel': 'Margin level',
  'term.marginLevel.levels': 'Margin call at {{call}} %, stop-out at {{stopOut}} %',
  'term.banner.marginCallTitle': 'Margin level {{level}} %: margin call.',
  'term.banner.stopOutTitle': 'Margin level {{level}} %: positions are being closed.',
  'term.banner.body':
    'Below {{call}} % your account is on margin call; at {{stopOut}} % positions are closed automatically, the largest loss first. Close positions or deposit funds to raise the level.',
  'term.banner.deposit': 'Deposit',
  'term.ticket.requiredMargin': 'Required margin',
  'term.ticket.pipValue': 'Pip value',
  'term.ticket.spread': 'Spread',
  'term.ticket.commission': 'Commission',
  'term.ticket.commissionExceeds':
    'The amount plus the commission of {{commission}} is more than your free margin. Choose a smaller amount.',
  'term.ticket.pips': '{{value}} pips',
  'term.ticket.liquidation': 'Liquidation price',
  'term.ticket.liquidation.stopOut': 'account stop-out at {{stopOut}} %',
  'term.ticket.liquidation.lossLimit': 'loss of the whole amount',
  'term.ticket.liquidation.none': 'out of reach',
  'term.ticket.adverseMove': 'adverse move {{value}} %',
  'term.opensAt': 'Opens {{time}}',
  'term.chart.trailing': 'Trailing SL #{{id}}',
  'term.chart.liquidation': 'Liquidation #{{id}}',
  'term.calculator.note':
    "These moves close a position on its own. With little free margin the account's stop-out closes positions earlier: the ticket shows the liquidation price of your account.",
  'term.keys': 'Keyboard: B buy, S sell, Esc clear',
  'term.layout.resize': 'Drag to resize',
  'term.layout.reset': 'Reset layout',
  'term.notices.title': 'Notices',
  'term.notices.markRead': 'Mark as read',
} as const;

export const TERMINAL_DE: Record<keyof typeof TERMINAL_EN, string> & Partial<Record<MessageKey, string>> = {
  'term.marginLevel': 'Marginlevel',
  'term.marginLevel.levels': 'Margin Call bei {{call}} %, Stop-out bei {{stopOut}} %',
  'term.banner.marginCallTitle': 'Marginlevel {{level}} %: Margin Call.',
  'term.banner.stopOutTitle': 'Marginlevel {{level}} %: Positionen werden geschlossen.',
  'term.banner.body':
    'Unter {{call}} % ist Ihr Konto im Margin Call; bei {{stopOut}} % werden Positionen automatisch geschlossen, der größte Verlust zuerst. Schließen Sie Positionen oder zahlen Sie ein, um das Level zu erhöhen.',
  'term.banner.deposit': 'Einzahlen',
  'term.ticket.requiredMargin': 'Erforderliche Margin',
  'term.ticket.pipValue': 'Pip-Wert',
  'term.ticket.spread': 'Spread',
  'term.ticket.commission': 'Kommission',
  'term.ticket.commissionExceeds':
    'Der Betrag plus die Kommission von {{commission}} übersteigt Ihre freie Margin. Wählen Sie einen kleineren Betrag.',
  'term.ticket.pips': '{{value}} Pips',
  'term.ticket.liquidation': 'Liquidationskurs',
  'term.ticket.liquidation.stopOut': 'Stop-out des Kontos bei {{stopOut}} %',
  'term.ticket.liquidation.lossLimit': 'Verlust des ganzen Betrags',
  'term.ticket.liquidation.none': 'außer Reichweite',
  'term.ticket.adverseMove': 'Gegenbewegung {{value}} %',
  'term.opensAt': 'Öffnet {{time}}',
  'term.chart.trailing': 'Trailing-SL #{{id}}',
  'term.chart.liquidation': 'Liquidation #{{id}}',
  'term.calculator.note':
    'Diese Bewegungen schließen eine Position für sich allein. Bei wenig freier Margin schließt der Stop-out des Kontos Positionen früher: Das Ticket zeigt den Liquidationskurs Ihres Kontos.',
  'term.keys': 'Tastatur: B Kauf, S Verkauf, Esc leeren',
  'term.layout.resize': 'Zum Ändern der Größe ziehen',
  'term.layout.reset': 'Layout zurücksetzen',
  'term.notices.title': 'Mitteilungen',
  'term.notices.markRead': 'Als gelesen markieren',
};

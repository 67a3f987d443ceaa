import type { MessageKey } from '@openbroker/domain';

/** Brand pricing, market hours, presets. German is complete by type: a key missing from PRICING_DE is a compile error. */
export const PRICING_EN = {
  'pricing.web.nextOpen': 'Opens {{weekday}} {{time}} (your time)',
  'pricing.web.spreadPips': '{{pips}} pips',
} as const;

export const PRICING_DE: Record<keyof typeof PRICING_EN, string> & Partial<Record<MessageKey, string>> = {
  'pricing.web.nextOpen': 'Öffnet {{weekday}} {{time}} (Ihre Zeit)',
  'pricing.web.spreadPips': '{{pips}} Pips',
  // domain messages-pricing.ts
  'pricing.atLeast': '{{field}} muss mindestens {{min}} sein',
  'pricing.aboveMin': '{{field}} muss größer als {{min}} sein',
  'pricing.atMost': '{{field}} darf höchstens {{max}} sein',
  'pricing.unknownSetting': '{{field}} ist keine Handelseinstellung; bitte entfernen',
  'pricing.oneOf': '{{field}} muss einer der Werte {{options}} sein',
  'pricing.unitInvalid':
    '{{field}}: Die Einheit muss bei einem Aufschlag „percent“ oder „pips“, bei einer Kommission „perLot“ oder „percent“ sein',
  'pricing.invalid': '{{field}} ist ungültig: erwartet wird {{expected}}',
  'pricing.capsRequired':
    'Die Vorgabe {{preset}} begrenzt den Hebel; setzen Sie niedrigere Grenzen oder wählen Sie die Vorgabe für professionelle Kunden',
  'pricing.capAbovePreset':
    'Hebel {{value}} liegt über der Grenze {{cap}} der Vorgabe {{preset}}; wählen Sie {{cap}} oder weniger',
  'pricing.stopOutBelowPreset':
    'Ein Stop-out-Level von {{value}} liegt unter dem Minimum {{min}} der Vorgabe {{preset}}; wählen Sie {{min}} oder mehr',
  'pricing.stopOutAboveMarginCall':
    'Das Stop-out-Level ({{stopOut}}) muss unter dem Margin-Call-Level ({{marginCall}}) liegen',
  'pricing.profileInvalid': 'Diese Handelseinstellungen ergeben kein gültiges Handelsprofil',
  'pricing.marketClosed': 'Markt geschlossen',
  'pricing.opensAt': 'Öffnet {{time}}',
  'pricing.closedUntil': 'Markt geschlossen. Öffnet {{time}}',
  'pricing.spreadFrom': 'Spreads ab {{pips}} Pips',
  'pricing.commissionPerLot': 'Kommission {{amount}} pro Lot',
  'pricing.noCommission': 'Keine Kommission',
};

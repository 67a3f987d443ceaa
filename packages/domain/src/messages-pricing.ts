/** Messages: brand pricing, costs, market hours and jurisdiction presets (our texts). */
export const PRICING_MESSAGES = {
  // brand trading settings (staff edit them; every message names the field and what is allowed)
  'pricing.atLeast': '{{field}} must be at least {{min}}',
  'pricing.aboveMin': '{{field}} must be more than {{min}}',
  'pricing.atMost': '{{field}} must be at most {{max}}',
  'pricing.unknownSetting': '{{field}} is not a trading setting; remove it',
  'pricing.oneOf': '{{field}} must be one of {{options}}',
  'pricing.unitInvalid':
    '{{field}}: the unit must be "percent" or "pips" for a markup, "perLot" or "percent" for a commission',
  'pricing.invalid': '{{field}} is not valid: expected {{expected}}',
  'pricing.capsRequired':
    'The {{preset}} preset caps leverage; set lower caps or choose the professional preset',
  'pricing.capAbovePreset':
    'Leverage {{value}} is above the {{preset}} cap of {{cap}}; choose {{cap}} or less',
  'pricing.stopOutBelowPreset':
    'A stop-out level of {{value}} is below the {{preset}} minimum of {{min}}; choose {{min}} or more',
  'pricing.stopOutAboveMarginCall':
    'The stop-out level ({{stopOut}}) must be below the margin-call level ({{marginCall}})',
  'pricing.profileInvalid': 'These trading settings do not make a valid trading profile',
  // market hours
  'pricing.marketClosed': 'Market closed',
  'pricing.opensAt': 'Opens {{time}}',
  'pricing.closedUntil': 'Market closed. Opens {{time}}',
  // what clients see of the brand's costs
  'pricing.spreadFrom': 'Spreads from {{pips}} pips',
  'pricing.commissionPerLot': 'Commission {{amount}} per lot',
  'pricing.noCommission': 'No commission',
} as const;

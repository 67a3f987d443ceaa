import type { MessageKey } from '@openbroker/domain';

/**
 * a panel of a screen that fails shows this in its place, the rest of the screen keeps working; and the
 * positions table's details toggle where it is too narrow for every column.
 */
export const RESILIENCE_EN = {
  'panel.failed.title': '{{panel}} could not be shown',
  'panel.failed.body': 'The rest of the page keeps working. Retry to load this part again.',
  'panel.failed.retry': 'Retry',
  'panel.failed.retryLabel': 'Retry: {{panel}}',
  'term.positions.details': 'Details of position #{{id}}',
} as const;

export const RESILIENCE_DE: Record<keyof typeof RESILIENCE_EN, string> & Partial<Record<MessageKey, string>> =
  {
    'panel.failed.title': '{{panel}} konnte nicht angezeigt werden',
    'panel.failed.body': 'Der Rest der Seite funktioniert weiter. Laden Sie diesen Teil erneut.',
    'panel.failed.retry': 'Erneut laden',
    'panel.failed.retryLabel': 'Erneut laden: {{panel}}',
    'term.positions.details': 'Details zu Position #{{id}}',
  };

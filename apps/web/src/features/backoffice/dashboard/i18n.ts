import type { MessageKey } from '@openbroker/domain';

/** Texts of the back office's dashboard. */
export const BO_DASHBOARD_EN = {
  'bo.dash.title': 'Dashboard',
  'bo.dash.welcome': 'Welcome, {{name}}',
  'bo.dash.deposits': 'Wire deposits to check',
  'bo.dash.withdrawals': 'Withdrawals to approve',
  'bo.dash.documents': 'Clients with documents waiting',
  'bo.dash.unverified': 'Clients not verified',
  'bo.dash.open': 'Open queue',
  'bo.dash.shortcuts': 'Shortcuts',
  'bo.dash.yourAccess': 'Your access',
  'bo.dash.permissions': 'Permissions',
} as const;

/** German: complete by type, a key missing here is a compile error. */
export const BO_DASHBOARD_DE: Record<keyof typeof BO_DASHBOARD_EN, string> &
  Partial<Record<MessageKey, string>> = {
  'bo.dash.title': 'Übersicht',
  'bo.dash.welcome': 'Willkommen, {{name}}',
  'bo.dash.deposits': 'Zu prüfende Überweisungen',
  'bo.dash.withdrawals': 'Freizugebende Auszahlungen',
  'bo.dash.documents': 'Kunden mit wartenden Dokumenten',
  'bo.dash.unverified': 'Nicht verifizierte Kunden',
  'bo.dash.open': 'Warteschlange öffnen',
  'bo.dash.shortcuts': 'Schnellzugriff',
  'bo.dash.yourAccess': 'Ihr Zugriff',
  'bo.dash.permissions': 'Berechtigungen',
};

import type { MessageKey } from '@openbroker/domain';

/** Texts of the shared components (ui/): form fields and panels that failed to load. */
export const SHARED_UI_EN = {
  'form.email': 'Email',
  'form.password': 'Password',
  'form.firstName': 'First name',
  'form.lastName': 'Last name',
  'form.phone': 'Phone',
  'form.phoneHint': 'Choose the country code, then enter your number.',
  'form.message': 'Message',
  'form.currentPassword': 'Current password',
  'form.newPassword': 'New password',
  'form.confirmPassword': 'Confirm password',
  'form.birthDate': 'Date of birth',
  'form.country': 'Country',
  'form.state': 'State / region',
  'form.city': 'City',
  'form.street': 'Street and number',
  'form.zip': 'ZIP code',
  'form.save': 'Save',
  'form.submitting': 'Please wait…',
  'form.showPassword': 'Show password',
  'form.hidePassword': 'Hide password',
  'form.phoneCountry': 'Country calling code',
  'form.phoneCountryNone': 'Choose a country',
  'form.choose': 'Choose…',
  'panel.failed.title': '{{panel}} could not be shown',
  'panel.failed.body': 'The rest of the page keeps working. Retry to load this part again.',
  'panel.failed.retry': 'Retry',
  'panel.failed.retryLabel': 'Retry: {{panel}}',
} as const;

/** German: complete by type, a key missing here is a compile error. */
export const SHARED_UI_DE: Record<keyof typeof SHARED_UI_EN, string> & Partial<Record<MessageKey, string>> = {
  'form.email': 'E-Mail',
  'form.password': 'Passwort',
  'form.firstName': 'Vorname',
  'form.lastName': 'Nachname',
  'form.phone': 'Telefon',
  'form.phoneHint': 'Wählen Sie die Ländervorwahl und geben Sie dann Ihre Nummer ein.',
  'form.message': 'Nachricht',
  'form.currentPassword': 'Aktuelles Passwort',
  'form.newPassword': 'Neues Passwort',
  'form.confirmPassword': 'Passwort bestätigen',
  'form.birthDate': 'Geburtsdatum',
  'form.country': 'Land',
  'form.state': 'Bundesland / Region',
  'form.city': 'Stadt',
  'form.street': 'Straße und Hausnummer',
  'form.zip': 'Postleitzahl',
  'form.save': 'Speichern',
  'form.submitting': 'Bitte warten…',
  'form.showPassword': 'Passwort anzeigen',
  'form.hidePassword': 'Passwort verbergen',
  'form.phoneCountry': 'Ländervorwahl',
  'form.phoneCountryNone': 'Land wählen',
  'form.choose': 'Bitte wählen…',
  'panel.failed.title': '{{panel}} konnte nicht angezeigt werden',
  'panel.failed.body': 'Der Rest der Seite funktioniert weiter. Laden Sie diesen Teil erneut.',
  'panel.failed.retry': 'Erneut laden',
  'panel.failed.retryLabel': 'Erneut laden: {{panel}}',
};

export const SHARED_UI_ES: Partial<Record<keyof typeof SHARED_UI_EN | MessageKey, string>> = {
  'form.email': 'Correo electrónico',
  'form.password': 'Contraseña',
};

export const SHARED_UI_IT: Partial<Record<keyof typeof SHARED_UI_EN | MessageKey, string>> = {
  'form.email': 'Email',
  'form.password': 'Password',
};

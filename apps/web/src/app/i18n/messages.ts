import type { MessageKey } from '@openbroker/domain';

/** The domain catalogue's shared messages (validation, errors) in the other languages; English is the catalogue itself. */
export const DOMAIN_MESSAGES_DE: Partial<Record<MessageKey, string>> = {
  // domain messages (MESSAGES_EN keys)
  'field.required': '{{title}} ist erforderlich',
  'field.minChars': '{{title}} muss mindestens {{min}} Zeichen haben',
  'field.maxChars': '{{title}} darf höchstens {{max}} Zeichen haben',
  'field.requiredGeneric': 'Dieses Feld ist erforderlich',
  'email.invalid': 'ungültige E-Mail-Adresse',
  'phone.invalid': 'Telefonnummer ungültig',
  'url.invalid': 'URL ungültig',
  'page.notFound': 'Hoppla! Wir können die gesuchte Seite nicht finden. Fehlercode: 404',
  'forgot_password.error_message': 'Diese E-Mail-Adresse existiert nicht.',
  'data.saved': 'Die Daten wurden erfolgreich gespeichert',
  'list.empty': 'keine Daten vorhanden',
  'positions.empty': 'keine Positionen vorhanden',
  'field.invalid': '{{title}} ist ungültig',
  'field.min': '{{title}} muss mindestens {{min}} sein',
  'field.max': '{{title}} darf höchstens {{max}} sein',
  'field.step': '{{title}} muss ein Vielfaches von {{step}} sein',
  'field.forbiddenCharacters': '{{title}} enthält nicht erlaubte Zeichen',
  'field.maxDecimals': '{{title}} darf höchstens {{max}} Nachkommastellen haben',
  'date.untilBeforeFrom': 'Das Bis-Datum darf nicht vor dem Von-Datum liegen',
  'staff.twoFactorRequired':
    'Die Zwei-Faktor-Anmeldung ist erforderlich. Richten Sie sie zuerst mit Ihrer Authenticator-App ein.',
  'staff.codeInvalid':
    'Dieser Code ist nicht korrekt. Geben Sie den aktuellen Code aus Ihrer Authenticator-App ein.',
  'staff.alreadyEnrolled': 'Die Zwei-Faktor-Anmeldung ist für dieses Konto bereits eingerichtet.',
  'staff.enrolmentNotStarted':
    'Starten Sie zuerst die Einrichtung der Zwei-Faktor-Anmeldung und geben Sie dann den angezeigten Code ein.',
  'staff.staffEmailTaken': 'Ein Mitarbeiter mit dieser E-Mail-Adresse existiert bereits.',
  'staff.cannotDisableSelf':
    'Sie können Ihr eigenes Konto nicht deaktivieren. Bitten Sie einen anderen Administrator.',
  'staff.cannotRemoveOwnAdmin':
    'Sie können Ihre eigene Administratorrolle nicht entfernen. Bitten Sie einen anderen Administrator.',
  'date.rangeTooLong': 'Der Zeitraum darf höchstens {{max}} Tage lang sein',
  'error.validation': 'Einige Felder sind ungültig. Bitte prüfen Sie sie und versuchen Sie es erneut.',
  'error.unauthorized': 'Ihre Sitzung ist abgelaufen. Bitte melden Sie sich erneut an.',
  'error.forbidden': 'Sie haben keinen Zugriff',
  'error.notFound': 'Die angeforderte Ressource wurde nicht gefunden.',
  'brand.notAvailable': 'Diese Website ist nicht verfügbar.',
  'error.rateLimited': 'Zu viele Versuche. Bitte warten Sie eine Minute und versuchen Sie es erneut.',
  'error.internal': 'Bei uns ist etwas schiefgelaufen. Bitte versuchen Sie es gleich noch einmal.',
  'error.tradingUnavailable':
    'Der Handel zieht auf einen anderen Server um. Bitte versuchen Sie es in einigen Sekunden erneut.',
  'mail.sendFailed':
    'Wir konnten die E-Mail gerade nicht senden. Bitte versuchen Sie es in ein paar Minuten erneut.',
  // the catalogue's remaining texts, so no answer of the server shows in English
  'operator.commandRefused': '{{message}}',
  'staff.documentNotFound': 'Dieses Dokument wurde nicht gefunden.',
  'staff.documentMissing': 'Der Kunde hat dieses Dokument noch nicht hochgeladen.',
  'staff.rejectionNoteRequired':
    'Geben Sie an, warum das Dokument abgelehnt wird: Der Kunde sieht diese Notiz.',
  'staff.noteRequired': 'Schreiben Sie zuerst die Notiz.',
  'staff.emailTaken': 'Ein anderer Kunde dieser Marke verwendet diese E-Mail-Adresse bereits.',
  'staff.unknownLeverage': 'Wählen Sie Hebel, die die Kategorie {{name}} anbietet.',
  'staff.unknownCategory': 'Es gibt keine Anlagekategorie mit der ID {{id}}.',
  // a close by the broker's dealing desk, as the client's close notice and History line say it
  'dealing.closedByBroker': 'Vom Broker geschlossen: {{reason}}',
};

export const DOMAIN_MESSAGES_ES: Partial<Record<MessageKey, string>> = {
  'page.notFound': '¡Vaya! No encontramos la página que buscas. Código de error: 404',
  'list.empty': 'no hay datos para mostrar',
  'positions.empty': 'no hay posiciones para mostrar',
  'email.invalid': 'dirección de correo electrónico no válida',
  'field.requiredGeneric': 'Este campo es obligatorio',
};

export const DOMAIN_MESSAGES_IT: Partial<Record<MessageKey, string>> = {
  'page.notFound': 'Oops! Non riusciamo a trovare la pagina che stai cercando. Codice di errore: 404',
  'list.empty': 'nessun dato da mostrare',
  'positions.empty': 'nessuna posizione da mostrare',
  'email.invalid': 'indirizzo email non valido',
  'field.requiredGeneric': 'Questo campo è obbligatorio',
};

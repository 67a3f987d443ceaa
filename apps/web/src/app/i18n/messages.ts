import {
  DOCUMENT_DETAILS_MESSAGES_DE,
  DOCUMENT_DETAILS_MESSAGES_ES,
  DOCUMENT_DETAILS_MESSAGES_IT,
  type MessageKey,
} from '@openbroker/domain';

/** The domain catalogue's shared messages (validation, errors) in the other languages; English is the catalogue itself. */
export const DOMAIN_MESSAGES_DE: Partial<Record<MessageKey, string>> = {
  // a document's details and expiry
  ...DOCUMENT_DETAILS_MESSAGES_DE,
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
  'trigger.cantBeLower': 'Darf nicht niedriger sein als {{value}}',
  'trigger.cantBeHigher': 'Darf nicht höher sein als {{value}}',
  'trade.temporarilyUnavailable': 'Vorübergehend nicht verfügbar',
  'trade.temporarilyUnavailableLower': 'vorübergehend nicht verfügbar',
  'trade.created': 'Die neue Position wurde erfolgreich eröffnet',
  'trade.leverageNotAllowed': 'Dieser Hebel ist für Ihr Konto nicht verfügbar',
  'trade.requote': 'Der Kurs hat sich geändert. Bitte prüfen Sie den neuen Kurs und versuchen Sie es erneut.',
  'trade.positionNotFound':
    'Diese Position wurde nicht gefunden. Möglicherweise ist sie bereits geschlossen.',
  'trade.stopOutLevel':
    'Dieser Trade würde Ihr Eigenkapital unter das Stop-out-Niveau bringen. Bitte wählen Sie einen kleineren Betrag oder schließen Sie zuerst eine Position.',
  'engineOrder.notFound':
    'Diese Order wurde nicht gefunden. Möglicherweise wurde sie bereits ausgeführt, storniert oder ist abgelaufen.',
  'engineOrder.tooMany':
    'Sie können höchstens {{max}} offene Orders haben. Stornieren Sie eine, bevor Sie eine weitere platzieren.',
  'engineOrder.leverageCapped':
    'Ein Hebel über 1:{{max}} ist für dieses Instrument auf Ihrem Konto nicht verfügbar.',
  'engineOrder.commissionExceedsFreeMargin':
    'Der Betrag zuzüglich der Kommission von {{commission}} übersteigt Ihre freie Margin. Wählen Sie einen kleineren Betrag.',
  'engineOrder.rejectedFreeMargin':
    'Ihre Order konnte nicht ausgeführt werden: Das Konto hatte beim Erreichen des Kurses nicht genug freie Margin.',
  'engineOrder.rejectedStopOut':
    'Ihre Order konnte nicht ausgeführt werden: Ihre Eröffnung hätte das Konto auf sein Stop-out-Niveau gebracht.',
  'engineOrder.rejectedNotAllowed':
    'Ihre Order konnte nicht ausgeführt werden: Der Handel mit diesem Instrument und diesen Einstellungen ist auf Ihrem Konto nicht mehr erlaubt.',
  'engineOrder.rejectedUnavailable':
    'Ihre Order konnte nicht ausgeführt werden, weil das Instrument in diesem Moment nicht handelbar war. Bitte platzieren Sie sie erneut.',
  'engineOrder.trailingInvalid': 'Geben Sie einen Trailing-Abstand größer als 0 ein.',
  'engineOrder.trailingTooClose':
    'Der Trailing-Abstand muss größer sein als der aktuelle Spread ({{spread}}). Wählen Sie einen größeren Abstand.',
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
  'notice.closed.stop_loss':
    'Position {{id}} ({{symbol}}) wurde an ihrem Stop-Loss {{level}} geschlossen: Kurs {{quote}} um {{time}}.',
  'notice.closed.take_profit':
    'Position {{id}} ({{symbol}}) wurde an ihrem Take-Profit {{level}} geschlossen: Kurs {{quote}} um {{time}}.',
  'notice.closed.loss_termination':
    'Position {{id}} ({{symbol}}) wurde wegen geringer Margin geschlossen: ihr Verlust erreichte ihren Betrag bei {{level}} (Kurs {{quote}}, {{time}}).',
  'notice.closed.stop_out':
    'Position {{id}} ({{symbol}}) wurde wegen geringer Margin (Stop-out) bei {{quote}}, {{time}} geschlossen: Eigenkapital {{equity}}, genutzte Margin {{usedMargin}}, Margin-Level {{marginLevel}} %.',
  'notice.closed.manual':
    'Position {{id}} ({{symbol}}) wurde vom Broker bei {{quote}}, {{time}} geschlossen.',
  'notice.orderFilled':
    'Ihre {{type}}-Order {{id}} ({{symbol}}) wurde ausgeführt und eröffnete Position {{positionId}}.',
  'notice.orderRejected':
    'Ihre {{type}}-Order {{id}} ({{symbol}}) wurde ausgelöst, konnte aber keine Position eröffnen: {{reason}}',
  'notice.orderExpired': 'Ihre {{type}}-Order {{id}} ({{symbol}}) ist abgelaufen.',
  'notice.marginCall':
    'Margin Call: Ihr Margin-Level beträgt {{marginLevel}} %, unter {{level}} %. Eigenkapital {{equity}}, genutzte Margin {{usedMargin}}. Zahlen Sie ein oder verringern Sie Positionen; bei {{stopOut}} % werden Positionen geschlossen.',
  'notice.marginCall.title': 'Margin Call',
  'notice.marginCall.popup':
    'Ihr Margin-Level ist auf {{marginLevel}} % gefallen (Margin Call bei {{level}} %). Eigenkapital {{equity}}, genutzte Margin {{usedMargin}}. Erreicht es das Stop-out-Level, werden Ihre Positionen geschlossen, der größte Verlust zuerst. Zahlen Sie ein oder schließen Sie Positionen, um es anzuheben.',
  'notice.marginCall.mail.subject': 'Margin Call auf Ihrem {{brand}}-Konto',
  'notice.marginCall.mail.body':
    'Ihr Margin-Level ist auf {{marginLevel}} % gefallen, unter das Margin-Call-Level von {{level}} %. Eigenkapital: {{equity}}; genutzte Margin: {{usedMargin}}. Fällt es auf das Stop-out-Level, werden Ihre Positionen geschlossen, der größte Verlust zuerst. Zahlen Sie ein oder schließen Sie Positionen, um es anzuheben.',
  'notice.marginCall.mail.link': 'Plattform öffnen',
  'watchlists.nameLength': 'Ein Listenname muss 1 bis 40 Zeichen haben',
  'watchlists.nameControl': 'Ein Listenname darf keine Steuerzeichen enthalten',
  'watchlists.unknownSymbol': 'Es gibt keinen Markt mit diesem Symbol',
  'watchlists.tooManyLists':
    'Sie können höchstens 20 Listen führen. Löschen Sie eine, um eine neue anzulegen.',
  'watchlists.tooManySymbols':
    'Eine Liste kann höchstens 100 Märkte enthalten. Entfernen Sie einen, um einen weiteren hinzuzufügen.',
  'watchlists.favouritesKept': 'Die Favoritenliste kann nicht umbenannt oder gelöscht werden',
  'watchlists.orderChanged': 'Die Liste hat sich inzwischen geändert. Bitte versuchen Sie es erneut.',
  // the client's compliance standing (domain complianceBlock)
  'compliance.screeningConfirmed':
    'Ihr Konto wurde von unserem Compliance-Team eingeschränkt. Handel, Einzahlungen und Auszahlungen sind gestoppt. Bitte wenden Sie sich an den Support.',
  'compliance.screeningPending':
    'Ihr Konto wird routinemäßig von Compliance geprüft. Neue Trades und Einzahlungen sind bis zum Abschluss pausiert.',
  'compliance.documentExpired':
    'Ihr Identitäts- oder Adressnachweis ist abgelaufen. Laden Sie ein gültiges Dokument hoch, um wieder zu handeln und einzuzahlen.',
  'compliance.eddRequired':
    'Vor Ihrer nächsten Einzahlung benötigen wir weitere Unterlagen (verstärkte Sorgfaltspflicht). Bitte laden Sie sie in Ihrem Konto hoch.',
  'compliance.appropriatenessRequired':
    'Bitte beantworten Sie vor dem Handel den kurzen Angemessenheitstest zu Ihren Kenntnissen und Erfahrungen.',
  'compliance.appropriatenessBlocked':
    'Nach Ihren Antworten ist der CFD-Handel derzeit nicht angemessen für Sie. Sie können den Test ab {{date}} wiederholen.',
  'compliance.appropriatenessRetake': 'Bitte wiederholen Sie den Angemessenheitstest, bevor Sie handeln.',
  'compliance.appropriatenessWarning':
    'Bitte lesen und bestätigen Sie den Hinweis zu Ihrem Testergebnis, bevor Sie handeln.',
  'tasks.notFound': 'Diese Aufgabe wurde nicht gefunden.',
  'tasks.noteRequired': 'Schreiben Sie eine Abschlussnotiz: was geprüft und entschieden wurde.',
  'tasks.dueInvalid': 'Geben Sie ein gültiges Fälligkeitsdatum ein.',
  'tasks.closed': 'Diese Aufgabe ist bereits abgeschlossen.',
  'tasks.assigneeInvalid': 'Wählen Sie ein Mitglied des Compliance-Teams dieser Marke.',
  'sof.invalid': 'Bitte beantworten Sie alle Fragen.',
  // sanctions and PEP screening in the back office
  'screening.unreadableFile':
    'Diese Datei ist keine Liste im gewählten Format oder enthält keine Person. Prüfen Sie Format und Datei.',
  'screening.fileRequired': 'Wählen Sie die Listendatei für den Import.',
  'screening.fileTooLarge': 'Die Listendatei ist zu groß (höchstens {{max}} MB).',
  'screening.importAllBrands':
    'Listen gelten für alle Marken: Nur Mitarbeiter, die für alle Marken arbeiten, importieren sie.',
  'screening.reasonRequired':
    'Geben Sie an, warum Sie diesen Treffer aufheben oder bestätigen: Der Grund wird im Audit-Log gespeichert.',
  'screening.matchNotFound': 'Dieser Screening-Treffer wurde nicht gefunden.',
  'screening.matchDecided': 'Über diesen Treffer wurde bereits entschieden.',
};

export const DOMAIN_MESSAGES_ES: Partial<Record<MessageKey, string>> = {
  // a document's details and expiry
  ...DOCUMENT_DETAILS_MESSAGES_ES,
  'page.notFound': '¡Vaya! No encontramos la página que buscas. Código de error: 404',
  'list.empty': 'no hay datos para mostrar',
  'positions.empty': 'no hay posiciones para mostrar',
  'email.invalid': 'dirección de correo electrónico no válida',
  'field.requiredGeneric': 'Este campo es obligatorio',
  'watchlists.nameLength': 'El nombre de una lista debe tener entre 1 y 40 caracteres',
  'watchlists.nameControl': 'El nombre de una lista no puede contener caracteres de control',
  'watchlists.unknownSymbol': 'No hay ningún mercado con este símbolo',
  'watchlists.tooManyLists': 'Puede tener como máximo 20 listas. Elimine una para crear otra.',
  'watchlists.tooManySymbols':
    'Una lista puede contener como máximo 100 mercados. Quite uno para añadir otro.',
  'watchlists.favouritesKept': 'La lista de favoritos no se puede renombrar ni eliminar',
  'watchlists.orderChanged': 'La lista ha cambiado mientras tanto. Inténtelo de nuevo.',
  // the client's compliance standing (domain complianceBlock)
  'compliance.screeningConfirmed':
    'Nuestro equipo de cumplimiento ha restringido su cuenta. Las operaciones, los depósitos y los retiros están detenidos. Contacte con soporte.',
  'compliance.screeningPending':
    'Su cuenta está en una revisión rutinaria de cumplimiento. Las nuevas operaciones y los depósitos están en pausa hasta que termine.',
  'compliance.documentExpired':
    'Su prueba de identidad o de domicilio ha caducado. Suba un documento válido para volver a operar y depositar.',
  'compliance.eddRequired':
    'Antes de su próximo depósito necesitamos algunos documentos más (diligencia debida reforzada). Súbalos en su cuenta.',
  'compliance.appropriatenessRequired':
    'Antes de operar, complete el breve test de conveniencia sobre sus conocimientos y experiencia.',
  'compliance.appropriatenessBlocked':
    'Según sus respuestas, operar con CFD no es conveniente para usted por ahora. Puede repetir el test desde el {{date}}.',
  'compliance.appropriatenessRetake': 'Repita el test de conveniencia antes de operar.',
  'compliance.appropriatenessWarning':
    'Lea y confirme el aviso sobre el resultado de su test de conveniencia antes de operar.',
  'sof.invalid': 'Responda todas las preguntas.',
  // sanctions and PEP screening in the back office
  'screening.unreadableFile':
    'Este archivo no es una lista en el formato elegido o no contiene ninguna persona. Compruebe el formato y el archivo.',
  'screening.fileRequired': 'Elija el archivo de la lista que desea importar.',
  'screening.fileTooLarge': 'El archivo de la lista es demasiado grande (máximo {{max}} MB).',
  'screening.importAllBrands':
    'Las listas se aplican a todas las marcas: solo el personal que trabaja para todas las marcas las importa.',
  'screening.reasonRequired':
    'Indique por qué descarta o confirma esta coincidencia: el motivo se guarda en el registro de auditoría.',
  'screening.matchNotFound': 'No se encontró esta coincidencia de control.',
  'screening.matchDecided': 'Esta coincidencia ya se decidió.',
};

export const DOMAIN_MESSAGES_IT: Partial<Record<MessageKey, string>> = {
  // a document's details and expiry
  ...DOCUMENT_DETAILS_MESSAGES_IT,
  'page.notFound': 'Oops! Non riusciamo a trovare la pagina che stai cercando. Codice di errore: 404',
  'list.empty': 'nessun dato da mostrare',
  'positions.empty': 'nessuna posizione da mostrare',
  'email.invalid': 'indirizzo email non valido',
  'field.requiredGeneric': 'Questo campo è obbligatorio',
  'watchlists.nameLength': 'Il nome di una lista deve avere da 1 a 40 caratteri',
  'watchlists.nameControl': 'Il nome di una lista non può contenere caratteri di controllo',
  'watchlists.unknownSymbol': 'Non esiste alcun mercato con questo simbolo',
  'watchlists.tooManyLists': 'Puoi tenere al massimo 20 liste. Eliminane una per crearne una nuova.',
  'watchlists.tooManySymbols':
    'Una lista può contenere al massimo 100 mercati. Rimuovine uno per aggiungerne un altro.',
  'watchlists.favouritesKept': 'La lista dei preferiti non può essere rinominata né eliminata',
  'watchlists.orderChanged': 'La lista è cambiata nel frattempo. Riprova.',
  // the client's compliance standing (domain complianceBlock)
  'compliance.screeningConfirmed':
    'Il nostro team di compliance ha limitato il suo conto. Trading, depositi e prelievi sono bloccati. Contatti il supporto.',
  'compliance.screeningPending':
    'Il suo conto è in una verifica di compliance di routine. Nuove operazioni e depositi sono sospesi fino al termine.',
  'compliance.documentExpired':
    'Il suo documento di identità o di residenza è scaduto. Carichi un documento valido per tornare a operare e depositare.',
  'compliance.eddRequired':
    'Prima del prossimo deposito ci servono altri documenti (adeguata verifica rafforzata). Li carichi nel suo conto.',
  'compliance.appropriatenessRequired':
    'Prima di operare, completi il breve test di adeguatezza sulle sue conoscenze ed esperienze.',
  'compliance.appropriatenessBlocked':
    'In base alle sue risposte, il trading di CFD non è adeguato per lei al momento. Può ripetere il test dal {{date}}.',
  'compliance.appropriatenessRetake': 'Ripeta il test di adeguatezza prima di operare.',
  'compliance.appropriatenessWarning':
    "Legga e confermi l'avviso sul risultato del suo test di adeguatezza prima di operare.",
  'sof.invalid': 'Risponda a tutte le domande.',
  // sanctions and PEP screening in the back office
  'screening.unreadableFile':
    'Questo file non è una lista nel formato scelto o non contiene alcuna persona. Controlla il formato e il file.',
  'screening.fileRequired': 'Scegli il file della lista da importare.',
  'screening.fileTooLarge': 'Il file della lista è troppo grande (al massimo {{max}} MB).',
  'screening.importAllBrands':
    'Le liste valgono per tutti i marchi: solo il personale che lavora per tutti i marchi le importa.',
  'screening.reasonRequired':
    'Indica perché archivi o confermi questa corrispondenza: il motivo resta nel registro di audit.',
  'screening.matchNotFound': 'Questa corrispondenza di screening non è stata trovata.',
  'screening.matchDecided': 'Su questa corrispondenza si è già deciso.',
};

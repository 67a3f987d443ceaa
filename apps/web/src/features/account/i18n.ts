import type { MessageKey } from '@openbroker/domain';

/** Texts of the client's account page: details, password, documents. */
export const ACCOUNT_EN = {
  'account.title': 'My account',
  'account.tab.info': 'Personal details',
  'account.tab.password': 'Password',
  'account.tab.documents': 'Documents',
  'account.name': 'Name',
  'account.email': 'Email',
  'account.location': 'Location',
  'account.joinedAt': 'Joined at',
  'account.status': 'Status',
  'account.level': 'Level',
  'account.pin': 'PIN',
  'account.info.lead': 'Your details as registered with us. They must match your identity documents.',
  'account.password.lead': 'Choose a password with at least 8 characters that you do not use anywhere else.',
  'account.documents.lead':
    'To verify your account, upload a passport or ID card, a proof of address and a proof of funding.',
  'document.passport': 'Passport or ID card',
  'document.address': 'Proof of address',
  'document.fundingFront': 'Proof of funding (front)',
  'document.fundingBack': 'Proof of funding (back)',
  'document.status.waiting': 'Waiting',
  'document.status.processing': 'Processing',
  'document.status.approved': 'Approved',
  'document.status.rejected': 'Rejected',
  'account.info.personal': 'Personal details',
  'account.info.address': 'Address',
  'account.info.emailFixed':
    'Your email address identifies your account. To change it, please contact support.',
  'account.fillDetails.link': 'Complete my profile',
  'account.password.submit': 'Change password',
  'account.password.changed': 'Your password has been changed.',
  'account.autoTrading': 'Auto trading',
  'account.autoTrading.hint': 'When on, automated trading may open and close positions on your account.',
  'account.autoTrading.later':
    'The automated strategy arrives in a later release. Until then this switch only stores your choice: no trades are made for you.',
  'account.autoTrading.enabled': 'Auto trading is on.',
  'account.autoTrading.disabled': 'Auto trading is off.',
  'document.chooseFile': 'Choose a file to upload',
  'document.file': 'File',
  'document.upload': 'Upload',
  'document.passportHint':
    'A clear photo or scan of your valid passport or national ID card, with all four corners visible.',
  'document.fundingFrontHint':
    'The front of the card you deposit with. Cover all but the first 6 and the last 4 digits.',
  'document.fundingBackHint': 'The back of the same card. Cover the 3-digit security code (CVV).',
  'document.rejectedNote': 'Reason: {{note}}',
  'document.rejectedNoNote': 'This document was not accepted. Please upload a new file.',
  'document.processingHint': 'Received. We are reviewing this document.',
  'document.processingSince': 'Received on {{date}}. We are reviewing this document.',
  'document.approvedHint': 'Checked and approved.',
} as const;

/** German: complete by type, a key missing here is a compile error. */
export const ACCOUNT_DE: Record<keyof typeof ACCOUNT_EN, string> & Partial<Record<MessageKey, string>> = {
  'document.notSupported': 'Datei wird nicht unterstützt',
  'account.notVerified': 'Das Konto ist nicht verifiziert',
  'account.noAccess': 'Sie haben keinen Zugriff',
  'account.fillDetails': 'Um Ihr Konto zu aktivieren, müssen Sie alle Angaben ausfüllen',
  'account.completeFirst': 'Sie müssen zuerst Ihr Konto vervollständigen',
  'birthDate.future': 'Das Geburtsdatum darf nicht in der Zukunft liegen',
  'birthDate.minAge': 'Sie müssen mindestens {{min}} Jahre alt sein, um ein Konto zu eröffnen',
  'document.typeMismatch':
    'Der Inhalt der Datei passt nicht zu ihrem Namen. Bitte laden Sie die Originaldatei (jpg, jpeg oder pdf) hoch.',
  'document.activeContent':
    'Dieses PDF enthält Skripte, Aktionen oder eingebettete Dateien und kann nicht angenommen werden. Bitte laden Sie einen einfachen Scan oder ein Foto des Dokuments hoch.',
  'document.unsafeContent':
    'Diese Datei enthält Webseiten- oder Skriptcode und kann nicht angenommen werden. Bitte laden Sie einen einfachen Scan oder ein Foto des Dokuments hoch.',
  'document.encrypted':
    'Dieses PDF ist verschlüsselt oder passwortgeschützt, daher können wir es nicht prüfen. Bitte laden Sie eine ungeschützte Kopie oder einen Scan hoch.',
  'document.uncheckable':
    'Dieses PDF ist auf eine Weise komprimiert oder aufgebaut, die wir nicht lesen können, daher können wir es nicht prüfen. Bitte laden Sie einen einfachen Scan oder ein Foto des Dokuments hoch.',
  'document.nameNotAllowed': 'Der Dateiname enthält nicht erlaubte Zeichen. Bitte benennen Sie die Datei um.',
  'document.formatHint': 'Erlaubte Dateien: jpg, jpeg oder pdf, höchstens 2 MB.',
  'document.addressHint':
    'Der Adressnachweis muss aus den letzten 3 Monaten stammen. Mobilfunkrechnungen werden nicht akzeptiert.',
  'document.alreadyApproved': 'Dieses Dokument ist bereits bestätigt und kann nicht ersetzt werden.',
  'account.tradingDisabled':
    'Der Handel ist für dieses Konto abgeschaltet. Bitte wenden Sie sich an den Support, um neue Trades zu eröffnen.',
  'account.title': 'Mein Konto',
  'account.tab.info': 'Persönliche Daten',
  'account.tab.password': 'Passwort',
  'account.tab.documents': 'Dokumente',
  'account.name': 'Name',
  'account.email': 'E-Mail',
  'account.location': 'Wohnort',
  'account.joinedAt': 'Mitglied seit',
  'account.status': 'Status',
  'account.level': 'Stufe',
  'account.pin': 'PIN',
  'account.info.lead':
    'Ihre bei uns hinterlegten Daten. Sie müssen mit Ihren Ausweisdokumenten übereinstimmen.',
  'account.password.lead':
    'Wählen Sie ein Passwort mit mindestens 8 Zeichen, das Sie nirgendwo sonst verwenden.',
  'account.documents.lead':
    'Um Ihr Konto zu verifizieren, laden Sie einen Reisepass oder Personalausweis, einen Adressnachweis und einen Zahlungsnachweis hoch.',
  'document.passport': 'Reisepass oder Personalausweis',
  'document.address': 'Adressnachweis',
  'document.fundingFront': 'Zahlungsnachweis (Vorderseite)',
  'document.fundingBack': 'Zahlungsnachweis (Rückseite)',
  'document.status.waiting': 'Ausstehend',
  'document.status.processing': 'In Bearbeitung',
  'document.status.approved': 'Bestätigt',
  'document.status.rejected': 'Abgelehnt',
  'account.info.personal': 'Persönliche Angaben',
  'account.info.address': 'Adresse',
  'account.info.emailFixed':
    'Ihre E-Mail-Adresse identifiziert Ihr Konto. Um sie zu ändern, wenden Sie sich bitte an den Support.',
  'account.fillDetails.link': 'Profil vervollständigen',
  'account.password.submit': 'Passwort ändern',
  'account.password.changed': 'Ihr Passwort wurde geändert.',
  'account.autoTrading': 'Automatisches Trading',
  'account.autoTrading.hint':
    'Wenn aktiviert, kann der automatische Handel Positionen in Ihrem Konto eröffnen und schließen.',
  'account.autoTrading.later':
    'Die automatische Strategie folgt in einer späteren Version. Bis dahin speichert dieser Schalter nur Ihre Wahl: Es werden keine Trades für Sie ausgeführt.',
  'account.autoTrading.enabled': 'Automatisches Trading ist aktiviert.',
  'account.autoTrading.disabled': 'Automatisches Trading ist deaktiviert.',
  'document.chooseFile': 'Datei zum Hochladen wählen',
  'document.file': 'Datei',
  'document.upload': 'Hochladen',
  'document.passportHint':
    'Ein gut lesbares Foto oder ein Scan Ihres gültigen Reisepasses oder Personalausweises, alle vier Ecken sichtbar.',
  'document.fundingFrontHint':
    'Die Vorderseite der Karte, mit der Sie einzahlen. Verdecken Sie alle Ziffern außer den ersten 6 und den letzten 4.',
  'document.fundingBackHint':
    'Die Rückseite derselben Karte. Verdecken Sie den dreistelligen Sicherheitscode (CVV).',
  'document.rejectedNote': 'Grund: {{note}}',
  'document.rejectedNoNote': 'Dieses Dokument wurde nicht akzeptiert. Bitte laden Sie eine neue Datei hoch.',
  'document.processingHint': 'Erhalten. Wir prüfen dieses Dokument.',
  'document.processingSince': 'Erhalten am {{date}}. Wir prüfen dieses Dokument.',
  'document.approvedHint': 'Geprüft und bestätigt.',
  'document.tooLarge': 'Die Datei ist zu groß: höchstens 2 MB',
};

import type { MessageKey } from '@openbroker/domain';

/** Texts of the back office's staff management. */
export const BO_STAFF_EN = {
  'bo.staffCred.col.lastSignIn': 'Last sign-in',
  'bo.staffCred.never': 'Never',
  'bo.staffCred.mustChange': 'Must change password',
  'bo.staffCred.lockedUntil': 'Second factor locked until {{time}}',
  'bo.staffCred.allowListCount': 'Allowed addresses: {{count}}',
  'bo.staffCred.allowList.label': 'Allowed sign-in addresses',
  'bo.staffCred.allowList.hint':
    'One IPv4 or IPv6 address or network (CIDR, e.g. 203.0.113.0/24) per line. Empty: any address.',
  'bo.staffCred.allowList.invalid':
    '“{{entry}}” is not an address or network. Use e.g. 203.0.113.7 or 203.0.113.0/24.',
  'bo.staffCred.reset.action': 'Reset password',
  'bo.staffCred.reset.title': 'Reset password',
  'bo.staffCred.reset.note':
    'A temporary password is created and shown to you once. Their sessions end, and at their next sign-in they must choose a new password.',
  'bo.staffCred.reset.password': 'Temporary password',
  'bo.staffCred.reset.once':
    'Shown only now. Give it to the member through a safe channel; they must change it at their next sign-in.',
  'bo.staffCred.unlock.action': 'Unlock second factor',
  'bo.staffCred.unlock.title': 'Unlock two-factor sign-in?',
  'bo.staffCred.unlock.note':
    'The second factor was locked after several wrong codes. Unlock it only when you know the member made them.',
  'bo.staffCred.unlock.done': 'Two-factor sign-in unlocked.',
  'bo.staffCred.idle.title': 'Idle limits per role',
  'bo.staffCred.idle.lead':
    'After this many minutes without keyboard, mouse or touch input, a session ends, even on a screen that keeps receiving live data. A member with several roles gets the shortest limit. New sessions follow a change.',
  'bo.staffCred.idle.minutes': 'Limit',
  'bo.staffCred.idle.default': 'Default (min)',
  'bo.staffCred.idle.unit': 'min',
  'bo.staffCred.idle.inputLabel': 'Idle limit of the role {{role}} in minutes',
  'bo.staffCred.idle.saved': 'Idle limits saved.',
} as const;

/** German: complete by type, a key missing here is a compile error. */
export const BO_STAFF_DE: Record<keyof typeof BO_STAFF_EN, string> & Partial<Record<MessageKey, string>> = {
  'bo.staffCred.col.lastSignIn': 'Letzte Anmeldung',
  'bo.staffCred.never': 'Nie',
  'bo.staffCred.mustChange': 'Muss Passwort ändern',
  'bo.staffCred.lockedUntil': 'Zweiter Faktor gesperrt bis {{time}}',
  'bo.staffCred.allowListCount': 'Erlaubte Adressen: {{count}}',
  'bo.staffCred.allowList.label': 'Erlaubte Anmeldeadressen',
  'bo.staffCred.allowList.hint':
    'Eine IPv4- oder IPv6-Adresse oder ein Netz (CIDR, z. B. 203.0.113.0/24) pro Zeile. Leer: jede Adresse.',
  'bo.staffCred.allowList.invalid':
    '„{{entry}}“ ist keine Adresse und kein Netz. Verwenden Sie z. B. 203.0.113.7 oder 203.0.113.0/24.',
  'bo.staffCred.reset.action': 'Passwort zurücksetzen',
  'bo.staffCred.reset.title': 'Passwort zurücksetzen',
  'bo.staffCred.reset.note':
    'Ein vorläufiges Passwort wird erstellt und Ihnen einmal angezeigt. Die Sitzungen des Mitglieds enden, und bei der nächsten Anmeldung muss es ein neues Passwort wählen.',
  'bo.staffCred.reset.password': 'Vorläufiges Passwort',
  'bo.staffCred.reset.once':
    'Nur jetzt sichtbar. Geben Sie es auf sicherem Weg weiter; es muss bei der nächsten Anmeldung geändert werden.',
  'bo.staffCred.unlock.action': 'Zweiten Faktor entsperren',
  'bo.staffCred.unlock.title': 'Zwei-Faktor-Anmeldung entsperren?',
  'bo.staffCred.unlock.note':
    'Der zweite Faktor wurde nach mehreren falschen Codes gesperrt. Entsperren Sie ihn nur, wenn Sie wissen, dass das Mitglied sie eingegeben hat.',
  'bo.staffCred.unlock.done': 'Zwei-Faktor-Anmeldung entsperrt.',
  'bo.staffCred.idle.title': 'Inaktivitätsgrenzen je Rolle',
  'bo.staffCred.idle.lead':
    'Nach so vielen Minuten ohne Tastatur-, Maus- oder Touch-Eingabe endet eine Sitzung, auch auf einem Bildschirm, der laufend Live-Daten erhält. Ein Mitglied mit mehreren Rollen erhält die kürzeste Grenze. Neue Sitzungen folgen einer Änderung.',
  'bo.staffCred.idle.minutes': 'Grenze',
  'bo.staffCred.idle.default': 'Standard (Min.)',
  'bo.staffCred.idle.unit': 'Min.',
  'bo.staffCred.idle.inputLabel': 'Inaktivitätsgrenze der Rolle {{role}} in Minuten',
  'bo.staffCred.idle.saved': 'Inaktivitätsgrenzen gespeichert.',
  // the server's refusals of this area
  'staff.passwordWeak':
    'Wählen Sie mindestens 12 Zeichen mit Buchstaben und mindestens einer Ziffer oder einem Zeichen; eine Passphrase eignet sich gut.',
  'staff.passwordUnchanged': 'Das neue Passwort muss sich vom aktuellen unterscheiden.',
  'staff.passwordChangeRequired':
    'Ihr Passwort wurde von einem Administrator zurückgesetzt. Wählen Sie ein neues Passwort, bevor Sie fortfahren.',
  'staff.addressNotAllowed':
    'Die Anmeldung von dieser Netzwerkadresse ({{ip}}) ist für Ihr Konto nicht erlaubt. Bitten Sie einen Administrator, sie zu Ihren erlaubten Adressen hinzuzufügen.',
  'staff.secondFactorLocked':
    'Die Zwei-Faktor-Anmeldung ist nach zu vielen falschen Codes gesperrt. Versuchen Sie es in {{minutes}} Min. erneut oder bitten Sie einen Administrator, sie zu entsperren.',
  'staff.allowListInvalid':
    'Geben Sie IPv4- oder IPv6-Adressen oder Netze wie 203.0.113.0/24 ein, eine pro Zeile.',
  'staff.allowListTooLong': 'Eine Liste erlaubter Adressen fasst höchstens 50 Einträge.',
  'staff.disableReasonRequired':
    'Geben Sie an, warum dieses Mitglied deaktiviert wird; der Grund wird im Audit-Log festgehalten.',
  'staff.idleMinutesRange': 'Geben Sie ganze Minuten von 1 bis 240 ein.',
  'staff.idleLimitsAllBrands': 'Nur ein Administrator für alle Marken kann die Inaktivitätsgrenzen ändern.',
};

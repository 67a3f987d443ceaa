/**
 * The trading accounts' refusals in German, Spanish and Italian, apart from the English catalogue: the web app loads
 * them with the account switcher and the demo page, so they never weigh on the public home page.
 */
import type { AccountTransfersKey as Key } from './messages-account-transfers.js';

export const ACCOUNT_TRANSFERS_MESSAGES_DE: Record<Key, string> = {
  'accounts.currencyNotOffered': 'Live-Konten in {{currency}} werden nicht angeboten',
  'accounts.demoCurrencyNotOffered': 'Demokonten in {{currency}} werden nicht angeboten',
  'accounts.tooManyLive': 'Sie können höchstens {{max}} Live-Konten haben',
  'accounts.tooManyDemo': 'Sie können höchstens {{max}} Demokonten haben',
  'accounts.notDemo': 'Nur ein Demokonto kann zurückgesetzt werden',
  'accounts.profileRequired': 'Vervollständigen Sie Ihr Profil, bevor Sie ein Live-Konto eröffnen',
  'accounts.resetFailed': 'Das Demokonto konnte nicht zurückgesetzt werden. Bitte versuchen Sie es erneut.',
  'transfers.amountInvalid': 'Geben Sie einen Betrag wie 1000 oder 1000.50 ein',
  'transfers.amountDecimals': 'Höchstens 2 Nachkommastellen',
  'transfers.amountPositive': 'Der Betrag muss über 0 liegen',
  'transfers.amountHuge': 'Ein Übertrag kann höchstens {{max}} bewegen',
  'transfers.sameAccount': 'Wählen Sie zwei verschiedene Konten',
  'transfers.demoAccount': 'Überträge gibt es nur zwischen Live-Konten',
  'transfers.noFreeMargin': 'Dieses Konto hat keine freie Margin zum Übertragen',
  'transfers.aboveFreeMargin': 'Sie können höchstens {{max}} übertragen',
  'transfers.creditZero': 'Dieser Betrag ergibt umgerechnet weniger als 0.01: übertragen Sie mehr',
  'transfers.noRate': 'Für {{pair}} gibt es gerade keinen Kurs. Versuchen Sie es, wenn er gehandelt wird.',
  'transfers.noPair': 'Überträge zwischen {{from}} und {{to}} werden nicht angeboten',
  'transfers.marketClosed': 'Der Markt {{pair}} ist geschlossen. Er öffnet {{time}} (UTC).',
  'transfers.marketClosedNoTime': 'Der Markt {{pair}} ist geschlossen.',
  'transfers.failed':
    'Der Übertrag konnte nicht gebucht werden; es wurde nichts bewegt. Bitte versuchen Sie es erneut.',
  'transfers.requote':
    'Der Kurs hat sich auf {{rate}} bewegt: Sie würden {{credit}} erhalten. Bestätigen Sie erneut, um zu diesem Kurs zu übertragen.',
  'demo.disabled': 'Demokonten werden hier nicht angeboten',
};

export const ACCOUNT_TRANSFERS_MESSAGES_ES: Record<Key, string> = {
  'accounts.currencyNotOffered': 'No se ofrecen cuentas reales en {{currency}}',
  'accounts.demoCurrencyNotOffered': 'No se ofrecen cuentas demo en {{currency}}',
  'accounts.tooManyLive': 'Puede tener como máximo {{max}} cuentas reales',
  'accounts.tooManyDemo': 'Puede tener como máximo {{max}} cuentas demo',
  'accounts.notDemo': 'Solo se puede restablecer una cuenta demo',
  'accounts.profileRequired': 'Complete su perfil antes de abrir una cuenta real',
  'accounts.resetFailed': 'No se pudo restablecer la cuenta demo. Inténtelo de nuevo.',
  'transfers.amountInvalid': 'Introduzca un importe como 1000 o 1000.50',
  'transfers.amountDecimals': 'Use como máximo 2 decimales',
  'transfers.amountPositive': 'El importe debe ser mayor que 0',
  'transfers.amountHuge': 'Una transferencia puede mover como máximo {{max}}',
  'transfers.sameAccount': 'Elija dos cuentas distintas',
  'transfers.demoAccount': 'Las transferencias son solo entre cuentas reales',
  'transfers.noFreeMargin': 'Esta cuenta no tiene margen libre para transferir',
  'transfers.aboveFreeMargin': 'Puede transferir como máximo {{max}}',
  'transfers.creditZero': 'Este importe convertido es menos de 0.01: transfiera más',
  'transfers.noRate': 'No hay precio para {{pair}} ahora. Inténtelo cuando cotice.',
  'transfers.noPair': 'No se ofrecen transferencias entre {{from}} y {{to}}',
  'transfers.marketClosed': 'El mercado {{pair}} está cerrado. Abre {{time}} (UTC).',
  'transfers.marketClosedNoTime': 'El mercado {{pair}} está cerrado.',
  'transfers.failed': 'No se pudo registrar la transferencia; no se movió nada. Inténtelo de nuevo.',
  'transfers.requote':
    'El tipo ha cambiado a {{rate}}: recibiría {{credit}}. Confirme de nuevo para transferir a este tipo.',
  'demo.disabled': 'Aquí no se ofrecen cuentas demo',
};

export const ACCOUNT_TRANSFERS_MESSAGES_IT: Record<Key, string> = {
  'accounts.currencyNotOffered': 'Non sono offerti conti reali in {{currency}}',
  'accounts.demoCurrencyNotOffered': 'Non sono offerti conti demo in {{currency}}',
  'accounts.tooManyLive': 'Puoi avere al massimo {{max}} conti reali',
  'accounts.tooManyDemo': 'Puoi avere al massimo {{max}} conti demo',
  'accounts.notDemo': 'Solo un conto demo può essere azzerato',
  'accounts.profileRequired': 'Completa il tuo profilo prima di aprire un conto reale',
  'accounts.resetFailed': 'Non è stato possibile azzerare il conto demo. Riprova.',
  'transfers.amountInvalid': 'Inserisci un importo come 1000 o 1000.50',
  'transfers.amountDecimals': 'Usa al massimo 2 decimali',
  'transfers.amountPositive': "L'importo deve essere maggiore di 0",
  'transfers.amountHuge': 'Un trasferimento può spostare al massimo {{max}}',
  'transfers.sameAccount': 'Scegli due conti diversi',
  'transfers.demoAccount': 'I trasferimenti sono solo tra conti reali',
  'transfers.noFreeMargin': 'Questo conto non ha margine libero da trasferire',
  'transfers.aboveFreeMargin': 'Puoi trasferire al massimo {{max}}',
  'transfers.creditZero': 'Convertito, questo importo è meno di 0.01: trasferisci di più',
  'transfers.noRate': 'Non c’è un prezzo per {{pair}} ora. Riprova quando è quotato.',
  'transfers.noPair': 'Non sono offerti trasferimenti tra {{from}} e {{to}}',
  'transfers.marketClosed': 'Il mercato {{pair}} è chiuso. Apre {{time}} (UTC).',
  'transfers.marketClosedNoTime': 'Il mercato {{pair}} è chiuso.',
  'transfers.failed': 'Non è stato possibile registrare il trasferimento; nulla è stato spostato. Riprova.',
  'transfers.requote':
    'Il cambio è passato a {{rate}}: riceveresti {{credit}}. Conferma di nuovo per trasferire a questo cambio.',
  'demo.disabled': 'Qui non sono offerti conti demo',
};

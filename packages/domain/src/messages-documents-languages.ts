/** A document's details and expiry in German, Spanish and Italian (English: messages-documents.ts). */
import type { DocumentDetailsMessageKey as Key } from './messages-documents.js';

export const DOCUMENT_DETAILS_MESSAGES_DE: Record<Key, string> = {
  'document.numberInvalid': 'Geben Sie die Dokumentnummer wie gedruckt ein: 4 bis 30 Buchstaben oder Ziffern',
  'document.countryUnknown': 'Wählen Sie das ausstellende Land aus der Liste',
  'document.expiryInvalid': 'Geben Sie das Ablaufdatum als gültiges Datum ein (JJJJ-MM-TT)',
  'document.expiryAbsurd': 'Dieses Ablaufdatum kann nicht stimmen: Prüfen Sie das Jahr',
  'document.detailsRequired': 'Geben Sie Dokumentnummer, ausstellendes Land und Ablaufdatum ein',
  'document.number': 'Dokumentnummer',
  'document.issuingCountry': 'Ausstellendes Land',
  'document.expiresOn': 'Ablaufdatum',
  'document.expiresOnValue': 'Gültig bis {{date}}',
  'document.expiringSoon': 'Dieses Dokument läuft am {{date}} ab. Bitte laden Sie vorher ein neues hoch.',
  'document.expiredUpload':
    'Dieses Dokument ist am {{date}} abgelaufen. Bitte laden Sie ein gültiges hoch; ab {{blockDate}} sind Einzahlungen und Handel gestoppt, bis es genehmigt ist.',
  'document.expiredNow': 'Dieses Dokument ist am {{date}} abgelaufen. Bitte laden Sie ein gültiges hoch.',
  'document.newUploadPending': 'Danke: Ihr neues Dokument wird geprüft.',
  'document.expiryMail.subject': 'Ihr Dokument ({{document}}) läuft am {{date}} ab',
  'document.expiryMail.body':
    'Ihr bei {{brand}} hinterlegtes Dokument ({{document}}) läuft am {{date}} ab. Bitte laden Sie vorher in Ihrem Konto ein gültiges Dokument hoch, damit Ihr Konto uneingeschränkt nutzbar bleibt.',
  'document.expiredMail.subject': 'Ihr Dokument ({{document}}) ist abgelaufen',
  'document.expiredMail.body':
    'Ihr bei {{brand}} hinterlegtes Dokument ({{document}}) ist am {{date}} abgelaufen. Bitte laden Sie in Ihrem Konto ein gültiges Dokument hoch: ab {{blockDate}} sind Einzahlungen und Handel gestoppt, bis es genehmigt ist.',
  'document.mailLink': 'Meine Dokumente öffnen',
};

export const DOCUMENT_DETAILS_MESSAGES_ES: Record<Key, string> = {
  'document.numberInvalid': 'Introduzca el número del documento tal como aparece: de 4 a 30 letras o cifras',
  'document.countryUnknown': 'Elija el país emisor de la lista',
  'document.expiryInvalid': 'Introduzca la fecha de caducidad como una fecha real (AAAA-MM-DD)',
  'document.expiryAbsurd': 'Esta fecha de caducidad no puede ser correcta: revise el año',
  'document.detailsRequired': 'Introduzca el número del documento, el país emisor y la fecha de caducidad',
  'document.number': 'Número del documento',
  'document.issuingCountry': 'País emisor',
  'document.expiresOn': 'Fecha de caducidad',
  'document.expiresOnValue': 'Válido hasta el {{date}}',
  'document.expiringSoon': 'Este documento caduca el {{date}}. Suba uno nuevo antes de esa fecha.',
  'document.expiredUpload':
    'Este documento caducó el {{date}}. Suba uno válido; desde el {{blockDate}} los depósitos y las operaciones se detienen hasta que se apruebe.',
  'document.expiredNow': 'Este documento caducó el {{date}}. Suba uno válido.',
  'document.newUploadPending': 'Gracias: estamos revisando su nuevo documento.',
  'document.expiryMail.subject': 'Su documento ({{document}}) caduca el {{date}}',
  'document.expiryMail.body':
    'Su documento ({{document}}) registrado en {{brand}} caduca el {{date}}. Suba un documento válido en su cuenta antes de esa fecha para que su cuenta siga plenamente operativa.',
  'document.expiredMail.subject': 'Su documento ({{document}}) ha caducado',
  'document.expiredMail.body':
    'Su documento ({{document}}) registrado en {{brand}} caducó el {{date}}. Suba un documento válido en su cuenta: desde el {{blockDate}} los depósitos y las operaciones se detienen hasta que se apruebe.',
  'document.mailLink': 'Abrir mis documentos',
};

export const DOCUMENT_DETAILS_MESSAGES_IT: Record<Key, string> = {
  'document.numberInvalid': 'Inserisca il numero del documento come stampato: da 4 a 30 lettere o cifre',
  'document.countryUnknown': "Scelga il paese di rilascio dall'elenco",
  'document.expiryInvalid': 'Inserisca la data di scadenza come data reale (AAAA-MM-GG)',
  'document.expiryAbsurd': "Questa data di scadenza non può essere giusta: controlli l'anno",
  'document.detailsRequired': 'Inserisca numero del documento, paese di rilascio e data di scadenza',
  'document.number': 'Numero del documento',
  'document.issuingCountry': 'Paese di rilascio',
  'document.expiresOn': 'Data di scadenza',
  'document.expiresOnValue': 'Valido fino al {{date}}',
  'document.expiringSoon': 'Questo documento scade il {{date}}. Ne carichi uno nuovo prima di allora.',
  'document.expiredUpload':
    'Questo documento è scaduto il {{date}}. Ne carichi uno valido; dal {{blockDate}} depositi e trading sono bloccati finché non viene approvato.',
  'document.expiredNow': 'Questo documento è scaduto il {{date}}. Ne carichi uno valido.',
  'document.newUploadPending': 'Grazie: stiamo verificando il suo nuovo documento.',
  'document.expiryMail.subject': 'Il suo documento ({{document}}) scade il {{date}}',
  'document.expiryMail.body':
    'Il suo documento ({{document}}) registrato presso {{brand}} scade il {{date}}. Carichi un documento valido nel suo conto prima di allora, così il conto resta pienamente utilizzabile.',
  'document.expiredMail.subject': 'Il suo documento ({{document}}) è scaduto',
  'document.expiredMail.body':
    'Il suo documento ({{document}}) registrato presso {{brand}} è scaduto il {{date}}. Carichi un documento valido nel suo conto: dal {{blockDate}} depositi e trading sono bloccati finché non viene approvato.',
  'document.mailLink': 'Apri i miei documenti',
};

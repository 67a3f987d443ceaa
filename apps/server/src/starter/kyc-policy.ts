import { bullets, type PageModule, paragraphs as p } from './components.js';
import { legalPage } from './legal.js';

/** Know-your-customer policy (slug `kyc-policy`): the documents the client area asks for. */
export const kycPage: PageModule = (ctx, lang) => {
  const { facts } = ctx;
  if (lang === 'de') {
    return legalPage(ctx, lang, {
      slug: 'kyc-policy',
      title: 'KYC-Richtlinie',
      description: `Welche Dokumente ${facts.name} zur Verifizierung Ihres Kontos benötigt.`,
      intro: p(
        'Bevor wir Auszahlungen vornehmen, müssen wir wissen, wer Sie sind und wo Sie wohnen. Laden Sie die Dokumente im Kundenbereich unter „Mein Konto“ › „Dokumente“ hoch.',
      ),
      sections: [
        [
          'Identitätsnachweis',
          p(
            'Ein gültiger Reisepass oder Personalausweis (Vorder- und Rückseite). Alle vier Ecken müssen sichtbar und der Text gut lesbar sein.',
          ),
        ],
        [
          'Adressnachweis',
          p(
            'Eine Rechnung eines Versorgers, ein Kontoauszug oder ein amtliches Schreiben, nicht älter als 3 Monate, mit Ihrem Namen und Ihrer Adresse. Mobilfunkrechnungen werden nicht akzeptiert.',
          ),
        ],
        [
          'Zahlungsnachweis',
          p(
            'Bei Karteneinzahlungen ein Foto der Vorder- und Rückseite der Karte. Verdecken Sie die mittleren acht Ziffern und den Sicherheitscode.',
          ),
        ],
        ['Dateiformate', bullets('jpg, jpeg oder pdf', 'höchstens 2 MB pro Datei', 'farbig und vollständig')],
        [
          'Prüfung',
          p(
            'Wir prüfen Dokumente in der Regel innerhalb eines Werktags. Den Status sehen Sie im Kundenbereich: In Bearbeitung, Genehmigt oder Abgelehnt mit Begründung.',
          ),
        ],
      ],
    });
  }
  if (lang !== 'en') return undefined;
  return legalPage(ctx, lang, {
    slug: 'kyc-policy',
    title: 'KYC policy',
    description: `Which documents ${facts.name} needs to verify your account.`,
    intro: p(
      'Before we pay out, we need to know who you are and where you live. Upload the documents in the client area under My account › Documents.',
    ),
    sections: [
      [
        'Proof of identity',
        p(
          'A valid passport or national identity card (front and back). All four corners must be visible and the text easy to read.',
        ),
      ],
      [
        'Proof of address',
        p(
          'A utility bill, bank statement or official letter dated within the past 3 months, showing your name and address. Mobile phone bills are not accepted.',
        ),
      ],
      [
        'Proof of payment',
        p(
          'For card deposits, a photo of the front and back of the card. Cover the middle eight digits and the security code.',
        ),
      ],
      ['File formats', bullets('jpg, jpeg or pdf', 'at most 2 MB per file', 'in colour and complete')],
      [
        'Review',
        p(
          'We usually review documents within one business day. The client area shows their status: Processing, Approved, or Rejected with the reason.',
        ),
      ],
    ],
  });
};

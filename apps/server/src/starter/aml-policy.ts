import { bullets, type PageModule, paragraphs as p } from './components.js';
import { legalPage } from './legal.js';

/** Anti-money-laundering policy (slug `aml-policy`). */
export const amlPage: PageModule = (ctx, lang) => {
  const { facts } = ctx;
  if (lang === 'de') {
    return legalPage(ctx, lang, {
      slug: 'aml-policy',
      title: 'Richtlinie zur Geldwäscheprävention',
      description: `Wie ${facts.legalName} Geldwäsche und Terrorismusfinanzierung verhindert.`,
      intro: p(
        `${facts.legalName} verpflichtet sich, Geldwäsche und Terrorismusfinanzierung zu verhindern, und hält die geltenden europäischen Geldwäscherichtlinien ein.`,
      ),
      sections: [
        [
          'Sorgfaltspflichten',
          p(
            'Wir identifizieren jeden Kunden vor der ersten Auszahlung und überprüfen die Angaben anhand unabhängiger Dokumente. Bei erhöhtem Risiko wenden wir verstärkte Sorgfaltspflichten an.',
          ),
        ],
        [
          'Herkunft der Mittel',
          p(
            'Wir können Nachweise über die Herkunft eingezahlter Gelder verlangen, zum Beispiel Gehaltsabrechnungen, Kontoauszüge oder Verkaufsverträge.',
          ),
        ],
        [
          'Zahlungen',
          bullets(
            'Einzahlungen nur von Konten und Karten, die auf Ihren Namen lauten',
            'keine Bargeldeinzahlungen',
            'Auszahlungen nur an den Kontoinhaber und grundsätzlich auf dem Weg der Einzahlung',
          ),
        ],
        [
          'Überwachung',
          p(
            'Transaktionen werden laufend überwacht. Ungewöhnliche Muster prüfen wir und melden Verdachtsfälle den zuständigen Behörden, ohne den Kunden darüber zu informieren.',
          ),
        ],
        [
          'Aufbewahrung',
          p(
            'Identifikations- und Transaktionsunterlagen bewahren wir mindestens fünf Jahre nach Ende der Geschäftsbeziehung auf.',
          ),
        ],
        [
          'Schulung',
          p(
            'Alle Mitarbeiter werden jährlich zu Geldwäscheprävention geschult. Ein Geldwäschebeauftragter überwacht die Einhaltung dieser Richtlinie.',
          ),
        ],
      ],
    });
  }
  if (lang !== 'en') return undefined;
  return legalPage(ctx, lang, {
    slug: 'aml-policy',
    title: 'Anti-money-laundering policy',
    description: `How ${facts.legalName} prevents money laundering and terrorist financing.`,
    intro: p(
      `${facts.legalName} is committed to preventing money laundering and terrorist financing and follows the applicable European anti-money-laundering directives.`,
    ),
    sections: [
      [
        'Customer due diligence',
        p(
          'We identify every client before their first withdrawal and check the details against independent documents. Where the risk is higher we apply enhanced due diligence.',
        ),
      ],
      [
        'Source of funds',
        p(
          'We may ask for evidence of where deposited money comes from, such as payslips, bank statements or sale contracts.',
        ),
      ],
      [
        'Payments',
        bullets(
          'Deposits only from accounts and cards in your own name',
          'No cash deposits',
          'Withdrawals only to the account holder, as a rule by the method used to deposit',
        ),
      ],
      [
        'Monitoring',
        p(
          'Transactions are monitored continuously. We review unusual patterns and report suspicious activity to the authorities without informing the client.',
        ),
      ],
      [
        'Record keeping',
        p(
          'We keep identification and transaction records for at least five years after the business relationship ends.',
        ),
      ],
      [
        'Training',
        p(
          'Every employee receives anti-money-laundering training each year. A money laundering reporting officer oversees this policy.',
        ),
      ],
    ],
  });
};

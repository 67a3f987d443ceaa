import { bullets, type PageModule, paragraphs as p } from './components.js';
import { legalPage } from './legal.js';

/** Privacy policy (slug `privacy-policy`), GDPR-style. */
export const privacyPage: PageModule = (ctx, lang) => {
  const { facts } = ctx;
  if (lang === 'de') {
    return legalPage(ctx, lang, {
      slug: 'privacy-policy',
      title: 'Datenschutzerklärung',
      description: `Wie ${facts.legalName} personenbezogene Daten erhebt, nutzt und schützt.`,
      intro: p(
        `Verantwortlich für die Verarbeitung Ihrer Daten ist ${facts.legalName}, ${facts.address}. Wir verarbeiten personenbezogene Daten gemäß der Datenschutz-Grundverordnung (DSGVO).`,
      ),
      sections: [
        [
          'Welche Daten wir erheben',
          bullets(
            'Name, Geburtsdatum, Adresse, E-Mail-Adresse und Telefonnummer',
            'Ausweis- und Adressdokumente',
            'Zahlungs- und Handelsdaten',
            'technische Daten wie IP-Adresse und Browser',
          ),
        ],
        [
          'Wozu wir sie nutzen',
          p(
            'Zur Führung Ihres Kontos, zur Ausführung Ihrer Aufträge, zur Erfüllung gesetzlicher Pflichten (Geldwäscheprävention, Aufbewahrung) und zur Beantwortung Ihrer Anfragen.',
          ),
        ],
        [
          'Weitergabe',
          p(
            'Wir geben Daten nur an Zahlungsdienstleister, Banken, IT-Dienstleister unter Auftragsverarbeitung und an Behörden weiter, soweit dies gesetzlich vorgeschrieben ist. Wir verkaufen keine Daten.',
          ),
        ],
        [
          'Speicherdauer',
          p(
            'Wir speichern Daten, solange Ihr Konto besteht, und danach so lange, wie es die Aufbewahrungspflichten verlangen, in der Regel fünf Jahre.',
          ),
        ],
        [
          'Ihre Rechte',
          p(
            `Sie haben das Recht auf Auskunft, Berichtigung, Löschung, Einschränkung der Verarbeitung, Datenübertragbarkeit und Widerspruch. Schreiben Sie an ${facts.supportEmail}. Sie können sich außerdem bei einer Datenschutzaufsichtsbehörde beschweren.`,
          ),
        ],
        [
          'Sicherheit',
          p(
            'Verbindungen sind verschlüsselt, Passwörter werden nur als Hash gespeichert und hochgeladene Dokumente sind nur für Sie und unser Compliance-Team zugänglich.',
          ),
        ],
      ],
    });
  }
  if (lang !== 'en') return undefined;
  return legalPage(ctx, lang, {
    slug: 'privacy-policy',
    title: 'Privacy policy',
    description: `How ${facts.legalName} collects, uses and protects personal data.`,
    intro: p(
      `The controller of your data is ${facts.legalName}, ${facts.address}. We process personal data in line with the General Data Protection Regulation (GDPR).`,
    ),
    sections: [
      [
        'What we collect',
        bullets(
          'Name, date of birth, address, e-mail address and phone number',
          'Identity and address documents',
          'Payment and trading records',
          'Technical data such as IP address and browser',
        ),
      ],
      [
        'Why we use it',
        p(
          'To run your account, execute your orders, meet our legal duties (anti-money-laundering checks, record keeping) and answer your questions.',
        ),
      ],
      [
        'Who we share it with',
        p(
          'Only with payment providers, banks, IT providers acting on our instructions, and authorities where the law requires it. We never sell data.',
        ),
      ],
      [
        'How long we keep it',
        p(
          'For as long as your account is open, and afterwards for as long as record-keeping rules require, usually five years.',
        ),
      ],
      [
        'Your rights',
        p(
          `You have the right of access, rectification, erasure, restriction, data portability and objection. Write to ${facts.supportEmail}. You may also complain to a data protection authority.`,
        ),
      ],
      [
        'Security',
        p(
          'Connections are encrypted, passwords are stored only as hashes, and uploaded documents are accessible only to you and our compliance team.',
        ),
      ],
    ],
  });
};

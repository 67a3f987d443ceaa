import { bullets, type PageModule, paragraphs as p } from './components.js';
import { legalPage } from './legal.js';
import { licenceDe } from './site-chrome.js';

/** Terms and conditions (slug `terms-conditions`), linked from registration (spec §2). */
export const termsPage: PageModule = (ctx, lang) => {
  const { facts } = ctx;
  if (lang === 'de') {
    return legalPage(ctx, lang, {
      slug: 'terms-conditions',
      title: 'Allgemeine Geschäftsbedingungen',
      description: `Die Bedingungen, zu denen ${facts.legalName} Konten führt und CFD-Handel anbietet.`,
      intro: p(
        `Diese Allgemeinen Geschäftsbedingungen regeln die Geschäftsbeziehung zwischen Ihnen und ${facts.legalName} („wir“). Mit der Eröffnung eines Kontos erklären Sie sich mit ihnen einverstanden. Bitte lesen Sie sie sorgfältig.`,
      ),
      sections: [
        [
          'Unsere Leistungen',
          p(
            `Wir bieten die Ausführung von Differenzkontrakten (CFDs) auf Devisen, Aktien, Kryptowährungen, Rohstoffe und Indizes an. Wir erbringen keine Anlageberatung; alle Entscheidungen treffen Sie selbst. ${facts.legalName} ist eingetragen unter ${facts.registration} und verfügt über eine ${licenceDe(facts.licence)}.`,
          ),
        ],
        [
          'Kontoeröffnung und Verifizierung',
          p(
            'Sie müssen volljährig sein und wahrheitsgemäße Angaben machen. Vor der ersten Auszahlung verifizieren wir Ihre Identität und Adresse anhand von Dokumenten (siehe KYC-Richtlinie). Wir können Anträge ohne Angabe von Gründen ablehnen.',
          ),
        ],
        [
          'Einzahlungen und Auszahlungen',
          p(
            `Die Mindesteinzahlung beträgt ${ctx.currencySymbol}${ctx.minDeposit}. Auszahlungen erfolgen grundsätzlich auf dem Weg der Einzahlung und an den Kontoinhaber. Die Bearbeitung dauert in der Regel bis zu sieben Werktage.`,
          ),
        ],
        [
          'Handel, Margin und Hebel',
          p(
            'Jede Position bindet Margin. Fällt Ihr Eigenkapital auf {{stopOut}} % der eingesetzten Margin, schließen wir Positionen automatisch (Margin-Closeout). Die Hebel sind begrenzt: 1:{{leverage:EURUSD}} für wichtige Währungspaare, 1:{{leverage:US500}} für wichtige Indizes und Gold, 1:{{leverage:USOIL}} für andere Rohstoffe, 1:{{leverage:stocks}} für Aktien und 1:{{leverage:crypto}} für Kryptowährungen.',
          ),
        ],
        [
          'Kurse und Ausführung',
          p(
            'Orders werden zum aktuellen Kurs unserer Handelsserver ausgeführt. Weicht der Kurs bei Ausführung erheblich vom angezeigten ab, erhalten Sie eine neue Kursstellung. Bei offensichtlichen Fehlkursen behalten wir uns die Korrektur betroffener Geschäfte vor.',
          ),
        ],
        [
          'Schutz vor negativem Saldo',
          p(
            'Ihr Verlust ist auf das Guthaben Ihres Kontos begrenzt. Ein negativer Saldo wird von uns ausgeglichen.',
          ),
        ],
        [
          'Haftung',
          p(
            'Wir haften nicht für Verluste aus Marktbewegungen, aus Störungen außerhalb unseres Einflussbereichs oder aus der Nutzung Ihrer Zugangsdaten durch Dritte. Unsere Haftung für Vorsatz und grobe Fahrlässigkeit bleibt unberührt.',
          ),
        ],
        [
          'Kündigung',
          p(
            'Sie können Ihr Konto jederzeit schließen, indem Sie uns schreiben. Offene Positionen werden dabei zum Marktkurs geschlossen und das verbleibende Guthaben wird ausgezahlt.',
          ),
        ],
        [
          'Beschwerden und anwendbares Recht',
          p(
            `Beschwerden richten Sie bitte an ${facts.supportEmail}; wir antworten innerhalb von 15 Werktagen. Es gilt das Recht am Sitz der Gesellschaft (${facts.country}).`,
          ),
        ],
      ],
    });
  }
  if (lang !== 'en') return undefined;
  return legalPage(ctx, lang, {
    slug: 'terms-conditions',
    title: 'Terms and conditions',
    description: `The terms on which ${facts.legalName} keeps accounts and offers CFD trading.`,
    intro: p(
      `These terms and conditions govern the relationship between you and ${facts.legalName} ("we", "us"). By opening an account you accept them. Please read them carefully.`,
    ),
    sections: [
      [
        'Our services',
        p(
          `We execute contracts for difference (CFDs) on forex, shares, cryptocurrencies, commodities and indices. We do not give investment advice; every decision is yours. ${facts.legalName} is registered under ${facts.registration} and holds an ${facts.licence}.`,
        ),
      ],
      [
        'Opening and verifying your account',
        p(
          'You must be of legal age and give truthful information. Before your first withdrawal we verify your identity and address from documents (see our KYC policy). We may refuse an application without giving reasons.',
        ),
      ],
      [
        'Deposits and withdrawals',
        p(
          `The minimum deposit is ${ctx.currencySymbol}${ctx.minDeposit}. Withdrawals are paid back by the method used to deposit and only to the account holder. Processing usually takes up to seven business days.`,
        ),
      ],
      [
        'Trading, margin and leverage',
        p(
          'Every position ties up margin. If your equity falls to {{stopOut}}% of the margin in use, we close positions automatically (margin close-out). Leverage is limited to 1:{{leverage:EURUSD}} for major currency pairs, 1:{{leverage:US500}} for major indices and gold, 1:{{leverage:USOIL}} for other commodities, 1:{{leverage:stocks}} for shares and 1:{{leverage:crypto}} for cryptocurrencies.',
        ),
      ],
      [
        'Prices and execution',
        p(
          'Orders are filled at the current price of our trading servers. If the price has moved materially by the time of execution, you receive a requote. We may correct trades made at a manifestly wrong price.',
        ),
      ],
      [
        'Negative balance protection',
        p('Your loss is limited to the money in your account. We cover any negative balance.'),
      ],
      [
        'Liability',
        p(
          'We are not liable for losses caused by market movements, by events beyond our reasonable control, or by third parties using your login details. Our liability for wilful misconduct and gross negligence is not limited.',
        ),
      ],
      [
        'Closing your account',
        p(
          'You may close your account at any time by writing to us. Open positions are then closed at the market price and the remaining balance is paid out.',
        ),
      ],
      [
        'Complaints and governing law',
        p(
          `Please send complaints to ${facts.supportEmail}; we reply within 15 business days. The law of the country of our registered office (${facts.country}) applies.`,
        ),
      ],
      [
        'Risk warning',
        bullets(
          'CFDs are complex instruments and come with a high risk of losing money rapidly due to leverage.',
          'Past performance is not a reliable indicator of future results.',
          'Only trade with money you can afford to lose.',
        ),
      ],
    ],
  });
};

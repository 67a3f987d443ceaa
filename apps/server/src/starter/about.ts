import {
  button,
  card,
  customImage,
  divider,
  esc,
  grid,
  heading,
  img,
  map,
  type PageContext,
  type PageModule,
  type PageSeed,
  pageBanner,
  paragraphs,
  type SeedLang,
  section,
  subpages,
  text,
} from './components.js';
import { licenceDe } from './site-chrome.js';

/** About us (slug `about`) and its two subpages, `about/regulation` and `about/security`. */
export const aboutPages: PageModule = (ctx, lang) => {
  if (lang === 'it' || lang === 'es') return partialAbout(ctx, lang);
  const { facts } = ctx;
  const de = lang === 'de';
  const about: PageSeed = {
    slug: 'about',
    lang,
    title: de ? `Über ${facts.name}` : `About ${facts.name}`,
    description: de
      ? `${facts.name} ist ein Online-Broker für CFDs auf Devisen, Aktien, Krypto, Rohstoffe und Indizes mit Sitz in ${facts.city}.`
      : `${facts.name} is an online broker for CFDs on forex, stocks, crypto, commodities and indices, based in ${facts.city}.`,
    components: [
      pageBanner({
        title: de ? 'Über uns' : 'About us',
        summary: de ? facts.tagline.de : facts.tagline.en,
        image: img('illustrations/office.svg', de ? 'Unser Büro' : 'Our office', 720, 400),
        height: 'large',
      }),
      grid(
        [
          heading(de ? 'Wer wir sind' : 'Who we are', 'h2'),
          text(
            de
              ? paragraphs(
                  `${facts.name} wurde ${facts.founded} in ${facts.city} gegründet, mit einer einfachen Idee: Online-Trading sollte fair, verständlich und für jeden zugänglich sein, der seine Risiken kennt.`,
                  `Heute betreuen wir Kunden in über 40 Ländern. Unser Team aus Händlern, Entwicklern und Kundenbetreuern arbeitet daran, dass jede Order schnell ausgeführt wird und jede Frage eine klare Antwort bekommt.`,
                )
              : paragraphs(
                  `${facts.name} was founded in ${facts.city} in ${facts.founded} with a simple idea: online trading should be fair, understandable and open to anyone who understands the risks.`,
                  'Today we serve clients in more than 40 countries. Our team of dealers, engineers and account managers works to make sure every order is filled fast and every question gets a clear answer.',
                ),
          ),
        ],
        [
          customImage(
            img('illustrations/team.svg', de ? 'Unser Team' : 'Our team', 560, 380),
            de ? `Unser Team in ${facts.city}` : `Our team in ${facts.city}`,
          ),
        ],
      ),
      section(
        { background: 'muted', id: 'values' },
        heading(de ? 'Wofür wir stehen' : 'What we stand for', 'h2', 'center'),
        grid(
          ...(de ? VALUES_DE : VALUES_EN).map(([title, body, icon]) => [
            card({ title, text: body, card_image: img(`illustrations/${icon}`, title, 320, 200) }),
          ]),
        ),
      ),
      grid(
        [
          heading(de ? '2,4 Mrd. €' : '€2.4 bn', 'h3', 'center'),
          text(`<p>${de ? 'monatliches Handelsvolumen' : 'monthly trading volume'}</p>`),
        ],
        [
          heading('40+', 'h3', 'center'),
          text(`<p>${de ? 'Länder mit aktiven Kunden' : 'countries with active clients'}</p>`),
        ],
        [
          heading('112', 'h3', 'center'),
          text(`<p>${de ? 'handelbare Instrumente' : 'tradable instruments'}</p>`),
        ],
        [
          heading('24/5', 'h3', 'center'),
          text(`<p>${de ? 'mehrsprachiger Support' : 'multilingual support'}</p>`),
        ],
      ),
      divider(),
      subpages('about', de ? 'Mehr über uns' : 'More about us'),
      heading(de ? 'Unser Firmensitz' : 'Our registered office', 'h2'),
      text(
        `<p><strong>${esc(facts.legalName)}</strong><br>${esc(facts.address)}<br>${de ? 'Telefon' : 'Phone'}: ${esc(facts.phone)}<br>E-Mail: ${esc(facts.supportEmail)}</p>`,
      ),
      map(facts.lat, facts.lng, `${facts.legalName}, ${facts.address}`),
      button(de ? 'Kontakt aufnehmen' : 'Get in touch', '/contact-us'),
    ],
  };
  return [about, regulation(ctx, lang), security(ctx, lang)];
};

const VALUES_EN: [string, string, string][] = [
  [
    'Transparency',
    'Spreads, swaps and fees are published in full. No hidden mark-ups, no surprises on your statement.',
    'transparency.svg',
  ],
  [
    'Security',
    'Segregated client funds, encrypted connections and two-step checks for every withdrawal.',
    'security.svg',
  ],
  ['Education', 'Webinars, guides and a daily market brief for traders at every level.', 'education.svg'],
];

const VALUES_DE: [string, string, string][] = [
  [
    'Transparenz',
    'Spreads, Swaps und Gebühren sind vollständig veröffentlicht. Keine versteckten Aufschläge, keine Überraschungen auf dem Kontoauszug.',
    'transparency.svg',
  ],
  [
    'Sicherheit',
    'Getrennte Kundengelder, verschlüsselte Verbindungen und doppelte Prüfung jeder Auszahlung.',
    'security.svg',
  ],
  [
    'Weiterbildung',
    'Webinare, Leitfäden und ein täglicher Marktbericht für Trader jeder Erfahrungsstufe.',
    'education.svg',
  ],
];

function regulation(ctx: PageContext, lang: SeedLang): PageSeed {
  const { facts } = ctx;
  const de = lang === 'de';
  return {
    slug: 'about/regulation',
    lang,
    title: de ? 'Regulierung und Lizenz' : 'Regulation and licence',
    description: de
      ? `Wie ${facts.legalName} reguliert ist und wie Ihre Gelder geschützt werden.`
      : `How ${facts.legalName} is regulated and how your money is protected.`,
    components: [
      pageBanner({
        title: de ? 'Regulierung und Lizenz' : 'Regulation and licence',
        image: img('illustrations/legal.svg', '', 720, 400),
        height: 'small',
      }),
      text(
        de
          ? paragraphs(
              `${facts.legalName} ist eingetragen unter ${facts.registration} und verfügt über eine ${licenceDe(facts.licence)}.`,
              'Wir halten die europäischen Regeln für Privatkunden ein: Hebelgrenzen, Margin-Closeout bei 50 %, Schutz vor negativem Saldo und standardisierte Risikohinweise.',
              'Diese Website ist eine Demonstration; Lizenz- und Registernummern sind fiktiv.',
            )
          : paragraphs(
              `${facts.legalName} is registered under ${facts.registration} and holds an ${facts.licence}.`,
              'We follow the European rules for retail clients: leverage limits, a 50% margin close-out, negative balance protection and standardised risk warnings.',
              'This website is a demonstration; licence and register numbers are fictitious.',
            ),
      ),
      divider(),
      heading(de ? 'Weitere Dokumente' : 'Further documents', 'h3'),
      button(de ? 'Allgemeine Geschäftsbedingungen' : 'Terms and conditions', '/terms-conditions', 'link'),
    ],
  };
}

function security(ctx: PageContext, lang: SeedLang): PageSeed {
  const { facts } = ctx;
  const de = lang === 'de';
  return {
    slug: 'about/security',
    lang,
    title: de ? 'Sicherheit Ihrer Gelder' : 'Security of funds',
    description: de
      ? `Wie ${facts.name} Kundengelder und Daten schützt.`
      : `How ${facts.name} protects client money and data.`,
    components: [
      pageBanner({
        title: de ? 'Sicherheit Ihrer Gelder' : 'Security of funds',
        image: img('illustrations/security.svg', '', 720, 400),
        height: 'small',
      }),
      grid(
        [
          heading(de ? 'Getrennte Konten' : 'Segregated accounts', 'h4'),
          text(
            paragraphs(
              de
                ? 'Kundengelder werden auf getrennten Treuhandkonten gehalten und niemals für den Geschäftsbetrieb verwendet.'
                : 'Client money is held in segregated trust accounts and never used for company operations.',
            ),
          ),
        ],
        [
          heading(de ? 'Verschlüsselung' : 'Encryption', 'h4'),
          text(
            paragraphs(
              de
                ? 'Alle Verbindungen sind TLS-verschlüsselt; Passwörter werden mit Argon2id gespeichert.'
                : 'Every connection is TLS-encrypted; passwords are stored with Argon2id.',
            ),
          ),
        ],
      ),
    ],
  };
}

/** Italian and Spanish: the about page only, shorter (spec §1: partial, fallback en). */
function partialAbout(ctx: PageContext, lang: 'it' | 'es'): PageSeed {
  const { facts } = ctx;
  const it = lang === 'it';
  return {
    slug: 'about',
    lang,
    title: it ? `Chi siamo – ${facts.name}` : `Quiénes somos – ${facts.name}`,
    description: it
      ? `${facts.name} è un broker online di CFD con sede a ${facts.city}.`
      : `${facts.name} es un bróker online de CFD con sede en ${facts.city}.`,
    components: [
      pageBanner({
        title: it ? 'Chi siamo' : 'Quiénes somos',
        image: img('illustrations/office.svg', '', 720, 400),
        height: 'large',
      }),
      text(
        it
          ? paragraphs(
              `${facts.name} è stata fondata a ${facts.city} nel ${facts.founded}. Crediamo in un trading online equo, comprensibile e accessibile.`,
            )
          : paragraphs(
              `${facts.name} se fundó en ${facts.city} en ${facts.founded}. Creemos en un trading online justo, comprensible y accesible.`,
            ),
      ),
      map(facts.lat, facts.lng, `${facts.legalName}, ${facts.address}`),
      button(it ? 'Contattaci' : 'Contáctanos', '/contact-us'),
    ],
  };
}

import { esc, html, type PageModule, paragraphs as p } from './components.js';
import { legalPage } from './legal.js';

const table = (head: string[], rows: string[][]) =>
  html(
    `<table><thead><tr>${head.map((h) => `<th>${esc(h)}</th>`).join('')}</tr></thead><tbody>` +
      rows.map((r) => `<tr>${r.map((c) => `<td>${esc(c)}</td>`).join('')}</tr>`).join('') +
      '</tbody></table>',
  );

/** Cookie policy (slug `cookies-policy`): what the site stores in the browser and why. */
export const cookiesPage: PageModule = (ctx, lang) => {
  const { facts } = ctx;
  if (lang === 'de') {
    return legalPage(ctx, lang, {
      slug: 'cookies-policy',
      title: 'Cookie-Richtlinie',
      description: `Welche Cookies und lokalen Speicher ${facts.name} verwendet und wozu.`,
      intro: p(
        `Diese Richtlinie erklärt, welche Daten ${facts.name} in Ihrem Browser speichert. Wir verwenden keine Werbe-Cookies und geben keine Browserdaten an Werbenetzwerke weiter.`,
      ),
      sections: [
        [
          'Was sind Cookies?',
          p(
            'Cookies und lokaler Speicher sind kleine Datenmengen, die eine Website in Ihrem Browser ablegt, um sich zum Beispiel an Ihre Anmeldung oder Ihre Spracheinstellung zu erinnern.',
          ),
        ],
        [
          'Notwendige Speicherung',
          p(
            'Ohne diese Einträge funktioniert die Anmeldung nicht. Sie werden gelöscht, wenn Sie sich abmelden.',
          ),
        ],
        [
          'Einstellungen',
          p(
            'Wir merken uns Ihre Sprache, das helle oder dunkle Design und zwischengespeicherte Seiteninhalte, damit Seiten schneller laden.',
          ),
        ],
        [
          'Ihre Wahl',
          p(
            'Sie können gespeicherte Daten jederzeit in den Einstellungen Ihres Browsers löschen. Danach müssen Sie sich erneut anmelden und Ihre Einstellungen neu wählen.',
          ),
        ],
      ],
      extra: [
        table(
          ['Name', 'Zweck', 'Speicherdauer'],
          [
            ['ob.auth', 'Anmeldung im Kundenbereich', 'bis zur Abmeldung'],
            ['ob.theme', 'helles oder dunkles Design', 'bis zur Abmeldung'],
            ['ob.lang', 'gewählte Sprache', 'dauerhaft'],
            ['ob.page.*', 'zwischengespeicherte Seiteninhalte', 'dauerhaft, wird bei jedem Besuch erneuert'],
          ],
        ),
      ],
    });
  }
  if (lang !== 'en') return undefined;
  return legalPage(ctx, lang, {
    slug: 'cookies-policy',
    title: 'Cookie policy',
    description: `Which cookies and local storage ${facts.name} uses, and why.`,
    intro: p(
      `This policy explains what ${facts.name} stores in your browser. We use no advertising cookies and share no browser data with advertising networks.`,
    ),
    sections: [
      [
        'What are cookies?',
        p(
          'Cookies and local storage are small pieces of data a website keeps in your browser, for example to remember that you are logged in or which language you chose.',
        ),
      ],
      [
        'Strictly necessary storage',
        p('Logging in does not work without these entries. They are removed when you log out.'),
      ],
      [
        'Preferences',
        p('We remember your language, the light or dark theme and cached page content so pages load faster.'),
      ],
      [
        'Your choices',
        p(
          'You can delete stored data at any time in your browser settings. You will then need to log in again and choose your preferences again.',
        ),
      ],
    ],
    extra: [
      table(
        ['Name', 'Purpose', 'Kept for'],
        [
          ['ob.auth', 'Client area login', 'until you log out'],
          ['ob.theme', 'Light or dark theme', 'until you log out'],
          ['ob.lang', 'Chosen language', 'permanently'],
          ['ob.page.*', 'Cached page content', 'permanently, refreshed on every visit'],
        ],
      ),
    ],
  });
};

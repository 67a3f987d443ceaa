import {
  card,
  contactForm,
  esc,
  grid,
  heading,
  img,
  map,
  type PageModule,
  pageBanner,
  paragraphs,
  section,
  text,
} from './components.js';

/** Contact us (slug `contact-us`): the public contact form, ways to reach the desk, the office map. */
export const contactPage: PageModule = (ctx, lang) => {
  if (lang !== 'en' && lang !== 'de') return undefined;
  const { facts } = ctx;
  const de = lang === 'de';
  return {
    slug: 'contact-us',
    lang,
    title: de ? 'Kontakt' : 'Contact us',
    description: de
      ? `So erreichen Sie ${facts.name}: Kontaktformular, E-Mail, Telefon und Adresse.`
      : `How to reach ${facts.name}: contact form, e-mail, phone and address.`,
    components: [
      pageBanner({
        title: de ? 'Wir sind für Sie da' : 'We are here to help',
        summary: de
          ? 'Montag bis Freitag, 08:00–20:00 Uhr MEZ. Antwort in der Regel innerhalb eines Werktags.'
          : 'Monday to Friday, 08:00–20:00 CET. We usually answer within one business day.',
        image: img('illustrations/support.svg', '', 720, 400),
        height: 'small',
      }),
      grid(
        [contactForm(de ? 'Schreiben Sie uns' : 'Send us a message')],
        [
          section(
            { background: 'muted' },
            heading(de ? 'Direkter Kontakt' : 'Reach us directly', 'h3'),
            text(
              `<p>E-Mail: <a href="mailto:${esc(facts.supportEmail)}" rel="noopener noreferrer" target="_blank">${esc(facts.supportEmail)}</a><br>${de ? 'Telefon' : 'Phone'}: ${esc(facts.phone)}</p>` +
                `<p><strong>${esc(facts.legalName)}</strong><br>${esc(facts.address)}</p>`,
            ),
          ),
          card({
            title: de ? 'Bereits Kunde?' : 'Already a client?',
            text: de
              ? 'Melden Sie sich an und nutzen Sie das Kontaktformular im Kundenbereich, damit wir Ihr Konto sofort zuordnen können.'
              : 'Log in and use the contact form in the client area so we can find your account straight away.',
            link_text: de ? 'Anmelden' : 'Log in',
            link_url: '/login',
          }),
        ],
      ),
      heading(de ? 'So finden Sie uns' : 'Find us', 'h2'),
      map(facts.lat, facts.lng, `${facts.legalName}, ${facts.address}`),
      text(
        de
          ? paragraphs('Besuche nur nach Terminvereinbarung. Bitte bringen Sie einen Lichtbildausweis mit.')
          : paragraphs('Visits by appointment only. Please bring photo identification.'),
      ),
    ],
  };
};

import {
  bullets,
  button,
  card,
  esc,
  grid,
  heading,
  html,
  img,
  type PageModule,
  pageBanner,
  paragraphs,
  section,
  sectionDivider,
  text,
} from './components.js';

interface Level {
  name: string;
  deposit: number;
  perks: { en: string[]; de: string[] };
}

const LEVELS: Level[] = [
  {
    name: 'Basic',
    deposit: 250,
    perks: {
      en: ['Full platform access', 'E-mail support', 'Daily market brief'],
      de: ['Voller Plattformzugang', 'Support per E-Mail', 'Täglicher Marktbericht'],
    },
  },
  {
    name: 'Silver',
    deposit: 2500,
    perks: {
      en: ['Everything in Basic', 'Personal account manager', 'Weekly webinars'],
      de: ['Alles aus Basic', 'Persönlicher Kundenbetreuer', 'Wöchentliche Webinare'],
    },
  },
  {
    name: 'Gold',
    deposit: 10000,
    perks: {
      en: ['Everything in Silver', 'Priority withdrawals', 'Trading signals'],
      de: ['Alles aus Silver', 'Bevorzugte Auszahlungen', 'Handelssignale'],
    },
  },
  {
    name: 'Platinum',
    deposit: 50000,
    perks: {
      en: ['Everything in Gold', 'Senior market analyst', 'Invitations to private events'],
      de: ['Alles aus Gold', 'Senior-Marktanalyst', 'Einladungen zu exklusiven Events'],
    },
  },
];

/** Account levels (slug `account-levels`): four level cards, a comparison table and how to upgrade. */
export const accountLevelsPage: PageModule = (ctx, lang) => {
  if (lang !== 'en' && lang !== 'de') return undefined;
  const de = lang === 'de';
  const sym = ctx.currencySymbol;
  const money = (n: number) => `${sym}${n.toLocaleString(de ? 'de-DE' : 'en-GB')}`;
  const row = (cells: string[]) => `<tr>${cells.map((c) => `<td>${esc(c)}</td>`).join('')}</tr>`;
  return {
    slug: 'account-levels',
    lang,
    title: de ? 'Kontostufen' : 'Account levels',
    description: de
      ? `Vergleichen Sie die vier Kontostufen von ${ctx.facts.name}: Basic, Silver, Gold und Platinum.`
      : `Compare the four account levels of ${ctx.facts.name}: Basic, Silver, Gold and Platinum.`,
    components: [
      pageBanner({
        title: de ? 'Kontostufen' : 'Account levels',
        summary: de
          ? 'Je aktiver Sie handeln, desto mehr bieten wir Ihnen.'
          : 'The more you trade, the more we give back.',
        image: img('illustrations/levels.svg', '', 720, 400),
        height: 'small',
      }),
      // Prices are the same on every level: the figures are placeholders the content service fills
      // from the brand's trading settings when the page is served (site-figures.ts).
      text(
        de
          ? paragraphs(
              'Jedes Konto beginnt auf der Stufe Basic. Ihre Stufe richtet sich nach Ihren Gesamteinzahlungen und wird automatisch angepasst; Sie sehen sie jederzeit oben im Kundenbereich. Spreads, Kommissionen und Hebel sind auf jeder Stufe gleich: EUR/USD typischerweise {{spread:EURUSD}} Pips.',
            )
          : paragraphs(
              'Every account starts at Basic. Your level follows your total deposits and is upgraded automatically; you can always see it at the top of the client area. Spreads, commissions and leverage are the same on every level: EUR/USD typically {{spread:EURUSD}} pips.',
            ),
      ),
      grid(
        ...LEVELS.map((level) => [
          card({
            title: level.name,
            subtitle: de ? `ab ${money(level.deposit)}` : `from ${money(level.deposit)}`,
            text: `${de ? 'Spreads ab' : 'Spreads from'} {{spread:forex}} ${de ? 'Pips' : 'pips'}`,
            card_image: img(`illustrations/level-${level.name.toLowerCase()}.svg`, level.name, 320, 200),
            link_text: de ? 'Konto eröffnen' : 'Open account',
            link_url: ctx.features.registrationEnabled ? '/register' : '/contact-us',
          }),
          text(bullets(...(de ? level.perks.de : level.perks.en))),
        ]),
      ),
      sectionDivider(de ? 'Im Vergleich' : 'Side by side'),
      html(
        `<table><thead><tr><th>${de ? 'Stufe' : 'Level'}</th><th>${de ? 'Mindesteinzahlung' : 'Minimum deposit'}</th><th>${de ? 'EUR/USD-Spread' : 'EUR/USD spread'}</th><th>${de ? 'Max. Hebel (Devisen)' : 'Max. leverage (forex)'}</th></tr></thead><tbody>` +
          LEVELS.map((l) =>
            row([
              l.name,
              money(l.deposit),
              `{{spread:EURUSD}} ${de ? 'Pips' : 'pips'}`,
              '1:{{leverage:EURUSD}}',
            ]),
          ).join('') +
          '</tbody></table>',
      ),
      section(
        { background: 'muted' },
        heading(de ? 'Für professionelle Kunden' : 'For professional clients', 'h3'),
        text(
          de
            ? paragraphs(
                'Erfüllen Sie die Kriterien für professionelle Kunden, können Sie höhere Hebel beantragen. Dabei entfallen einige Schutzrechte für Privatkunden; wir beraten Sie gern.',
              )
            : paragraphs(
                'If you meet the criteria for professional clients you may apply for higher leverage. Some retail protections no longer apply; our team will walk you through it.',
              ),
        ),
        button(de ? 'Kontakt aufnehmen' : 'Contact us', '/contact-us', 'outline-primary'),
      ),
    ],
  };
};

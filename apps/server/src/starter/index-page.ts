import {
  bannerMedia,
  blogPosts,
  button,
  card,
  carousel,
  esc,
  grid,
  heading,
  hero,
  img,
  type PageModule,
  section,
  sectionDivider,
  text,
  video,
  widget,
} from './components.js';

/** The home page (slug `index`): hero, the brand's widgets, asset classes, platform, stories, posts. */
export const indexPage: PageModule = (ctx, lang) => {
  const { facts } = ctx;
  const t = TEXTS[lang];
  const widgets = ctx.widgets.map((type) => widget(type));
  // The ticker tape runs right under the hero; the larger widgets sit in their own section.
  const tape = widgets.filter((w) => (w.settings as { type?: string }).type === 'ticker-tape');
  const boards = widgets.filter((w) => (w.settings as { type?: string }).type !== 'ticker-tape');
  // Each brand leads with its own tagline where it is written (en, de); the partial languages keep
  // the shared headline in their own words.
  const ownTagline = lang === 'de' ? facts.tagline.de : lang === 'en' ? facts.tagline.en : undefined;
  const tagline = ownTagline ?? facts.tagline.en;
  return {
    slug: 'index',
    lang,
    title: t.title(facts.name),
    description: tagline,
    components: [
      hero({
        title: ownTagline ?? t.heroTitle,
        subtitle: ownTagline ? t.heroTitle : '',
        image: img('illustrations/hero-trading.svg', t.heroAlt, 720, 480),
        button_text: ctx.features.registrationEnabled ? t.openAccount : t.contactUs,
        button_url: ctx.features.registrationEnabled ? '/register' : '/contact-us',
      }),
      ...tape,
      section({ title: t.marketsTitle, id: 'markets' }, text(`<p>${esc(t.marketsIntro)}</p>`), ...boards),
      sectionDivider(t.assetsTitle),
      grid(
        ...t.assets.map(([title, body, file]) => [
          card({ title, text: body, card_image: img(`illustrations/${file}`, title, 320, 200) }),
        ]),
      ),
      section(
        { background: 'muted', id: 'why' },
        heading(t.whyTitle(facts.name), 'h2', 'center'),
        grid(...t.why.map(([title, body]) => [heading(title, 'h4'), text(`<p>${esc(body)}</p>`)])),
      ),
      bannerMedia({
        title: t.platformTitle,
        summary: t.platformSummary,
        image: img('illustrations/platform.svg', t.platformTitle, 720, 480),
        height: 'large',
        media_position: 'end',
      }),
      grid(
        [
          heading(t.tourTitle, 'h3'),
          text(`<p>${esc(t.tourBody)}</p>`),
          button(t.tryPlatform, '/platform/BTCUSD', 'outline-primary'),
        ],
        [
          video({
            // Rendered from tour/platform-tour.html by scripts/render-tour-video.mjs (VP9, 16 s).
            url: '/content/tour/platform-tour.webm',
            poster: img('illustrations/video-poster.svg', t.tourTitle, 960, 540),
            title: t.tourTitle,
          }),
        ],
      ),
      sectionDivider(t.storiesTitle),
      carousel(
        t.stories.map(([quote, who]) => ({
          value: { text: quote, summary: who, carousel_image: img('illustrations/quote.svg', '', 96, 96) },
        })),
      ),
      blogPosts(t.postsTitle, 3),
      section(
        { background: 'primary', id: 'start' },
        heading(t.ctaTitle, 'h2', 'center'),
        text(`<p>${esc(t.ctaBody(ctx.currencySymbol, ctx.minDeposit))}</p>`),
        button(
          ctx.features.registrationEnabled ? t.openAccount : t.contactUs,
          ctx.features.registrationEnabled ? '/register' : '/contact-us',
          'secondary',
        ),
      ),
    ],
  };
};

interface HomeTexts {
  title: (name: string) => string;
  /** The hero's lead under the brand's tagline; its title where the brand has no tagline in this language. */
  heroTitle: string;
  heroAlt: string;
  openAccount: string;
  contactUs: string;
  marketsTitle: string;
  marketsIntro: string;
  assetsTitle: string;
  assets: [string, string, string][];
  whyTitle: (name: string) => string;
  why: [string, string][];
  platformTitle: string;
  platformSummary: string;
  tourTitle: string;
  tourBody: string;
  tryPlatform: string;
  storiesTitle: string;
  stories: [string, string][];
  postsTitle: string;
  ctaTitle: string;
  ctaBody: (symbol: string, min: number) => string;
}

const EN: HomeTexts = {
  title: (name) => `${name} – Online trading in forex, stocks, crypto and more`,
  heroTitle: 'Forex, stocks, crypto, commodities and indices: trade the world’s markets from one account.',
  heroAlt: 'Price chart rising on a trading screen',
  openAccount: 'Open an account',
  contactUs: 'Talk to our team',
  marketsTitle: 'Live markets',
  marketsIntro:
    'Prices stream live from our trading servers. Select any instrument to open its full chart on the platform.',
  assetsTitle: 'More than 100 instruments in five asset classes',
  assets: [
    [
      'Forex',
      'Majors, minors and exotics with leverage up to 1:{{leverage:forex}} and spreads from {{spread:forex}} pips.',
      'forex.svg',
    ],
    [
      'Stocks',
      'CFDs on leading US and European companies, long or short, without owning the share.',
      'stocks.svg',
    ],
    ['Crypto', 'Bitcoin, Ether and other major coins around the clock, seven days a week.', 'crypto.svg'],
    [
      'Commodities',
      'Gold, silver, platinum, oil and natural gas to diversify your portfolio.',
      'commodities.svg',
    ],
    ['Indices', 'Trade the direction of whole markets such as the S&P 500, DAX and FTSE 100.', 'indices.svg'],
  ],
  whyTitle: (name) => `Why traders choose ${name}`,
  why: [
    ['Segregated funds', 'Client money is held separately from company money at top-tier European banks.'],
    ['Negative balance protection', 'You can never lose more than the money in your account.'],
    [
      'Fast execution',
      'Orders are filled in milliseconds at the price you see, with no dealing desk delays.',
    ],
    ['Human support', 'Multilingual account managers on hand five days a week by phone, e-mail and chat.'],
  ],
  platformTitle: 'A web platform built for focus',
  platformSummary:
    'Charts, one-click orders, stop loss and take profit, live profit and margin: everything in your browser, nothing to install.',
  tourTitle: 'The platform in 16 seconds',
  tourBody:
    'See how to open a position, set your risk limits and follow your equity in real time. The platform works the same on desktop, tablet and phone.',
  tryPlatform: 'Open the platform',
  storiesTitle: 'What our clients say',
  stories: [
    [
      '“Withdrawals arrive when they say they will. That is all I ask of a broker.”',
      'Martin K., trading since 2019',
    ],
    ['“The platform is clean and fast. Setting a stop loss takes one click.”', 'Sofia R., day trader'],
    [
      '“My account manager explained margin properly before I placed a single trade.”',
      'James P., new trader',
    ],
  ],
  postsTitle: 'Market insights',
  ctaTitle: 'Ready when you are',
  ctaBody: (symbol, min) =>
    `Open your account in minutes, verify online and fund it from ${symbol}${min} by card, bank wire or e-wallet.`,
};

const DE: HomeTexts = {
  title: (name) => `${name} – Online-Trading mit Devisen, Aktien, Krypto und mehr`,
  heroTitle: 'Devisen, Aktien, Krypto, Rohstoffe und Indizes: die Märkte der Welt mit einem Konto handeln.',
  heroAlt: 'Steigender Kursverlauf auf einem Handelsbildschirm',
  openAccount: 'Konto eröffnen',
  contactUs: 'Mit unserem Team sprechen',
  marketsTitle: 'Live-Kurse',
  marketsIntro:
    'Die Kurse kommen live von unseren Handelsservern. Wählen Sie ein Instrument, um seinen vollständigen Chart auf der Plattform zu öffnen.',
  assetsTitle: 'Über 100 Instrumente in fünf Anlageklassen',
  assets: [
    [
      'Devisen',
      'Majors, Minors und Exoten mit Hebel bis 1:{{leverage:forex}} und Spreads ab {{spread:forex}} Pips.',
      'forex.svg',
    ],
    [
      'Aktien',
      'CFDs auf führende Unternehmen aus den USA und Europa, long oder short, ohne die Aktie zu besitzen.',
      'stocks.svg',
    ],
    [
      'Krypto',
      'Bitcoin, Ether und weitere große Coins rund um die Uhr, sieben Tage die Woche.',
      'crypto.svg',
    ],
    ['Rohstoffe', 'Gold, Silber, Platin, Öl und Erdgas zur Streuung Ihres Portfolios.', 'commodities.svg'],
    ['Indizes', 'Handeln Sie die Richtung ganzer Märkte wie S&P 500, DAX und FTSE 100.', 'indices.svg'],
  ],
  whyTitle: (name) => `Warum Trader ${name} wählen`,
  why: [
    [
      'Getrennte Kundengelder',
      'Kundengelder liegen getrennt vom Firmenvermögen bei erstklassigen europäischen Banken.',
    ],
    ['Schutz vor negativem Saldo', 'Sie können nie mehr verlieren als das Guthaben auf Ihrem Konto.'],
    [
      'Schnelle Ausführung',
      'Orders werden in Millisekunden zum angezeigten Kurs ausgeführt, ohne Verzögerung durch einen Handelstisch.',
    ],
    [
      'Persönlicher Support',
      'Mehrsprachige Kundenbetreuer sind an fünf Tagen pro Woche per Telefon, E-Mail und Chat für Sie da.',
    ],
  ],
  platformTitle: 'Eine Web-Plattform für konzentriertes Handeln',
  platformSummary:
    'Charts, Orders mit einem Klick, Stop-Loss und Take-Profit, Gewinn und Margin live: alles im Browser, nichts zu installieren.',
  tourTitle: 'Die Plattform in 16 Sekunden',
  tourBody:
    'Sehen Sie, wie Sie eine Position eröffnen, Ihre Risikogrenzen setzen und Ihr Kapital in Echtzeit verfolgen. Die Plattform funktioniert auf Desktop, Tablet und Smartphone gleich.',
  tryPlatform: 'Plattform öffnen',
  storiesTitle: 'Das sagen unsere Kunden',
  stories: [
    [
      '„Auszahlungen kommen pünktlich an. Mehr verlange ich von einem Broker nicht.“',
      'Martin K., handelt seit 2019',
    ],
    [
      '„Die Plattform ist übersichtlich und schnell. Ein Stop-Loss ist mit einem Klick gesetzt.“',
      'Sofia R., Daytraderin',
    ],
    [
      '„Mein Kundenbetreuer hat mir die Margin erklärt, bevor ich den ersten Trade platziert habe.“',
      'James P., neuer Trader',
    ],
  ],
  postsTitle: 'Marktanalysen',
  ctaTitle: 'Bereit, wenn Sie es sind',
  ctaBody: (symbol, min) =>
    `Eröffnen Sie Ihr Konto in wenigen Minuten, verifizieren Sie sich online und zahlen Sie ab ${symbol}${min} per Karte, Überweisung oder E-Wallet ein.`,
};

/** Italian and Spanish are partial (spec §1): the hero and the call to action are translated. */
const IT: HomeTexts = {
  ...EN,
  title: (name) => `${name} – Trading online su forex, azioni, cripto e altro`,
  heroTitle: 'Fai trading sui mercati mondiali con un solo conto',
  openAccount: 'Apri un conto',
  contactUs: 'Parla con il nostro team',
  marketsTitle: 'Mercati in tempo reale',
  ctaTitle: 'Pronti quando lo sei tu',
};

const ES: HomeTexts = {
  ...EN,
  title: (name) => `${name} – Trading online en forex, acciones, cripto y más`,
  heroTitle: 'Opera en los mercados del mundo con una sola cuenta',
  openAccount: 'Abrir una cuenta',
  contactUs: 'Habla con nuestro equipo',
  marketsTitle: 'Mercados en directo',
  ctaTitle: 'Listos cuando tú lo estés',
};

const TEXTS = { en: EN, de: DE, it: IT, es: ES };

import {
  bullets,
  button,
  codeBlock,
  customImage,
  heading,
  image,
  img,
  type PageModule,
  type PageSeed,
  pageBanner,
  paragraphs,
  text,
} from './components.js';

/** Three market-insight posts (slugs `blog/...`), listed by the home page's blog posts component. */
export const blogPages: PageModule = (ctx, lang) => {
  if (lang !== 'en' && lang !== 'de') return undefined;
  const de = lang === 'de';
  const { name } = ctx.facts;
  const posts: PageSeed[] = [
    {
      slug: 'blog/weekly-outlook',
      lang,
      title: de ? 'Wochenausblick: Notenbanken im Fokus' : 'Weekly outlook: central banks in focus',
      description: de
        ? 'Zinsentscheide in Frankfurt und Washington bestimmen die Woche. Worauf Devisen-Trader achten sollten.'
        : 'Rate decisions in Frankfurt and Washington set the tone this week. What forex traders should watch.',
      components: [
        pageBanner({
          title: de ? 'Wochenausblick' : 'Weekly outlook',
          image: img('illustrations/blog-markets.svg', '', 720, 400),
          height: 'small',
        }),
        text(
          de
            ? paragraphs(
                'Die Europäische Zentralbank und die US-Notenbank entscheiden in derselben Woche über ihre Leitzinsen. Die Märkte preisen weitgehend unveränderte Zinsen ein, achten aber auf jeden Hinweis zum weiteren Kurs.',
                'EUR/USD bewegt sich seit Wochen in einer engen Spanne. Ein überraschend deutlicher Ton einer der beiden Notenbanken könnte den Ausbruch bringen.',
              )
            : paragraphs(
                'The European Central Bank and the Federal Reserve both decide on rates this week. Markets expect no change, but will weigh every hint about the path ahead.',
                'EUR/USD has traded in a narrow range for weeks. A surprisingly firm tone from either bank could trigger the breakout.',
              ),
        ),
        heading(de ? 'Wichtige Termine' : 'Key dates', 'h3'),
        text(
          de
            ? bullets(
                'Donnerstag: EZB-Zinsentscheid',
                'Mittwoch: FOMC-Zinsentscheid',
                'Freitag: US-Arbeitsmarktbericht',
              )
            : bullets(
                'Thursday: ECB rate decision',
                'Wednesday: FOMC rate decision',
                'Friday: US jobs report',
              ),
        ),
        button(de ? 'EUR/USD handeln' : 'Trade EUR/USD', '/platform/EURUSD'),
      ],
    },
    {
      slug: 'blog/margin-explained',
      lang,
      title: de ? 'Margin und Hebel einfach erklärt' : 'Margin and leverage, explained',
      description: de
        ? 'Wie viel Kapital eine Position bindet und wie sich Gewinn und Verlust berechnen.'
        : 'How much capital a position ties up and how profit and loss are calculated.',
      components: [
        pageBanner({
          title: de ? 'Margin und Hebel' : 'Margin and leverage',
          image: img('illustrations/education.svg', '', 720, 400),
          height: 'small',
        }),
        text(
          de
            ? paragraphs(
                `Bei ${name} ist der Betrag, den Sie für eine Position einsetzen, Ihre Margin. Der Hebel vervielfacht die Wirkung jeder Kursbewegung, nach oben wie nach unten.`,
              )
            : paragraphs(
                `At ${name} the amount you put into a position is its margin. Leverage multiplies the effect of every price move, up and down alike.`,
              ),
        ),
        heading(de ? 'Die Formel' : 'The formula', 'h3'),
        codeBlock(
          de
            ? 'Gewinn = (Kurs jetzt − Eröffnungskurs) × Betrag × Hebel ÷ Eröffnungskurs\nBeispiel: (1,1050 − 1,1000) × 500 × 10 ÷ 1,1000 = 22,73'
            : 'profit = (price now − open price) × amount × leverage ÷ open price\nexample: (1.1050 − 1.1000) × 500 × 10 ÷ 1.1000 = 22.73',
          'text',
        ),
        text(
          de
            ? paragraphs('Setzen Sie immer einen Stop-Loss, damit ein Verlust begrenzt bleibt.')
            : paragraphs('Always set a stop loss so a loss stays limited.'),
        ),
      ],
    },
    {
      slug: 'blog/gold-safe-haven',
      lang,
      title: de ? 'Gold als sicherer Hafen' : 'Gold as a safe haven',
      description: de
        ? 'Warum Anleger in unsicheren Zeiten Gold kaufen und was das für CFD-Trader bedeutet.'
        : 'Why investors buy gold in uncertain times, and what it means for CFD traders.',
      components: [
        pageBanner({
          title: de ? 'Gold als sicherer Hafen' : 'Gold as a safe haven',
          image: img('illustrations/commodities.svg', '', 720, 400),
          height: 'small',
        }),
        customImage(img('illustrations/blog-gold.svg', de ? 'Goldbarren' : 'Gold bars', 640, 360)),
        text(
          de
            ? paragraphs(
                'Gold bringt keine Zinsen, gilt aber seit Jahrhunderten als Wertspeicher. Steigen Unsicherheit oder Inflationserwartungen, fließt Kapital oft in das Edelmetall.',
              )
            : paragraphs(
                'Gold pays no interest, yet it has been a store of value for centuries. When uncertainty or inflation expectations rise, money often flows into the metal.',
              ),
        ),
        image(
          img('illustrations/commodities.svg', de ? 'Rohstoffe' : 'Commodities', 320, 200),
          '/platform/GOLD',
        ),
      ],
    },
  ];
  return posts;
};

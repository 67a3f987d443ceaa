import {
  bullets,
  grid,
  heading,
  html,
  img,
  type PageModule,
  pageBanner,
  paragraphs,
  section,
  text,
} from './components.js';

/**
 * The economic calendar page (slug `economic-calendar`), only for brands with the economics flag.
 * The events table itself is the web app's, fed by `GET /api/economics/events`; this page is the
 * introduction and the legend around it.
 */
export const economicCalendarPage: PageModule = (ctx, lang) => {
  if (!ctx.features.economics || (lang !== 'en' && lang !== 'de')) return undefined;
  const de = lang === 'de';
  return {
    slug: 'economic-calendar',
    lang,
    title: de ? 'Wirtschaftskalender' : 'Economic calendar',
    description: de
      ? 'Termine, Prognosen und Ergebnisse der wichtigsten Konjunkturdaten für Devisen-Trader.'
      : 'Dates, forecasts and results of the economic releases that move the currency markets.',
    components: [
      pageBanner({
        title: de ? 'Wirtschaftskalender' : 'Economic calendar',
        summary: de
          ? 'Zinsentscheide, Inflation, Arbeitsmarkt: die Termine, die Kurse bewegen.'
          : 'Rate decisions, inflation, jobs: the releases that move prices.',
        image: img('illustrations/calendar.svg', '', 720, 400),
        height: 'small',
      }),
      text(
        de
          ? paragraphs(
              'Filtern Sie nach Auswirkung und Währung. Alle Zeiten sind in Ihrer lokalen Zeitzone angegeben; Ergebnisse erscheinen, sobald sie veröffentlicht sind.',
            )
          : paragraphs(
              'Filter by impact and by currency. All times are shown in your local time zone; results appear as soon as they are published.',
            ),
      ),
      section(
        { background: 'muted' },
        grid(
          [
            heading(de ? 'Auswirkung' : 'Impact', 'h4'),
            html(
              de
                ? '<ul><li><strong>Hoch</strong>: kann Kurse stark und schnell bewegen</li><li><strong>Mittel</strong>: spürbare Bewegung möglich</li><li><strong>Niedrig</strong>: selten marktbewegend</li></ul>'
                : '<ul><li><strong>High</strong>: can move prices sharply and quickly</li><li><strong>Medium</strong>: noticeable moves possible</li><li><strong>Low</strong>: rarely market-moving</li></ul>',
            ),
          ],
          [
            heading(de ? 'Spalten' : 'Columns', 'h4'),
            text(
              de
                ? bullets(
                    'Aktuell: der veröffentlichte Wert',
                    'Prognose: die Erwartung der Analysten',
                    'Vorherig: der Wert der letzten Veröffentlichung',
                  )
                : bullets(
                    'Actual: the published figure',
                    'Forecast: what analysts expect',
                    'Previous: the figure of the last release',
                  ),
            ),
          ],
        ),
      ),
      text(
        de
          ? paragraphs(
              'Um wichtige Veröffentlichungen herum können sich Spreads ausweiten und Kurse springen. Prüfen Sie Ihre Stop-Loss-Orders vorher.',
            )
          : paragraphs(
              'Spreads can widen and prices can gap around major releases. Check your stop loss orders beforehand.',
            ),
      ),
    ],
  };
};

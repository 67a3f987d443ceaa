import { WIDGET_HEIGHTS } from '@openbroker/domain';
import { lazy, Suspense } from 'react';
import type { BlockProps } from './blockProps.js';

// The widgets bring the live price stream (socket.io, the quote store): their own chunk, loaded once a
// page places one, so the page's text and banner paint first.
const MarketQuotesWidget = lazy(() =>
  import('./widgets/MarketQuotesWidget.js').then((module) => ({ default: module.MarketQuotesWidget })),
);
const CrossRatesWidget = lazy(() =>
  import('./widgets/CrossRatesWidget.js').then((module) => ({ default: module.CrossRatesWidget })),
);
const TickerTape = lazy(() =>
  import('./widgets/TickerTape.js').then((module) => ({ default: module.TickerTape })),
);

const heightOf = (height: unknown): number | undefined =>
  typeof height === 'number' && height >= 200 && height <= 1200 ? height : undefined;

/** The box a widget will fill, at its final size, while its code loads: nothing below it moves. */
function WidgetPlaceholder({ height }: { height: number }) {
  return (
    <div className="ob-widget card ob-card ob-widget-placeholder" style={{ height }} aria-hidden="true" />
  );
}

/** spec §2 home-page widgets, placed like any component: market quotes, cross rates, ticker tape. */
export function WidgetBlock({ settings }: BlockProps<'widget'>) {
  const height = heightOf(settings.height);
  switch (settings.type) {
    case 'market-quotes':
      return (
        <Suspense fallback={<WidgetPlaceholder height={height ?? WIDGET_HEIGHTS.marketQuotes} />}>
          <MarketQuotesWidget {...(height ? { height } : {})} />
        </Suspense>
      );
    case 'cross-rates':
      return (
        <Suspense fallback={<WidgetPlaceholder height={height ?? WIDGET_HEIGHTS.forexCrossRates} />}>
          <CrossRatesWidget {...(height ? { height } : {})} />
        </Suspense>
      );
    case 'ticker-tape':
      return (
        <Suspense fallback={<div className="ob-ticker" aria-hidden="true" />}>
          <TickerTape />
        </Suspense>
      );
    default:
      console.warn(`Unknown widget type '${String(settings.type)}': not rendered`);
      return null;
  }
}

import { CrossRatesWidget } from '../widgets/CrossRatesWidget.js';
import { MarketQuotesWidget } from '../widgets/MarketQuotesWidget.js';
import { TickerTape } from '../widgets/TickerTape.js';
import type { BlockProps } from './ContentRenderer.js';

const heightOf = (height: unknown): number | undefined =>
  typeof height === 'number' && height >= 200 && height <= 1200 ? height : undefined;

/** spec §2 home-page widgets, placed like any component: market quotes, cross rates, ticker tape. */
export function WidgetBlock({ settings }: BlockProps<'widget'>) {
  const height = heightOf(settings.height);
  switch (settings.type) {
    case 'market-quotes':
      return <MarketQuotesWidget {...(height ? { height } : {})} />;
    case 'cross-rates':
      return <CrossRatesWidget {...(height ? { height } : {})} />;
    case 'ticker-tape':
      return <TickerTape />;
    default:
      console.warn(`Unknown widget type '${String(settings.type)}': not rendered`);
      return null;
  }
}

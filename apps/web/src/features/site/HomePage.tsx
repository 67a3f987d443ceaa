import type { ContentComponent } from '@openbroker/domain';
import { useCallback } from 'react';
import type { HomeWidget } from '../../api/types.js';
import { useBrand } from '../../lib/BrandProvider.js';
import { ContentView } from './ContentView.js';

const widgetsIn = (components: readonly ContentComponent[]): Set<unknown> => {
  const found = new Set<unknown>();
  const walk = (nodes: readonly ContentComponent[] | undefined) => {
    for (const node of nodes ?? []) {
      if (node?.component === 'widget') found.add((node.settings as { type?: unknown }).type);
      walk(node?.children);
      for (const column of node?.columns ?? []) walk(column.children);
    }
  };
  walk(components);
  return found;
};

const widgetNode = (type: HomeWidget): ContentComponent => ({ component: 'widget', settings: { type } });

/**
 * The brand's home widgets (spec §2: most show market quotes, some cross rates, some the ticker tape)
 * that its home page does not place itself: the ticker tape runs above the page, the others follow it.
 */
export function withHomeWidgets(
  components: ContentComponent[],
  widgets: readonly HomeWidget[],
): ContentComponent[] {
  const placed = widgetsIn(components);
  const missing = widgets.filter((type) => !placed.has(type));
  if (missing.length === 0) return components;
  const top = missing.filter((type) => type === 'ticker-tape').map(widgetNode);
  const rest = missing.filter((type) => type !== 'ticker-tape').map(widgetNode);
  return [...top, ...components, ...rest];
}

/**
 * spec §2 '/': the brand's home page (its `homeSlug`, default 'index') with its widgets. Logged-in
 * clients and brands whose flag says so never get here: RootLayout sends them to /platform/BTCUSD.
 */
export function HomePage() {
  const brand = useBrand();
  const widgets = brand.widgets ?? ['market-quotes'];
  const decorate = useCallback(
    (components: ContentComponent[]) => withHomeWidgets(components, widgets),
    [widgets],
  );
  return <ContentView slug={brand.homeSlug || 'index'} homeTitle decorate={decorate} />;
}

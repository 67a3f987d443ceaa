import type { ContentComponent } from '@openbroker/domain';
import { sanitizeHtml } from '../../lib/html.js';

/**
 * Sanitises every piece of HTML in a page tree (architecture §8: CMS HTML sanitised on save): the
 * `html` of html components and the rich `text` of text components, at any depth (section
 * children, grid columns). Everything else is data the renderer escapes itself.
 */
export async function sanitizeComponents(
  components: readonly ContentComponent[],
): Promise<ContentComponent[]> {
  // A tree read from the database is not trusted to have the right shape: anything but a node is dropped.
  if (!Array.isArray(components)) return [];
  const nodes = components.filter(
    (node): node is ContentComponent => typeof node === 'object' && node !== null && !Array.isArray(node),
  );
  return Promise.all(nodes.map(sanitizeNode));
}

async function sanitizeNode(node: ContentComponent): Promise<ContentComponent> {
  const raw = node.settings as unknown;
  const settings = (
    typeof raw === 'object' && raw !== null && !Array.isArray(raw) ? { ...raw } : {}
  ) as Record<string, unknown>;
  if (node.component === 'html' && settings.html !== undefined) {
    settings.html = typeof settings.html === 'string' ? await sanitizeHtml(settings.html) : '';
  }
  if (node.component === 'text' && settings.text !== undefined) {
    settings.text = typeof settings.text === 'string' ? await sanitizeHtml(settings.text) : '';
  }
  const columns = Array.isArray(node.columns)
    ? await Promise.all(
        node.columns
          .filter((column) => typeof column === 'object' && column !== null)
          .map(async (column) => ({ ...column, children: await sanitizeComponents(column.children) })),
      )
    : undefined;
  const { children: _children, columns: _columns, ...rest } = node;
  return {
    ...rest,
    settings: settings as ContentComponent['settings'],
    ...(node.children !== undefined ? { children: await sanitizeComponents(node.children) } : {}),
    ...(columns ? { columns } : {}),
  };
}

/** Every HTML string of a tree with where it sits, e.g. for checking seeded pages are clean. */
export function htmlStrings(components: readonly ContentComponent[]): string[] {
  return components.flatMap((node) => {
    const settings = node.settings as Record<string, unknown>;
    const own =
      node.component === 'html' && typeof settings.html === 'string'
        ? [settings.html]
        : node.component === 'text' && typeof settings.text === 'string'
          ? [settings.text]
          : [];
    return [
      ...own,
      ...htmlStrings(node.children ?? []),
      ...(node.columns ?? []).flatMap((column) => htmlStrings(column.children)),
    ];
  });
}

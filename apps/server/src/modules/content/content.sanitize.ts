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
  return Promise.all(components.map(sanitizeNode));
}

async function sanitizeNode(node: ContentComponent): Promise<ContentComponent> {
  const settings = { ...node.settings } as Record<string, unknown>;
  if (node.component === 'html' && typeof settings.html === 'string') {
    settings.html = await sanitizeHtml(settings.html);
  }
  if (node.component === 'text' && typeof settings.text === 'string') {
    settings.text = await sanitizeHtml(settings.text);
  }
  return {
    ...node,
    settings: settings as ContentComponent['settings'],
    ...(node.children ? { children: await sanitizeComponents(node.children) } : {}),
    ...(node.columns
      ? {
          columns: await Promise.all(
            node.columns.map(async (column) => ({
              ...column,
              children: await sanitizeComponents(column.children),
            })),
          ),
        }
      : {}),
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

import { describe, expect, it } from 'vitest';
import { COMPONENT_TYPES } from './content.js';
import {
  CONTENT_LIMITS,
  ContentPageCreateInput,
  ContentPageSaveInput,
  checkComponentTree,
  InboxQuery,
  isSafeContentUrl,
  SiteSettingsInput,
} from './content-admin.js';
import { validateInput } from './schemas/issues.js';

const node = (
  component: string,
  settings: Record<string, unknown> = {},
  extra: Record<string, unknown> = {},
) => ({
  component,
  settings,
  ...extra,
});

/** A chain of sections `depth` levels deep. */
const nested = (depth: number): Record<string, unknown> =>
  depth <= 1 ? node('heading', { text: 'leaf' }) : node('section', {}, { children: [nested(depth - 1)] });

const save = (components: unknown) =>
  validateInput(ContentPageSaveInput, { title: 'About', slug: 'about', components, baseVersion: 0 });

describe('content editor schemas', () => {
  it('accepts every component type with its settings and drops keys a type does not know', () => {
    const tree = COMPONENT_TYPES.map((type) =>
      type === 'grid' ? node('grid', { gap: 3 }, { columns: [{ children: [] }] }) : node(type, {}),
    );
    const { tree: clean, issues } = checkComponentTree([
      ...tree,
      node('heading', { text: 'Hi', tag: 'h2', colour: 'red' }, { extra: 1 }),
    ]);
    expect(issues).toEqual([]);
    expect(clean).toHaveLength(COMPONENT_TYPES.length + 1);
    expect(clean.at(-1)).toEqual({ component: 'heading', settings: { text: 'Hi', tag: 'h2' } });
  });

  it('refuses an unknown type, bad settings and unsafe links with the path of the field', () => {
    const result = save([
      node('marquee', {}),
      node('section', {}, { children: [node('button', { text: 'Go', url: 'javascript:alert(1)' })] }),
      node('heading', { tag: 'h9' }),
    ]);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors.map((e) => [e.path, e.key])).toEqual([
      ['components.0.component', 'boContent.unknownComponent'],
      ['components.1.children.0.settings.url', 'boContent.urlInvalid'],
      ['components.2.settings.tag', 'field.invalid'],
    ]);
  });

  it('limits depth, node count, string length and grid columns', () => {
    expect(checkComponentTree([nested(CONTENT_LIMITS.maxDepth)]).issues).toEqual([]);
    expect(checkComponentTree([nested(CONTENT_LIMITS.maxDepth + 1)]).issues[0]?.message).toBe(
      'boContent.treeTooDeep',
    );
    const many = Array.from({ length: CONTENT_LIMITS.maxNodes + 1 }, () => node('divider'));
    expect(checkComponentTree(many.slice(1)).issues).toEqual([]);
    expect(checkComponentTree(many).issues).toEqual([
      { path: [], message: 'boContent.treeTooLarge', params: { max: CONTENT_LIMITS.maxNodes } },
    ]);
    const long = save([node('html', { html: 'x'.repeat(CONTENT_LIMITS.maxString + 1) })]);
    expect(long.ok || long.errors[0]).toMatchObject({
      path: 'components.0.settings.html',
      key: 'field.maxChars',
    });
    for (const columns of [0, 6]) {
      const grid = node('grid', {}, { columns: Array.from({ length: columns }, () => ({ children: [] })) });
      expect(checkComponentTree([grid]).issues[0]?.message).toBe('boContent.gridColumns');
    }
    expect(checkComponentTree([node('heading', {}, { children: [] })]).issues[0]?.message).toBe(
      'boContent.notAContainer',
    );
    expect(checkComponentTree([node('text', { text: 'a\u0000b' })]).issues[0]?.message).toBe(
      'field.forbiddenCharacters',
    );
    expect(checkComponentTree({ not: 'a list' }).issues[0]?.message).toBe('field.invalid');
  });

  it('takes slugs of lower-case letters, digits and dashes, in parts', () => {
    const create = (slug: string) =>
      ContentPageCreateInput.safeParse({ brandId: 1, slug, lang: 'de', title: 'T' }).success;
    for (const ok of ['about', 'blog/my-post-2', 'a1']) expect(create(ok)).toBe(true);
    for (const bad of ['About', 'a_b', '-a', 'a-', 'a//b', '/a', 'a b', 'ä', 'a--b', ''])
      expect(create(bad)).toBe(false);
    expect(ContentPageCreateInput.safeParse({ brandId: 1, slug: 'a', lang: 'fr', title: 'T' }).success).toBe(
      false,
    );
  });

  it('knows safe addresses', () => {
    for (const ok of ['', '/about', '#top', 'https://x.example', 'mailto:a@b.c', 'tel:+49', '/media/1/a.png'])
      expect(isSafeContentUrl(ok)).toBe(true);
    for (const bad of ['javascript:alert(1)', '//evil.example', 'data:text/html,x', 'vbscript:x', '/\\evil'])
      expect(isSafeContentUrl(bad)).toBe(false);
  });

  it('validates the site settings and the inbox query', () => {
    const settings = {
      copyright: '© 2026 Demo',
      legal_name: 'Demo Ltd',
      legal_text: 'Registered…',
      risk_warning: 'CFDs are complex. {{retailLoss}}% lose money.',
      support_email: 'support@demo.example',
      phone: '+49 30 1234',
      address: 'Street 1',
      mapTileUrl: '',
      menu: [{ title: 'Home', url: '/' }],
      footer_links: [],
      platform_components: { economics: true, referrals: true, account_levels: false, auto_trading: true },
    };
    expect(SiteSettingsInput.safeParse(settings).success).toBe(true);
    expect(
      SiteSettingsInput.safeParse({ ...settings, menu: [{ title: 'X', url: 'javascript:x' }] }).success,
    ).toBe(false);
    expect(
      SiteSettingsInput.safeParse({ ...settings, mapTileUrl: 'http://tiles/{z}/{x}/{y}.png' }).success,
    ).toBe(false);
    expect(SiteSettingsInput.safeParse({ ...settings, support_email: 'nope' }).success).toBe(false);
    expect(InboxQuery.parse({ brandId: '2', status: 'open', page: '3' })).toEqual({
      brandId: 2,
      status: 'open',
      page: 3,
    });
    expect(InboxQuery.safeParse({ status: 'closed' }).success).toBe(false);
    expect(InboxQuery.safeParse({ brandId: '-1' }).success).toBe(false);
  });
});

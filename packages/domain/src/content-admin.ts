/**
 * The back office's content editor API (docs/content-editor.md): page create and save inputs,
 * the component tree validated per type, the site settings singleton and the contact inbox. Pure: the
 * server validates requests with these schemas, the web app its forms.
 */
import { z } from 'zod';
import { MAX_LIST_PAGE } from './backoffice-clients.js';
import { hasForbiddenCharacters } from './bounds.js';
import { GRID_COLUMNS, LANGUAGES } from './constants.js';
import { COMPONENT_TYPES, type ComponentType, type ContentComponent, PUBLIC_FORMS } from './content.js';

const INVALID = { error: 'field.invalid' } as const;

/** Limits of a page tree and its fields. */
export const CONTENT_LIMITS = Object.freeze({
  /** Nesting levels: a top-level node is level 1, a node in a grid column or a section one level deeper. */
  maxDepth: 6,
  maxNodes: 500,
  /** Any text of a component (rich text and HTML included). */
  maxString: 20_000,
  maxTitle: 200,
  maxDescription: 400,
  maxSlug: 120,
  maxUrl: 2000,
  maxCarouselItems: 50,
  maxMenuItems: 20,
} as const);

/** Components that hold `children` (sections and cards); `columns` belong to grids only. */
export const CONTAINER_TYPES = ['section', 'card'] as const satisfies readonly ComponentType[];

/**
 * A page address: lower-case letters, digits and dashes, in segments joined by '/' ('blog/my-post'),
 * no leading, trailing or double dashes or slashes.
 */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*(?:\/[a-z0-9]+(?:-[a-z0-9]+)*)*$/;

/**
 * A link or image address content may hold: a path of the site ('/about', not '//host'), an anchor
 * ('#top'), http(s), mailto or tel. Empty is allowed (not set).
 */
export function isSafeContentUrl(value: string): boolean {
  const v = value.trim();
  if (v === '') return true;
  if (v.startsWith('/')) return !v.startsWith('//') && !v.startsWith('/\\');
  if (v.startsWith('#')) return true;
  return /^(https?:\/\/|mailto:|tel:)/i.test(v);
}

// ------------------------------------------------------------------------------------------ field kinds

/** Any text of a component: up to 20,000 characters, no control characters but tab and line breaks. */
const text = (max: number = CONTENT_LIMITS.maxString) =>
  z
    .string(INVALID)
    .max(max, { message: 'field.maxChars' })
    .refine((v) => !hasForbiddenCharacters(v, { multiline: true }), { message: 'field.forbiddenCharacters' });

/** One line of text (titles, labels). */
const line = (max: number) =>
  z
    .string(INVALID)
    .max(max, { message: 'field.maxChars' })
    .refine((v) => !hasForbiddenCharacters(v), { message: 'field.forbiddenCharacters' });

const url = z
  .string(INVALID)
  .trim()
  .max(CONTENT_LIMITS.maxUrl, { message: 'field.maxChars' })
  .refine((v) => !hasForbiddenCharacters(v), { message: 'field.forbiddenCharacters' })
  .refine(isSafeContentUrl, { message: 'boContent.urlInvalid' });

const int = (min: number, max: number) =>
  z.number(INVALID).int(INVALID).min(min, { message: 'field.min' }).max(max, { message: 'field.max' });

const ImageRefInput = z.object(
  {
    path: url,
    alt: line(300).optional(),
    width: int(1, 10_000).optional(),
    height: int(1, 10_000).optional(),
  },
  INVALID,
);

const oneOf = <T extends readonly [string, ...string[]]>(values: T) => z.enum(values, INVALID);
const banner = {
  title: line(300).optional(),
  summary: text(2000).optional(),
  image: ImageRefInput.optional(),
  height: oneOf(['large', 'small']).optional(),
};

/**
 * Settings per component type (spec §2 types; packages/domain/src/content.ts ComponentSettings). Every
 * field is optional, as in stored JSON (the renderer applies defaults); keys a type does not know are
 * dropped.
 */
export const COMPONENT_SETTINGS_SCHEMAS = {
  heading: z.object({
    text: line(500).optional(),
    tag: oneOf(['h1', 'h2', 'h3', 'h4', 'h5', 'h6']).optional(),
    align: oneOf(['start', 'center', 'end']).optional(),
  }),
  text: z.object({ text: text().optional() }),
  html: z.object({ html: text().optional() }),
  divider: z.object({}),
  customimage: z.object({
    image: ImageRefInput.optional(),
    caption: line(500).optional(),
    rounded: z.boolean(INVALID).optional(),
  }),
  hero: z.object({
    title: line(300).optional(),
    subtitle: text(2000).optional(),
    image: ImageRefInput.optional(),
    button_text: line(100).optional(),
    button_url: url.optional(),
  }),
  pagebanner: z.object(banner),
  bannermedia: z.object({ ...banner, media_position: oneOf(['start', 'end']).optional() }),
  sectiondivider: z.object({ title: line(300).optional() }),
  map: z.object({
    location: z
      .object({ lat: z.number(INVALID).min(-90).max(90), lng: z.number(INVALID).min(-180).max(180) }, INVALID)
      .optional(),
    zoom: int(1, 19).optional(),
    marker: line(300).optional(),
    height: int(100, 2000).optional(),
  }),
  grid: z.object({ gap: int(0, 5).optional() }),
  blogposts: z.object({
    title: line(300).optional(),
    prefix: line(CONTENT_LIMITS.maxSlug).optional(),
    limit: int(1, 50).optional(),
  }),
  codeblock: z.object({ code: text().optional(), language: line(40).optional() }),
  contactform: z.object({ form: z.enum(PUBLIC_FORMS, INVALID).optional(), title: line(300).optional() }),
  video: z.object({ url: url.optional(), poster: ImageRefInput.optional(), title: line(300).optional() }),
  subpages: z.object({ parent: line(CONTENT_LIMITS.maxSlug).optional(), title: line(300).optional() }),
  button: z.object({
    text: line(100).optional(),
    url: url.optional(),
    variant: oneOf(['primary', 'secondary', 'outline-primary', 'link']).optional(),
  }),
  carousel: z.object({
    items: z
      .array(
        z.object(
          {
            value: z.object(
              {
                carousel_image: ImageRefInput.optional(),
                text: line(300).optional(),
                summary: text(2000).optional(),
              },
              INVALID,
            ),
          },
          INVALID,
        ),
        INVALID,
      )
      .max(CONTENT_LIMITS.maxCarouselItems, { message: 'field.max' })
      .optional(),
    interval: int(1000, 60_000).optional(),
  }),
  card: z.object({
    title: line(300).optional(),
    subtitle: line(300).optional(),
    text: text(5000).optional(),
    card_image: ImageRefInput.optional(),
    link_text: line(100).optional(),
    link_url: url.optional(),
  }),
  image: z.object({ image: ImageRefInput.optional(), link_url: url.optional() }),
  section: z.object({
    title: line(300).optional(),
    background: oneOf(['default', 'muted', 'primary']).optional(),
    id: z
      .string(INVALID)
      .regex(/^[A-Za-z][A-Za-z0-9_-]{0,63}$/, { message: 'field.invalid' })
      .optional(),
  }),
  widget: z.object({
    type: oneOf(['market-quotes', 'cross-rates', 'ticker-tape']).optional(),
    height: int(100, 2000).optional(),
  }),
} satisfies Record<ComponentType, z.ZodType>;

/** The settings schema of a component type (for the editor's per-type forms). */
export const componentSettingsSchema = <T extends ComponentType>(type: T) => COMPONENT_SETTINGS_SCHEMAS[type];

// ------------------------------------------------------------------------------------------------ tree

type Issue = { path: (string | number)[]; message: string; params?: Record<string, unknown> };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Checks and cleans a page tree: every node a known type with valid settings of that type, grids with
 * 1 to 5 columns, children only in sections and cards, at most 6 levels and 500 nodes. Answers the
 * cleaned tree (unknown keys dropped) or the problems with their paths ('components.2.columns.0.children.1.settings.url').
 */
export function checkComponentTree(input: unknown): { tree: ContentComponent[]; issues: Issue[] } {
  const issues: Issue[] = [];
  let count = 0;
  let tooMany = false;

  const list = (raw: unknown, path: (string | number)[], depth: number): ContentComponent[] => {
    if (!Array.isArray(raw)) {
      issues.push({ path, message: 'field.invalid' });
      return [];
    }
    if (depth > CONTENT_LIMITS.maxDepth && raw.length > 0) {
      issues.push({ path, message: 'boContent.treeTooDeep', params: { max: CONTENT_LIMITS.maxDepth } });
      return [];
    }
    const out: ContentComponent[] = [];
    for (let i = 0; i < raw.length; i++) {
      count++;
      if (count > CONTENT_LIMITS.maxNodes) {
        if (!tooMany)
          issues.push({
            path: [],
            message: 'boContent.treeTooLarge',
            params: { max: CONTENT_LIMITS.maxNodes },
          });
        tooMany = true;
        return out;
      }
      const node = one(raw[i], [...path, i], depth);
      if (node) out.push(node);
    }
    return out;
  };

  const one = (raw: unknown, path: (string | number)[], depth: number): ContentComponent | undefined => {
    if (!isRecord(raw)) {
      issues.push({ path, message: 'field.invalid' });
      return undefined;
    }
    const type = raw.component;
    if (typeof type !== 'string' || !(COMPONENT_TYPES as readonly string[]).includes(type)) {
      issues.push({ path: [...path, 'component'], message: 'boContent.unknownComponent' });
      return undefined;
    }
    const componentType = type as ComponentType;
    const parsed = COMPONENT_SETTINGS_SCHEMAS[componentType].safeParse(raw.settings ?? {});
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        issues.push({
          path: [...path, 'settings', ...issue.path.map((p) => (typeof p === 'number' ? p : String(p)))],
          message: issue.message,
          ...(issue.code === 'too_big' || issue.code === 'too_small'
            ? {
                params: {
                  max: (issue as { maximum?: unknown }).maximum,
                  min: (issue as { minimum?: unknown }).minimum,
                },
              }
            : {}),
        });
      }
    }
    const node: ContentComponent = {
      component: componentType,
      settings: (parsed.success ? parsed.data : {}) as ContentComponent['settings'],
    };
    if (componentType === 'grid') {
      const columns = raw.columns;
      if (!Array.isArray(columns) || columns.length < GRID_COLUMNS.min || columns.length > GRID_COLUMNS.max) {
        issues.push({
          path: [...path, 'columns'],
          message: 'boContent.gridColumns',
          params: { min: GRID_COLUMNS.min, max: GRID_COLUMNS.max },
        });
      } else {
        node.columns = columns.map((column, c) => {
          if (isRecord(column)) {
            return { children: list(column.children ?? [], [...path, 'columns', c, 'children'], depth + 1) };
          }
          issues.push({ path: [...path, 'columns', c], message: 'field.invalid' });
          return { children: [] };
        });
      }
    } else if (raw.columns !== undefined) {
      issues.push({ path: [...path, 'columns'], message: 'boContent.notAContainer' });
    }
    if (raw.children !== undefined) {
      if ((CONTAINER_TYPES as readonly string[]).includes(componentType)) {
        node.children = list(raw.children, [...path, 'children'], depth + 1);
      } else {
        issues.push({ path: [...path, 'children'], message: 'boContent.notAContainer' });
      }
    }
    return node;
  };

  const tree = list(input, [], 1);
  return { tree, issues };
}

/** A page's component tree, checked and cleaned by `checkComponentTree`. */
export const ComponentTreeSchema = z.unknown().transform((value, ctx) => {
  const { tree, issues } = checkComponentTree(value);
  for (const issue of issues) {
    ctx.addIssue({
      code: 'custom',
      message: issue.message,
      path: issue.path,
      ...(issue.params ? { params: issue.params } : {}),
    });
  }
  return issues.length ? z.NEVER : tree;
});

// ----------------------------------------------------------------------------------------------- pages

export const CONTENT_LANGUAGES = LANGUAGES;

export const slugField = z
  .string(INVALID)
  .trim()
  .min(1, { message: 'field.required' })
  .max(CONTENT_LIMITS.maxSlug, { message: 'field.maxChars' })
  .regex(SLUG_PATTERN, { message: 'boContent.slugInvalid' });

const titleField = z
  .string(INVALID)
  .trim()
  .min(1, { message: 'field.required' })
  .max(CONTENT_LIMITS.maxTitle, { message: 'field.maxChars' })
  .refine((v) => !hasForbiddenCharacters(v), { message: 'field.forbiddenCharacters' });

const descriptionField = z
  .string(INVALID)
  .trim()
  .max(CONTENT_LIMITS.maxDescription, { message: 'field.maxChars' })
  .refine((v) => !hasForbiddenCharacters(v), { message: 'field.forbiddenCharacters' });

const brandIdField = z.number(INVALID).int(INVALID).positive(INVALID).max(2_147_483_647, INVALID);

/** POST /api/backoffice/content/pages: a new page (version 1, empty tree, not published). */
export const ContentPageCreateInput = z.object(
  {
    brandId: brandIdField,
    slug: slugField,
    lang: z.enum(LANGUAGES, INVALID),
    title: titleField,
    description: descriptionField.optional().default(''),
  },
  INVALID,
);
export type ContentPageCreateInput = z.output<typeof ContentPageCreateInput>;

/** PUT /api/backoffice/content/pages/:id: saves a new version on top of `baseVersion` (the head the editor loaded). */
export const ContentPageSaveInput = z.object(
  {
    title: titleField,
    description: descriptionField.optional().default(''),
    slug: slugField,
    components: ComponentTreeSchema,
    baseVersion: z.number(INVALID).int(INVALID).min(0, INVALID).max(2_147_483_647, INVALID),
  },
  INVALID,
);
export type ContentPageSaveInput = z.output<typeof ContentPageSaveInput>;

/** POST /api/backoffice/content/pages/:id/publish. */
export const ContentPublishInput = z.object(
  { version: z.number(INVALID).int(INVALID).min(1, INVALID).max(2_147_483_647, INVALID) },
  INVALID,
);

/** A positive whole number from a query string ('' or absent: none). */
const optionalId = z
  .union([z.number(), z.string()], INVALID)
  .optional()
  .transform((v, ctx) => {
    if (v === undefined || v === '') return undefined;
    const n = typeof v === 'number' ? v : /^\d{1,15}$/.test(v.trim()) ? Number(v) : Number.NaN;
    if (!Number.isSafeInteger(n) || n <= 0 || n > 2_147_483_647) {
      ctx.addIssue({ code: 'custom', message: 'field.invalid' });
      return z.NEVER;
    }
    return n;
  });

/** GET /api/backoffice/content/pages?brandId&lang. */
export const ContentPageListQuery = z.object(
  {
    brandId: optionalId,
    lang: z
      .union([z.enum(LANGUAGES), z.literal('')], INVALID)
      .optional()
      .transform((v) => (v ? v : undefined)),
  },
  INVALID,
);

// ------------------------------------------------------------------------------------------ singletons

/** Singletons staff edit: 'settings' (spec §3 Site settings: copyright, legal texts, menu, platform components). */
export const CONTENT_SINGLETONS = ['settings'] as const;
export type ContentSingletonName = (typeof CONTENT_SINGLETONS)[number];

const linkList = z
  .array(
    z.object(
      {
        title: line(80).trim().min(1, { message: 'field.required' }),
        url: url.refine((v) => v !== '', { message: 'field.required' }),
      },
      INVALID,
    ),
    INVALID,
  )
  .max(CONTENT_LIMITS.maxMenuItems, { message: 'field.max' });

const optionalEmail = z
  .string(INVALID)
  .trim()
  .max(254, { message: 'field.maxChars' })
  .refine((v) => v === '' || /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[^\s@<>()[\]\\,;:"]+$/.test(v), {
    message: 'email.invalid',
  });

/** The placeholder of a risk warning that the site replaces with the brand's retail-loss share in percent. */
export const RETAIL_LOSS_PLACEHOLDER = '{{retailLoss}}';

/**
 * The standard CFD risk warning (ESMA wording) a new brand starts with, per language; the site fills in
 * `{{retailLoss}}` (the hand-written share, or the computed one when the brand shows it) and leaves out the
 * sentence holding it while the brand has no figure.
 */
export const STANDARD_RISK_WARNING = {
  en: `CFDs are complex instruments and come with a high risk of losing money rapidly due to leverage. ${RETAIL_LOSS_PLACEHOLDER}% of retail investor accounts lose money when trading CFDs with this provider. You should consider whether you understand how CFDs work and whether you can afford to take the high risk of losing your money.`,
  de: `CFDs sind komplexe Instrumente und gehen wegen der Hebelwirkung mit dem hohen Risiko einher, schnell Geld zu verlieren. ${RETAIL_LOSS_PLACEHOLDER} % der Kleinanlegerkonten verlieren Geld beim CFD-Handel mit diesem Anbieter. Sie sollten überlegen, ob Sie verstehen, wie CFDs funktionieren, und ob Sie es sich leisten können, das hohe Risiko einzugehen, Ihr Geld zu verlieren.`,
} as const satisfies Record<'en' | 'de', string>;

/**
 * PUT /api/backoffice/content/singletons/settings: the editable fields of the site settings document.
 * `features` and `widgets` mirror the brand's settings (edited with the brand) and are not part of it.
 */
export const SiteSettingsInput = z.object(
  {
    copyright: line(300).trim(),
    legal_name: line(200).trim(),
    legal_text: text(4000).trim(),
    risk_warning: text(2000).trim(),
    support_email: optionalEmail,
    phone: line(40).trim(),
    address: line(300).trim(),
    /** A tile URL template: https with {z}, {x} and {y}, or empty for the default tiles. */
    mapTileUrl: line(300)
      .trim()
      .refine(
        (v) => v === '' || (/^https:\/\//.test(v) && ['{z}', '{x}', '{y}'].every((p) => v.includes(p))),
        {
          message: 'boContent.tileUrlInvalid',
        },
      ),
    menu: linkList,
    footer_links: linkList,
    /**
     * The client-area screens staff switch (spec §3 platform components; domain `platformComponentsOf`). The
     * economic calendar is not among them: the brand's `features.economics` (Brands → Client area) is its one
     * switch, and the public document mirrors it.
     */
    platform_components: z.object(
      {
        referrals: z.boolean(INVALID),
        account_levels: z.boolean(INVALID),
        auto_trading: z.boolean(INVALID),
      },
      INVALID,
    ),
  },
  INVALID,
);
export type SiteSettingsInput = z.output<typeof SiteSettingsInput>;

// --------------------------------------------------------------------------------------------- inbox

export const INBOX_STATUSES = ['open', 'handled'] as const;
export type InboxStatus = (typeof INBOX_STATUSES)[number];
export const INBOX_PAGE_SIZE = 50;

/** GET /api/backoffice/inbox?brandId&status&page. */
export const InboxQuery = z.object(
  {
    brandId: optionalId,
    status: z
      .union([z.enum(INBOX_STATUSES), z.literal('')], INVALID)
      .optional()
      .transform((v) => (v ? v : undefined)),
    page: optionalId.refine((v) => v === undefined || v <= MAX_LIST_PAGE, { message: 'field.invalid' }),
  },
  INVALID,
);
export type InboxQuery = z.output<typeof InboxQuery>;

/** POST /api/backoffice/inbox/:id/handled. */
export const InboxHandledInput = z.object({ handled: z.boolean(INVALID) }, INVALID);

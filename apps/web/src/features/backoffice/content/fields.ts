import type { ComponentType } from '@openbroker/domain';
import type { TranslationKey } from '../../../lib/i18n/keys.js';

/**
 * The settings form of every component type: the fields of `ComponentSettings` (packages/domain content.ts),
 * each with the input that suits it. `key` is a path into the settings ('location.lat').
 */
export type Field =
  | { kind: 'text' | 'url' | 'textarea' | 'code' | 'html' | 'richtext'; key: string; label: TranslationKey }
  | { kind: 'number'; key: string; label: TranslationKey; min?: number; max?: number; step?: number }
  | { kind: 'checkbox'; key: string; label: TranslationKey; defaultValue: boolean }
  | {
      kind: 'select';
      key: string;
      label: TranslationKey;
      options: { value: string; label: TranslationKey }[];
    }
  | { kind: 'image'; key: string; label: TranslationKey }
  | { kind: 'carousel'; key: string; label: TranslationKey };

const opt = (value: string, label: TranslationKey) => ({ value, label });

const HEIGHT: Field = {
  kind: 'select',
  key: 'height',
  label: 'bo.editor.field.bannerHeight',
  options: [opt('small', 'bo.editor.opt.small'), opt('large', 'bo.editor.opt.large')],
};

export const FIELDS: Record<ComponentType, Field[]> = {
  heading: [
    { kind: 'text', key: 'text', label: 'bo.editor.field.text' },
    {
      kind: 'select',
      key: 'tag',
      label: 'bo.editor.field.tag',
      options: (['h1', 'h2', 'h3', 'h4', 'h5', 'h6'] as const).map((tag) =>
        opt(tag, `bo.editor.opt.${tag}` as TranslationKey),
      ),
    },
    {
      kind: 'select',
      key: 'align',
      label: 'bo.editor.field.align',
      options: [
        opt('start', 'bo.editor.opt.alignStart'),
        opt('center', 'bo.editor.opt.alignCenter'),
        opt('end', 'bo.editor.opt.alignEnd'),
      ],
    },
  ],
  text: [{ kind: 'richtext', key: 'text', label: 'bo.editor.field.text' }],
  html: [{ kind: 'html', key: 'html', label: 'bo.editor.field.html' }],
  divider: [],
  customimage: [
    { kind: 'image', key: 'image', label: 'bo.editor.field.image' },
    { kind: 'text', key: 'caption', label: 'bo.editor.field.caption' },
    { kind: 'checkbox', key: 'rounded', label: 'bo.editor.field.rounded', defaultValue: true },
  ],
  hero: [
    { kind: 'text', key: 'title', label: 'bo.editor.field.title' },
    { kind: 'textarea', key: 'subtitle', label: 'bo.editor.field.subtitle' },
    { kind: 'image', key: 'image', label: 'bo.editor.field.image' },
    { kind: 'text', key: 'button_text', label: 'bo.editor.field.buttonText' },
    { kind: 'url', key: 'button_url', label: 'bo.editor.field.buttonUrl' },
  ],
  pagebanner: [
    { kind: 'text', key: 'title', label: 'bo.editor.field.title' },
    { kind: 'textarea', key: 'summary', label: 'bo.editor.field.summary' },
    { kind: 'image', key: 'image', label: 'bo.editor.field.image' },
    HEIGHT,
  ],
  bannermedia: [
    { kind: 'text', key: 'title', label: 'bo.editor.field.title' },
    { kind: 'textarea', key: 'summary', label: 'bo.editor.field.summary' },
    { kind: 'image', key: 'image', label: 'bo.editor.field.image' },
    HEIGHT,
    {
      kind: 'select',
      key: 'media_position',
      label: 'bo.editor.field.mediaPosition',
      options: [opt('end', 'bo.editor.opt.mediaEnd'), opt('start', 'bo.editor.opt.mediaStart')],
    },
  ],
  sectiondivider: [{ kind: 'text', key: 'title', label: 'bo.editor.field.title' }],
  map: [
    { kind: 'number', key: 'location.lat', label: 'bo.editor.field.lat', min: -90, max: 90, step: 0.0001 },
    { kind: 'number', key: 'location.lng', label: 'bo.editor.field.lng', min: -180, max: 180, step: 0.0001 },
    { kind: 'number', key: 'zoom', label: 'bo.editor.field.zoom', min: 1, max: 19 },
    { kind: 'text', key: 'marker', label: 'bo.editor.field.marker' },
    { kind: 'number', key: 'height', label: 'bo.editor.field.heightPx', min: 100, max: 2000 },
  ],
  grid: [{ kind: 'number', key: 'gap', label: 'bo.editor.field.gap', min: 0, max: 5 }],
  blogposts: [
    { kind: 'text', key: 'title', label: 'bo.editor.field.title' },
    { kind: 'text', key: 'prefix', label: 'bo.editor.field.prefix' },
    { kind: 'number', key: 'limit', label: 'bo.editor.field.limit', min: 1, max: 50 },
  ],
  codeblock: [
    { kind: 'code', key: 'code', label: 'bo.editor.field.code' },
    { kind: 'text', key: 'language', label: 'bo.editor.field.language' },
  ],
  contactform: [
    { kind: 'text', key: 'title', label: 'bo.editor.field.title' },
    {
      kind: 'select',
      key: 'form',
      label: 'bo.editor.field.form',
      options: [opt('contact', 'bo.editor.opt.formContact')],
    },
  ],
  video: [
    { kind: 'url', key: 'url', label: 'bo.editor.field.videoUrl' },
    { kind: 'text', key: 'title', label: 'bo.editor.field.title' },
    { kind: 'image', key: 'poster', label: 'bo.editor.field.poster' },
  ],
  subpages: [
    { kind: 'text', key: 'parent', label: 'bo.editor.field.parent' },
    { kind: 'text', key: 'title', label: 'bo.editor.field.title' },
  ],
  button: [
    { kind: 'text', key: 'text', label: 'bo.editor.field.buttonText' },
    { kind: 'url', key: 'url', label: 'bo.editor.field.url' },
    {
      kind: 'select',
      key: 'variant',
      label: 'bo.editor.field.variant',
      options: [
        opt('primary', 'bo.editor.opt.primary'),
        opt('secondary', 'bo.editor.opt.secondary'),
        opt('outline-primary', 'bo.editor.opt.outlinePrimary'),
        opt('link', 'bo.editor.opt.link'),
      ],
    },
  ],
  carousel: [
    { kind: 'carousel', key: 'items', label: 'bo.editor.field.slides' },
    { kind: 'number', key: 'interval', label: 'bo.editor.field.interval', min: 1000, max: 60000, step: 500 },
  ],
  card: [
    { kind: 'text', key: 'title', label: 'bo.editor.field.title' },
    { kind: 'text', key: 'subtitle', label: 'bo.editor.field.subtitle' },
    { kind: 'textarea', key: 'text', label: 'bo.editor.field.text' },
    { kind: 'image', key: 'card_image', label: 'bo.editor.field.image' },
    { kind: 'text', key: 'link_text', label: 'bo.editor.field.linkText' },
    { kind: 'url', key: 'link_url', label: 'bo.editor.field.linkUrl' },
  ],
  image: [
    { kind: 'image', key: 'image', label: 'bo.editor.field.image' },
    { kind: 'url', key: 'link_url', label: 'bo.editor.field.linkUrl' },
  ],
  section: [
    { kind: 'text', key: 'title', label: 'bo.editor.field.title' },
    {
      kind: 'select',
      key: 'background',
      label: 'bo.editor.field.background',
      options: [
        opt('default', 'bo.editor.opt.bgDefault'),
        opt('muted', 'bo.editor.opt.bgMuted'),
        opt('primary', 'bo.editor.opt.bgPrimary'),
      ],
    },
    { kind: 'text', key: 'id', label: 'bo.editor.field.anchor' },
  ],
  widget: [
    {
      kind: 'select',
      key: 'type',
      label: 'bo.editor.field.widgetType',
      options: [
        opt('market-quotes', 'bo.editor.opt.marketQuotes'),
        opt('cross-rates', 'bo.editor.opt.crossRates'),
        opt('ticker-tape', 'bo.editor.opt.tickerTape'),
      ],
    },
    { kind: 'number', key: 'height', label: 'bo.editor.field.heightPx', min: 100, max: 2000 },
  ],
};

const isObject = (value: unknown): value is Record<string, unknown> =>
  !!value && typeof value === 'object' && !Array.isArray(value);

/** The value at a dotted path of settings. */
export function getPath(settings: Record<string, unknown>, path: string): unknown {
  let value: unknown = settings;
  for (const part of path.split('.')) value = isObject(value) ? value[part] : undefined;
  return value;
}

/** A copy of settings with the value at `path` set (undefined removes it). */
export function setPath(
  settings: Record<string, unknown>,
  path: string,
  value: unknown,
): Record<string, unknown> {
  const [head = '', ...rest] = path.split('.');
  const next = { ...settings };
  if (rest.length === 0) {
    if (value === undefined) delete next[head];
    else next[head] = value;
    return next;
  }
  const inner = isObject(next[head]) ? (next[head] as Record<string, unknown>) : {};
  next[head] = setPath(inner, rest.join('.'), value);
  return next;
}

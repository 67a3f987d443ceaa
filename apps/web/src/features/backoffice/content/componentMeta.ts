import type { ComponentType } from '@openbroker/domain';
import type { TranslationKey } from '../../../lib/i18n/keys.js';

/** How the editor presents each component type: its icon, name and palette group. */
export interface ComponentMeta {
  icon: string;
  label: TranslationKey;
  group: PaletteGroup;
}

export type PaletteGroup = 'layout' | 'text' | 'media' | 'banners' | 'dynamic';

export const PALETTE_GROUPS: { id: PaletteGroup; label: TranslationKey }[] = [
  { id: 'layout', label: 'bo.editor.group.layout' },
  { id: 'text', label: 'bo.editor.group.text' },
  { id: 'media', label: 'bo.editor.group.media' },
  { id: 'banners', label: 'bo.editor.group.banners' },
  { id: 'dynamic', label: 'bo.editor.group.dynamic' },
];

export const COMPONENT_META: Record<ComponentType, ComponentMeta> = {
  section: { icon: 'bi-bounding-box', label: 'bo.editor.type.section', group: 'layout' },
  grid: { icon: 'bi-layout-three-columns', label: 'bo.editor.type.grid', group: 'layout' },
  card: { icon: 'bi-postcard', label: 'bo.editor.type.card', group: 'layout' },
  divider: { icon: 'bi-dash-lg', label: 'bo.editor.type.divider', group: 'layout' },
  sectiondivider: { icon: 'bi-distribute-vertical', label: 'bo.editor.type.sectiondivider', group: 'layout' },
  heading: { icon: 'bi-type-h1', label: 'bo.editor.type.heading', group: 'text' },
  text: { icon: 'bi-text-paragraph', label: 'bo.editor.type.text', group: 'text' },
  html: { icon: 'bi-filetype-html', label: 'bo.editor.type.html', group: 'text' },
  codeblock: { icon: 'bi-braces', label: 'bo.editor.type.codeblock', group: 'text' },
  button: { icon: 'bi-hand-index', label: 'bo.editor.type.button', group: 'text' },
  customimage: { icon: 'bi-image', label: 'bo.editor.type.customimage', group: 'media' },
  image: { icon: 'bi-card-image', label: 'bo.editor.type.image', group: 'media' },
  video: { icon: 'bi-play-btn', label: 'bo.editor.type.video', group: 'media' },
  carousel: { icon: 'bi-images', label: 'bo.editor.type.carousel', group: 'media' },
  map: { icon: 'bi-geo-alt', label: 'bo.editor.type.map', group: 'media' },
  hero: { icon: 'bi-stars', label: 'bo.editor.type.hero', group: 'banners' },
  pagebanner: { icon: 'bi-card-heading', label: 'bo.editor.type.pagebanner', group: 'banners' },
  bannermedia: { icon: 'bi-layout-split', label: 'bo.editor.type.bannermedia', group: 'banners' },
  blogposts: { icon: 'bi-journal-richtext', label: 'bo.editor.type.blogposts', group: 'dynamic' },
  subpages: { icon: 'bi-diagram-3', label: 'bo.editor.type.subpages', group: 'dynamic' },
  contactform: { icon: 'bi-envelope-paper', label: 'bo.editor.type.contactform', group: 'dynamic' },
  widget: { icon: 'bi-graph-up-arrow', label: 'bo.editor.type.widget', group: 'dynamic' },
};

export const metaOf = (type: string): ComponentMeta =>
  COMPONENT_META[type as ComponentType] ?? {
    icon: 'bi-question-square',
    label: 'bo.editor.type.unknown',
    group: 'dynamic',
  };

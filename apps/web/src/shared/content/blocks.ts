import type { BlockRegistry } from './blockProps.js';
import { CarouselBlock } from './CarouselBlock.js';
import { ContactFormBlock } from './ContactFormBlock.js';
import { ButtonBlock, CardBlock, GridBlock, SectionBlock } from './LayoutBlocks.js';
import { BlogPostsBlock, SubpagesBlock } from './ListBlocks.js';
import { MapBlock } from './MapBlock.js';
import {
  BannerMediaBlock,
  CustomImageBlock,
  HeroBlock,
  ImageBlock,
  PageBannerBlock,
  VideoBlock,
} from './MediaBlocks.js';
import {
  CodeBlock,
  DividerBlock,
  HeadingBlock,
  HtmlBlock,
  SectionDividerBlock,
  TextBlock,
} from './TextBlocks.js';
import { WidgetBlock } from './WidgetBlock.js';

/** spec §2: a renderer for every content component type (the compiler checks none is missing). */
export const BLOCKS: BlockRegistry = {
  heading: HeadingBlock,
  text: TextBlock,
  html: HtmlBlock,
  divider: DividerBlock,
  customimage: CustomImageBlock,
  hero: HeroBlock,
  pagebanner: PageBannerBlock,
  bannermedia: BannerMediaBlock,
  sectiondivider: SectionDividerBlock,
  map: MapBlock,
  grid: GridBlock,
  blogposts: BlogPostsBlock,
  codeblock: CodeBlock,
  contactform: ContactFormBlock,
  video: VideoBlock,
  subpages: SubpagesBlock,
  button: ButtonBlock,
  carousel: CarouselBlock,
  card: CardBlock,
  image: ImageBlock,
  section: SectionBlock,
  widget: WidgetBlock,
};

/** Top-level components that span the window; the others sit in the page's content column. */
export function isFullWidthNode(node: { component?: unknown; settings?: unknown }): boolean {
  if (node.component === 'hero' || node.component === 'pagebanner' || node.component === 'bannermedia')
    return true;
  if (node.component === 'section') return true;
  const settings = node.settings as { type?: unknown } | undefined;
  return node.component === 'widget' && settings?.type === 'ticker-tape';
}

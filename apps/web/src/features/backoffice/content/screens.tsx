import type { BoScreen } from '../shell/screens.js';
import { ContentPagesPage, PageEditorPage } from './index.js';

/** Content: each brand's pages and the page editor. */
export const CONTENT_SCREENS: readonly BoScreen[] = [
  {
    path: 'content',
    anyOf: ['content.edit'],
    Page: ContentPagesPage,
    nav: { section: 'brands', label: 'bo.nav.content', icon: 'bi-file-earmark-richtext' },
  },
  { path: 'content/:id', anyOf: ['content.edit'], Page: PageEditorPage },
];

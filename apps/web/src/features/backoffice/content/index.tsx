/** Content pages and the page editor. */
export { ContentPagesPage } from './ContentPagesPage.js';
export { PageEditorPage } from './PageEditorPage.js';

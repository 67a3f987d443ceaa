/** Content pages and the page editor (issue 15). */
export { ContentPagesPage } from './ContentPagesPage.js';
export { PageEditorPage } from './PageEditorPage.js';

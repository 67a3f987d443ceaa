/** Site settings and the contact inbox of the back office (docs/content-editor.md). */
export { InboxPage } from './InboxPage.js';
export { SiteSettingsPage } from './SiteSettingsPage.js';

/** Site settings and the contact inbox of the back office (issue 15; docs/content-editor.md). */
export { InboxPage } from './InboxPage.js';
export { SiteSettingsPage } from './SiteSettingsPage.js';

/** Affiliates in the back office: the list with the create dialog, and one affiliate's page. */
export { AffiliatePage } from './AffiliatePage.js';
export { AffiliatesPage } from './AffiliatesPage.js';

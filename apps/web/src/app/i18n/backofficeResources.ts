// Moved to the back-office feature; this re-export serves imports not yet updated and is then removed.
export { addBackofficeResources, BACKOFFICE_DE, BACKOFFICE_EN } from '../../features/backoffice/i18n.js';

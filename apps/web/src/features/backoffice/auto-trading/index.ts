export { AutoTradingAdminPage } from './AutoTradingAdminPage.js';

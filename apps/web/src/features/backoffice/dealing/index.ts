export { DealingPage } from './DealingPage.js';

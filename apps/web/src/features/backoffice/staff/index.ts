export { StaffPage } from './StaffPage.js';

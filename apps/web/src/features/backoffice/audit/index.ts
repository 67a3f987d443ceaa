export { AuditPage } from './AuditPage.js';

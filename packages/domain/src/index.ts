export * from './messages.js';
export * from './routes.js';

/** Auto-trading: strategies, limits and the backtest, pure; see types.ts and docs/auto-trading.md. */
export * from './api.js';
export * from './backtest.js';
export * from './brand-settings.js';
export * from './decide.js';
export * from './limits.js';
export * from './offers.js';
export * from './settings.js';
export * from './strategies.js';
export * from './types.js';

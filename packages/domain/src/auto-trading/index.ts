/**
 * Auto-trading: strategies, limits and the backtest, pure; see types.ts and docs/auto-trading.md. The client area's
 * answers are contracts/auto-trading-client.ts.
 */
export * from './backtest.js';
export * from './brand-settings.js';
export * from './decide.js';
export * from './limits.js';
export * from './offers.js';
export * from './settings.js';
export * from './strategies.js';
export * from './types.js';

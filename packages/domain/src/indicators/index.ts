/** Chart indicators and Heikin-Ashi candles, pure: the terminal's chart computes them in the browser. */
export * from './compute.js';
export * from './heikin-ashi.js';
export * from './params.js';
export * from './types.js';

/** The trading engine (architecture §5): see engine.ts and docs/decisions/0006-engine-triggers.md. */
export { Engine, EngineCommitError } from './engine.js';
export { NaiveEngine } from './naive-engine.js';
export type * from './types.js';

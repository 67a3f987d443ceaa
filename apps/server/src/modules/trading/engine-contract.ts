/**
 * The engine's issue-14 additions as the adapter names them (engine/types.ts, the shared contract).
 */
import type { BalanceCause, ClosedPositionRecord, PositionRecord } from '../../engine/index.js';

export type {
  BookEvent as StoredEvent,
  CloseContext,
  OrderRecord,
  OrderView,
} from '../../engine/index.js';

export type PositionRecordX = PositionRecord;
export type ClosedPositionRecordX = ClosedPositionRecord;
/** Balance causes added by charges booked on an open position. */
export type ChargeCause = Extract<BalanceCause, { kind: 'commission' | 'swap' }>;

/**
 * The dealing desk's vocabulary: the asset classes its exposure is grouped by and the kinds of close its stream
 * names. The desk's answers and socket payloads are contracts (contracts/dealing.ts).
 */

/** The asset classes of the desk's exposure, in display order. */
export const DESK_GROUPS = ['forex', 'stocks', 'crypto', 'commodities', 'index'] as const;

/** Why a position closed, as the desk names it (from the engine's cause and spec §3 closingReason). */
export const DESK_CLOSE_KINDS = [
  'stop_loss',
  'take_profit',
  'low_margin',
  'ai_trade',
  'client',
  'staff',
] as const;

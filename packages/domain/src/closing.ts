/** Why a position was closed (spec §3 closingReason, architecture §5). */
export const CLOSING_REASON = {
  manual: 0,
  stopLoss: 1,
  takeProfit: 2,
  lowMargin: 3,
  aiTrade: 4,
} as const;

export type ClosingReason = (typeof CLOSING_REASON)[keyof typeof CLOSING_REASON];

// spec §3: closingReason (0 Manually, 1 Stop Loss, 2 Take Profit, 3 Low Margin, 4 AI Trade)
export const CLOSING_REASON_LABELS: Readonly<Record<ClosingReason, string>> = Object.freeze({
  0: 'Manually',
  1: 'Stop Loss',
  2: 'Take Profit',
  3: 'Low Margin',
  4: 'AI Trade',
});

/** Whether a value is a known closing reason id. */
export function isClosingReason(value: unknown): value is ClosingReason {
  return typeof value === 'number' && Object.hasOwn(CLOSING_REASON_LABELS, value);
}

/** Label of a closing reason id ('Manually', 'Stop Loss', ...); '' for an unknown id. */
export function closingReasonLabel(reason: number | null | undefined): string {
  return isClosingReason(reason) ? CLOSING_REASON_LABELS[reason] : '';
}

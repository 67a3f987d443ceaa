import { percentChange } from './marketData.js';

/** A day's change in percent, green or red with an arrow; '—' until it can be computed. */
export function ChangeText({ from, to }: { from: number | null; to: number | null }) {
  const change = percentChange(from, to);
  if (change === null) return <span className="ob-change text-body-secondary">—</span>;
  const direction = change > 0 ? 'up' : change < 0 ? 'down' : 'flat';
  const sign = change > 0 ? '+' : change < 0 ? '−' : '';
  return (
    <span className={`ob-change ob-change-${direction}`}>
      {sign}
      {Math.abs(change).toFixed(2)}%
    </span>
  );
}

import {
  type BrandQuote,
  type Direction,
  formatPriceOnTick,
  parseNumberInput,
  roundLevel,
  type TriggerErrors,
  type TriggerInput,
  validateStopLossTakeProfit,
} from '@openbroker/domain';

/**
 * A price as the terminal's ticket and forms show it: with the decimals of the instrument's tick
 * (EURUSD 1.08543, USDJPY 150.123, BTCUSD 100000.00), rounded to the nearest tick; without a tick by the
 * spec §9 rule (domain `formatPrice`).
 */
export function formatOnTick(value: number, tick: number | null | undefined): string {
  return formatPriceOnTick(value, tick);
}

/**
 * A typed level as it leaves its field: off the tick, the nearest step with the tick's decimals
 * (1.085426 → 1.08543); the text unchanged when it is on the tick already (95000 stays as typed), empty, not a valid
 * level, or there is no tick.
 */
export function levelTextOnTick(raw: string, tick: number | null | undefined): string {
  if (tick === null || tick === undefined) return raw;
  const level = roundLevel(raw, tick);
  if (level === null || Number.isNaN(level) || level === parseNumberInput(raw)) return raw;
  return formatOnTick(level, tick);
}

/** A typed level as it is sent: on the tick, null when empty (or 0) or not a valid level. */
export function sentLevel(raw: TriggerInput, tick: number | null | undefined): number | null {
  const level = roundLevel(raw, tick);
  return level === null || Number.isNaN(level) ? null : level;
}

/**
 * SL/TP of a position (open or to open) as they are sent — on the tick — against the brand quote's close side
 * (domain `validateStopLossTakeProfit`), the message naming that price as the ticket shows it (domain
 * `formatPriceOnTick`).
 */
export function checkLevelsOnTick(
  input: { direction: Direction; stop_lost: TriggerInput; take_profit: TriggerInput; quote: BrandQuote },
  tick: number | null | undefined,
): TriggerErrors {
  // the domain names the brand quote's close side with the tick's decimals: the price the ticket shows
  return validateStopLossTakeProfit({
    direction: input.direction,
    stop_lost: roundLevel(input.stop_lost, tick),
    take_profit: roundLevel(input.take_profit, tick),
    quote: input.quote,
    tick,
  });
}

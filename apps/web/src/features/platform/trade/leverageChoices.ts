import {
  isLeverageAllowed,
  type LeverageOption,
  leverageOptionsFor,
  type TradeAsset,
  type TradeUser,
} from '@openbroker/domain';

/**
 * The leverage options of an instrument for a client, as the ticket lists them: the asset category's list with the
 * client's custom_leverage (domain `leverageOptionsFor`), and those the brand's preset caps away (the instruments
 * payload's `leverages`) disabled too, and those above `cap`: the appropriateness test's cap on this account
 * (GET /api/compliance/status `leverageCap`, domain appropriatenessLeverageCap). The server checks all of them
 * again. Empty until the asset and the user are known.
 */
export function leverageChoices(
  asset: TradeAsset | undefined,
  user: Pick<TradeUser, 'custom_leverage'> | null | undefined,
  instrument: { leverages?: unknown } | undefined,
  cap?: number | null,
): LeverageOption[] {
  if (!asset || !user) return [];
  const capped = instrument?.leverages;
  return leverageOptionsFor(asset, user).map((option) =>
    (Array.isArray(capped) && !capped.includes(option.value)) ||
    !isLeverageAllowed(option.value, cap ?? undefined)
      ? { ...option, disabled: true }
      : option,
  );
}

/** The leverages a client can pick (the enabled choices), lowest first. */
export function pickableLeverages(choices: readonly LeverageOption[]): number[] {
  return choices
    .filter((option) => !option.disabled)
    .map((option) => option.value)
    .sort((a, b) => a - b);
}

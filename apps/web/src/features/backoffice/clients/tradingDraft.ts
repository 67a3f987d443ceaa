import type { ClientDetail } from '@openbroker/domain';

/** A client's trading settings as the settings panel edits them. */
export interface TradingDraft {
  level: string;
  tradingEnabled: boolean;
  restrictedMode: boolean;
  assetsGroupPermission: number[];
  customLeverage: Record<string, number[]>;
}

/** The panel's values from the client as stored. */
export const draftOf = (client: ClientDetail): TradingDraft => ({
  level: client.level,
  tradingEnabled: client.tradingEnabled,
  restrictedMode: client.restrictedMode,
  assetsGroupPermission: [...client.assetsGroupPermission].sort((a, b) => a - b),
  customLeverage: Object.fromEntries(
    Object.entries(client.customLeverage).map(([name, indexes]) => [
      name.toLowerCase(),
      [...indexes].sort((a, b) => a - b),
    ]),
  ),
});

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Only what changed, as POST /trading takes it (what is absent stays). */
export function tradingChanges(before: TradingDraft, after: TradingDraft): Partial<TradingDraft> {
  const changes: Partial<TradingDraft> = {};
  if (before.level !== after.level) changes.level = after.level;
  if (before.tradingEnabled !== after.tradingEnabled) changes.tradingEnabled = after.tradingEnabled;
  if (before.restrictedMode !== after.restrictedMode) changes.restrictedMode = after.restrictedMode;
  if (!same(before.assetsGroupPermission, after.assetsGroupPermission))
    changes.assetsGroupPermission = after.assetsGroupPermission;
  if (!same(before.customLeverage, after.customLeverage)) changes.customLeverage = after.customLeverage;
  return changes;
}

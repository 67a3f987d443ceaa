/**
 * The dealing desk's screen constants. Its answers and socket payloads are the domain's contracts
 * (`@openbroker/domain`, contracts/dealing.ts).
 */
import { DESK_GROUPS } from '@openbroker/domain';

/** The asset classes of the tiles, in display order. */
export const ASSET_GROUPS = DESK_GROUPS;
export type AssetGroup = (typeof ASSET_GROUPS)[number];

/** Closes the stream keeps (the server's first page has as many). */
export const CLOSES_KEPT = 100;

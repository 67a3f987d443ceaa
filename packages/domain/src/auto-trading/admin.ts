/**
 * The back office's auto-trading answers (issue 16): GET /api/backoffice/auto-trading/brands and …/brands/:id (also the
 * answer of its PUT and kill switch). One shape for the server that builds them and the screen that reads them.
 */
import type { BrandAutoTradingSettings, StrategyId, StrategyOffer } from './types.js';

/** A brand's auto-trading at a glance (the brand picker's line). */
export interface AutoBrandStatus {
  id: number;
  slug: string;
  name: string;
  currency: string;
  /** Strategies clients of the brand may pick now. */
  offered: StrategyId[];
  killed: boolean;
  killedAt: string | null;
  maxLeverage: number | null;
  clientsOn: number;
  openPositions: number;
  /** Auto positions closed today (UTC) and their realised profit, in the brand's currency (decimal string). */
  today: { closed: number; result: string };
}

/** One brand's auto-trading as the screen edits it. */
export interface AutoBrandDetail extends AutoBrandStatus {
  /** What the brand stored (`settings.autoTrading`); null: nothing, the product's offer. */
  settings: BrandAutoTradingSettings | null;
  /** The offer clients get: the product's narrowed by the brand. */
  offers: Record<StrategyId, StrategyOffer>;
  /** The product's offer, the outer bounds of every range. */
  product: Record<StrategyId, StrategyOffer>;
  /** The kill switch: its state and its last change (who, when, why). */
  kill: { killed: boolean; at: string | null; reason: string | null; by: string | null };
}

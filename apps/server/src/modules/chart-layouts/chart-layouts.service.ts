import { type ChartLayout, ChartLayoutInput } from '@openbroker/domain';
import { notFound } from '../../lib/errors.js';
import type { ChartLayoutsRepo } from './chart-layouts.repo.js';

/**
 * A client's chart layouts in the terminal: per symbol of the catalogue, the indicators and drawings the client
 * saved. Only the client's own layouts are read or written; a symbol the catalogue has not is 404.
 */
export class ChartLayoutsService {
  private readonly symbols: ReadonlySet<string>;

  constructor(
    private readonly repo: ChartLayoutsRepo,
    catalogue: { instruments: readonly { symbol: string }[] },
  ) {
    this.symbols = new Set(catalogue.instruments.map((i) => i.symbol));
  }

  /** The client's layout of `symbol`; an empty one (`saved: false`) when the client never saved one. */
  async get(userId: number, symbol: string): Promise<ChartLayout> {
    this.known(symbol);
    // read through the schema: a row of an older shape (or hand-edited) answers an empty layout, not a broken one
    const stored = ChartLayoutInput.safeParse(await this.repo.find(userId, symbol));
    if (!stored.success) return { symbol, saved: false, indicators: [], drawings: [] };
    return { symbol, saved: true, ...stored.data };
  }

  /** Keeps the client's layout of `symbol` (checked by the route's schema) and answers it as kept. */
  async save(userId: number, symbol: string, layout: ChartLayoutInput): Promise<ChartLayout> {
    this.known(symbol);
    const { indicators, drawings } = layout;
    await this.repo.save(userId, symbol, { indicators, drawings });
    return { symbol, saved: true, indicators, drawings };
  }

  private known(symbol: string): void {
    if (!this.symbols.has(symbol)) throw notFound();
  }
}

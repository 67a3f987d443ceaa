import { z } from 'zod';

/**
 * Client-area contracts of watchlists (/api/watchlists…): every route of the area answers the client's whole set
 * of lists, so the terminal's market list replaces its copy with what the server kept.
 */

/** One named list of catalogue symbols, in the client's order; `favourites` marks the list the star fills. */
export const Watchlist = z.object({
  id: z.number().int(),
  name: z.string(),
  favourites: z.boolean(),
  symbols: z.array(z.string()),
});
export type Watchlist = z.infer<typeof Watchlist>;

/** The client's lists: the favourites first, then the others in the order they were made. */
export const WatchlistSet = z.object({ lists: z.array(Watchlist) });
export type WatchlistSet = z.infer<typeof WatchlistSet>;

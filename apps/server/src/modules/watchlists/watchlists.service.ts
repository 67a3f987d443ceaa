import {
  FAVOURITES_NAME,
  isReorderOf,
  WATCHLIST_MAX_LISTS,
  WATCHLIST_MAX_SYMBOLS,
  type WatchlistSet,
} from '@openbroker/domain';
import { AppError, notFound } from '../../lib/errors.js';
import type { WatchlistsRepo } from './watchlists.repo.js';

const unknownSymbol = () => new AppError(400, 'UNKNOWN_SYMBOL', 'watchlists.unknownSymbol');
const favouritesKept = () => new AppError(409, 'FAVOURITES_KEPT', 'watchlists.favouritesKept');

/**
 * A client's watchlists and favourites in the terminal: named lists of catalogue symbols in the client's order.
 * Every call answers the client's whole set of lists, the favourites made with the first call. Only the client's
 * own lists are reached (another client's id is 404), only symbols of the catalogue are kept.
 */
export class WatchlistsService {
  private readonly symbols: ReadonlySet<string>;

  constructor(
    private readonly repo: WatchlistsRepo,
    /** The instrument catalogue: the symbols a list may hold. */
    catalogue: { instruments: readonly { symbol: string }[] },
  ) {
    this.symbols = new Set(catalogue.instruments.map((i) => i.symbol));
  }

  /** The client's lists, the favourites first; makes the favourites list on the first call. */
  async lists(userId: number): Promise<WatchlistSet> {
    let lists = await this.repo.listFor(userId);
    if (!lists.some((l) => l.favourites)) {
      await this.repo.ensureFavourites(userId, FAVOURITES_NAME);
      lists = await this.repo.listFor(userId);
    }
    return { lists };
  }

  /** Makes a list (409 'watchlists.tooManyLists' at the limit). */
  async create(userId: number, name: string): Promise<WatchlistSet> {
    await this.repo.ensureFavourites(userId, FAVOURITES_NAME);
    if (!(await this.repo.create(userId, name, WATCHLIST_MAX_LISTS)))
      throw new AppError(409, 'WATCHLIST_LIMIT', 'watchlists.tooManyLists');
    return this.lists(userId);
  }

  /** Renames one of the client's lists other than the favourites. */
  async rename(userId: number, id: number, name: string): Promise<WatchlistSet> {
    await this.own(userId, id, { notFavourites: true });
    await this.repo.rename(userId, id, name);
    return this.lists(userId);
  }

  /** Deletes one of the client's lists other than the favourites, with its symbols. */
  async delete(userId: number, id: number): Promise<WatchlistSet> {
    await this.own(userId, id, { notFavourites: true });
    await this.repo.delete(userId, id);
    return this.lists(userId);
  }

  /** Adds a catalogue symbol at the end of a list; a symbol there already stays where it is. */
  async add(userId: number, id: number, symbol: string): Promise<WatchlistSet> {
    await this.own(userId, id);
    if (!this.symbols.has(symbol)) throw unknownSymbol();
    const outcome = await this.repo.addSymbol(userId, id, symbol, WATCHLIST_MAX_SYMBOLS);
    if (outcome === 'missing') throw notFound();
    if (outcome === 'full') throw new AppError(409, 'WATCHLIST_FULL', 'watchlists.tooManySymbols');
    return this.lists(userId);
  }

  /** Takes a symbol off a list; one not there changes nothing. */
  async remove(userId: number, id: number, symbol: string): Promise<WatchlistSet> {
    await this.own(userId, id);
    if (!(await this.repo.removeSymbol(userId, id, symbol))) throw notFound();
    return this.lists(userId);
  }

  /** Puts a list's symbols in a new order: exactly its symbols, each once (409 when it changed meanwhile). */
  async reorder(userId: number, id: number, symbols: readonly string[]): Promise<WatchlistSet> {
    await this.own(userId, id);
    const outcome = await this.repo.reorder(userId, id, symbols, (current) => isReorderOf(current, symbols));
    if (outcome === 'missing') throw notFound();
    if (outcome === 'mismatch') throw new AppError(409, 'WATCHLIST_CHANGED', 'watchlists.orderChanged');
    return this.lists(userId);
  }

  /** The star: a symbol on or off the favourites list. */
  async favourite(userId: number, symbol: string, on: boolean): Promise<WatchlistSet> {
    await this.repo.ensureFavourites(userId, FAVOURITES_NAME);
    const id = await this.repo.favouritesId(userId);
    if (id === undefined) throw new Error('the favourites list was not made');
    return on ? this.add(userId, id, symbol) : this.remove(userId, id, symbol);
  }

  /** 404 unless the client has list `id`; 409 for the favourites when they may not be changed this way. */
  private async own(userId: number, id: number, options: { notFavourites?: boolean } = {}): Promise<void> {
    const list = await this.repo.find(userId, id);
    if (!list) throw notFound();
    if (options.notFavourites && list.favourites) throw favouritesKept();
  }
}

import {
  WatchlistCreateInput,
  WatchlistDeleteInput,
  WatchlistFavouriteInput,
  WatchlistRenameInput,
  WatchlistReorderInput,
  WatchlistSet,
  WatchlistSymbolInput,
} from '@openbroker/domain';
import { type App, ErrorBody, ok } from '../../http.js';
import { TokenBody, tokenField } from '../accounts/accounts.schemas.js';
import { type ClientAuthDeps, clientAuthenticator } from '../accounts/auth.js';
import type { WatchlistsService } from './watchlists.service.js';

/** What the client's watchlist routes use. */
export interface WatchlistsRoutesDeps extends ClientAuthDeps {
  watchlists: WatchlistsService;
}

const tags = ['watchlists'];
const security = [{ bearer: [] }];
const answers = { 200: ok(WatchlistSet), 400: ErrorBody, 401: ErrorBody };
const onAList = { ...answers, 404: ErrorBody };

/**
 * The terminal's watchlists and favourites (answers: domain `contracts/watchlists.ts`): a client session of this
 * brand, the caller's own lists only (another client's list id is 404). Every route answers the whole set of lists.
 */
export async function watchlistsRoutes(app: App, deps: WatchlistsRoutesDeps) {
  const { watchlists } = deps;
  const auth = clientAuthenticator(deps);

  app.post(
    '/api/watchlists',
    {
      schema: {
        tags,
        summary:
          "The client's watchlists, the favourites first (made with the first call), each in its order",
        security,
        body: TokenBody,
        response: { 200: ok(WatchlistSet), 401: ErrorBody },
      },
    },
    async (request) => {
      const { user } = await auth(request);
      return { status: true as const, data: await watchlists.lists(user.id) };
    },
  );

  app.post(
    '/api/watchlists/create',
    {
      schema: {
        tags,
        summary:
          "Makes a watchlist (a name of 1 to 40 characters, no control characters); 409 'watchlists.tooManyLists' " +
          'when the client has 20 lists',
        security,
        body: WatchlistCreateInput.safeExtend(tokenField),
        response: { ...answers, 409: ErrorBody },
      },
    },
    async (request) => {
      const { user } = await auth(request);
      return { status: true as const, data: await watchlists.create(user.id, request.body.name) };
    },
  );

  app.post(
    '/api/watchlists/rename',
    {
      schema: {
        tags,
        summary: "Renames a watchlist; 409 'watchlists.favouritesKept' for the favourites",
        security,
        body: WatchlistRenameInput.safeExtend(tokenField),
        response: { ...onAList, 409: ErrorBody },
      },
    },
    async (request) => {
      const { user } = await auth(request);
      const { id, name } = request.body;
      return { status: true as const, data: await watchlists.rename(user.id, id, name) };
    },
  );

  app.post(
    '/api/watchlists/delete',
    {
      schema: {
        tags,
        summary: "Deletes a watchlist with its symbols; 409 'watchlists.favouritesKept' for the favourites",
        security,
        body: WatchlistDeleteInput.safeExtend(tokenField),
        response: { ...onAList, 409: ErrorBody },
      },
    },
    async (request) => {
      const { user } = await auth(request);
      return { status: true as const, data: await watchlists.delete(user.id, request.body.id) };
    },
  );

  app.post(
    '/api/watchlists/add',
    {
      schema: {
        tags,
        summary:
          "Adds a catalogue symbol at the end of a watchlist (once); 400 'watchlists.unknownSymbol' for a symbol " +
          "the catalogue has not, 409 'watchlists.tooManySymbols' when the list holds 100",
        security,
        body: WatchlistSymbolInput.safeExtend(tokenField),
        response: { ...onAList, 409: ErrorBody },
      },
    },
    async (request) => {
      const { user } = await auth(request);
      const { id, symbol } = request.body;
      return { status: true as const, data: await watchlists.add(user.id, id, symbol) };
    },
  );

  app.post(
    '/api/watchlists/remove',
    {
      schema: {
        tags,
        summary: 'Takes a symbol off a watchlist; a symbol not on it changes nothing',
        security,
        body: WatchlistSymbolInput.safeExtend(tokenField),
        response: onAList,
      },
    },
    async (request) => {
      const { user } = await auth(request);
      const { id, symbol } = request.body;
      return { status: true as const, data: await watchlists.remove(user.id, id, symbol) };
    },
  );

  app.post(
    '/api/watchlists/reorder',
    {
      schema: {
        tags,
        summary:
          "Saves a new order of a watchlist: exactly its symbols, each once; 409 'watchlists.orderChanged' when " +
          'the list changed meanwhile (nothing saved)',
        security,
        body: WatchlistReorderInput.safeExtend(tokenField),
        response: { ...onAList, 409: ErrorBody },
      },
    },
    async (request) => {
      const { user } = await auth(request);
      const { id, symbols } = request.body;
      return { status: true as const, data: await watchlists.reorder(user.id, id, symbols) };
    },
  );

  app.post(
    '/api/watchlists/favourite',
    {
      schema: {
        tags,
        summary:
          "The star: puts a catalogue symbol on the favourites (`on: true`) or takes it off; 400 'watchlists." +
          "unknownSymbol' for a symbol the catalogue has not, 409 'watchlists.tooManySymbols' at 100",
        security,
        body: WatchlistFavouriteInput.safeExtend(tokenField),
        response: { ...answers, 409: ErrorBody },
      },
    },
    async (request) => {
      const { user } = await auth(request);
      const { symbol, on } = request.body;
      return { status: true as const, data: await watchlists.favourite(user.id, symbol, on) };
    },
  );
}

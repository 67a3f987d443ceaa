/** Messages of the client's watchlists: refusals of the server (our texts). */
export const WATCHLISTS_MESSAGES = {
  'watchlists.nameLength': 'A list name must have 1 to 40 characters',
  'watchlists.nameControl': 'A list name cannot contain control characters',
  'watchlists.unknownSymbol': 'There is no market with this symbol',
  'watchlists.tooManyLists': 'You can keep at most 20 lists. Delete one to make a new one.',
  'watchlists.tooManySymbols': 'A list can hold at most 100 markets. Remove one to add another.',
  'watchlists.favouritesKept': 'The favourites list cannot be renamed or deleted',
  'watchlists.orderChanged': 'The list has changed meanwhile. Please try again.',
} as const;

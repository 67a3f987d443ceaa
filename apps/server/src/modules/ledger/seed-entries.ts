/**
 * The entries the seed books without a transaction, by seed cause: the verified demo client's opening deposit.
 * `ledger:verify` accepts exactly these as a deposit's cause (reference `seed:<cause>` and this amount), each once in
 * the database and as its account's first entry, so a `seed:` entry added later is found.
 */
export const SEED_ENTRIES = Object.freeze({
  'opening-balance': { kind: 'deposit', amount: '10000.00' },
} as const);

export type SeedCause = keyof typeof SEED_ENTRIES;

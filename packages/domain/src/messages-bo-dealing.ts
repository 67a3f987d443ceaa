/** Messages of the back office II: server answers of this area (our texts). */
export const BO_DEALING_MESSAGES = {
  'dealing.unknownSymbol': 'This instrument does not exist.',
  'dealing.tooManyHalted': 'At most {{max}} instruments can be halted for a brand.',
  'dealing.noDeskAccess': 'You have no access to the dealing desk.',
  /** The client's close notice and History line for a close by the broker's dealing desk. */
  'dealing.closedByBroker': 'Closed by the broker: {{reason}}',
} as const;

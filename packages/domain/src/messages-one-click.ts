/** Messages of one-click trading's settings: refusals of the server (our texts). */
export const ONE_CLICK_MESSAGES = {
  'oneClick.ackRequired':
    'One-click trading can only be switched on after you have read and accepted the risk acknowledgement',
  'oneClick.amount': 'The default amount must be from 1 to 1,000,000, in steps of 0.01',
  'oneClick.leverage': 'Choose a leverage from 1 to 1000',
  'oneClick.unknownSymbol': 'There is no market with this symbol',
  'oneClick.tooManySizes': 'You can keep default sizes for at most 500 markets',
} as const;

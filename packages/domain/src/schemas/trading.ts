/** Socket payloads of the trading namespace (spec §7): openPosition, closePosition, updatePosition. */
import { z } from 'zod';
import { AMOUNT_MIN } from '../constants.js';
import { DIRECTIONS } from '../pricing.js';
import { titleFor } from '../titles.js';
import {
  amountField,
  choiceField,
  commandIdField,
  formObject,
  idField,
  leverageField,
  optionalPositiveNumber,
  priceField,
} from './fields.js';

/** A symbol as the platform route and the price map use it, upper-cased: 'BTCUSD', 'EURUSD'. */
export const SymbolField = z
  .string({ error: (issue) => (issue.input == null ? 'field.required' : 'field.invalid') })
  .trim()
  .toUpperCase()
  .refine((v) => /^[A-Z0-9._-]{1,32}$/.test(v), {
    message: 'field.invalid',
    params: { title: titleFor('symbol') },
  });

/** openPosition {direction, amount, leverage, price, symbol}; the server re-prices it (architecture §5). */
export const OpenPositionInput = formObject({
  direction: choiceField('direction', DIRECTIONS),
  // spec §5: amount required, min 1, step 0.01 (max free margin is checked by validateNewTrade)
  amount: amountField('amount', AMOUNT_MIN),
  leverage: leverageField(),
  price: priceField('price'),
  symbol: SymbolField,
  // spec §5: stop loss and take profit are optional on a new trade (either may be empty); when set, within
  // PRICE_MAX and PRICE_MAX_DECIMALS (bounds.ts), so 1e20 is refused, not an overflow, and 1e-300 not stored as 0
  stop_lost: optionalPositiveNumber('stop_lost').optional(),
  take_profit: optionalPositiveNumber('take_profit').optional(),
  // a re-sent command with this id is answered, not executed again
  commandId: commandIdField(),
});
export type OpenPositionInput = z.infer<typeof OpenPositionInput>;

/** closePosition {id, price}: price is the opposite price the client saw. */
export const ClosePositionInput = formObject({
  id: idField('id'),
  price: priceField('price'),
});
export type ClosePositionInput = z.infer<typeof ClosePositionInput>;

/** updatePosition {id, stop_lost, take_profit}: empty (null, '' or 0) removes a trigger → null. */
export const UpdatePositionInput = formObject({
  id: idField('id'),
  stop_lost: optionalPositiveNumber('stop_lost'),
  take_profit: optionalPositiveNumber('take_profit'),
});
export type UpdatePositionInput = z.infer<typeof UpdatePositionInput>;

import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { formatMessage } from '../messages.js';
import {
  CancelOrderInput,
  ClosePositionPartInput,
  PlaceOrderInput,
  UpdateOrderInput,
  UpdatePositionTrailingInput,
} from '../realtime.js';
import { validateInput } from './issues.js';
import { OpenPositionInput } from './trading.js';

const texts = (schema: z.ZodType, input: unknown) => {
  const result = validateInput(schema, input);
  return result.ok ? [] : result.errors.map((e) => [e.path, e.key, formatMessage(e)]);
};

/** A valid payload of every trading command, as the spec (and the pending orders) send them: no commandId. */
const payloads: [string, z.ZodType, Record<string, unknown>][] = [
  [
    'openPosition',
    OpenPositionInput,
    { direction: 'buy', amount: 100, leverage: 10, price: 65_000, symbol: 'BTCUSD' },
  ],
  ['closePosition', ClosePositionPartInput, { id: 7, price: 65_000 }],
  ['updatePosition', UpdatePositionTrailingInput, { id: 7, stop_lost: 60_000, take_profit: null }],
  [
    'placeOrder',
    PlaceOrderInput,
    {
      symbol: 'EURUSD',
      direction: 'buy',
      type: 'limit',
      price: 1.09,
      amount: 100,
      leverage: 10,
      expiry: { kind: 'gtc' },
    },
  ],
  ['updateOrder', UpdateOrderInput, { id: 8, price: 1.08 }],
  ['cancelOrder', CancelOrderInput, { id: 8 }],
];

describe('an optional client command id on every trading command', () => {
  it.each(payloads)(
    '%s: valid without one (the output has none), and with one (kept as sent)',
    (_, schema, payload) => {
      const without = schema.safeParse(payload);
      expect(without.success).toBe(true);
      expect(without.data).not.toHaveProperty('commandId');
      for (const commandId of ['a', 'cmd_01-XYZ', 'x'.repeat(64), '0f8fad5b-d9cb-469f-a165-70867728950e']) {
        const parsed = schema.safeParse({ ...payload, commandId });
        expect(parsed.success).toBe(true);
        expect((parsed.data as { commandId?: string }).commandId).toBe(commandId);
      }
    },
  );

  it.each(payloads)("%s: anything else is refused as 'Command id is not valid'", (_, schema, payload) => {
    for (const commandId of ['', 'x'.repeat(65), 'a b', 'a.b', 'ä', 'a\n', 42, null, { id: 1 }]) {
      expect(texts(schema, { ...payload, commandId })).toEqual([
        ['commandId', 'field.invalid', 'Command id is not valid'],
      ]);
    }
  });
});

import {
  BACKOFFICE_SOCKET,
  BalancePayload,
  CancelOrderInput,
  ClosePositionPartInput,
  CommandAck,
  NoticePayload,
  OpenPositionInput,
  OrderCommandAck,
  OrdersDeltaPayload,
  OrdersPayload,
  PlaceOrderInput,
  PositionsDeltaPayload,
  PositionsPayload,
  PriceMap,
  PriceSubscribeAck,
  PriceSubscribeInput,
  PricesCompactPayload,
  QueueChanged,
  SOCKET_EVENTS,
  SOCKET_NAMESPACES,
  UpdateOrderInput,
  UpdatePositionTrailingInput,
} from '@openbroker/domain';
import { z } from 'zod';

/**
 * The AsyncAPI 3.0 document of the socket events (docs/api.md), served beside the OpenAPI
 * one at /api/docs/asyncapi.json. Built from the domain's socket contract (namespaces, event names
 * and payload schemas of packages/domain/src/realtime.ts and contracts/money.ts): `EVENTS` is keyed
 * by every event name, so an event added to the domain without a description here fails the
 * typecheck, and the payloads are the very zod schemas the server and the web app use.
 */

const NAMESPACES = {
  prices: SOCKET_NAMESPACES.prices,
  trading: SOCKET_NAMESPACES.trading,
  backoffice: BACKOFFICE_SOCKET.namespace,
} as const;
type Namespace = keyof typeof NAMESPACES;

export type SocketEventName =
  | (typeof SOCKET_EVENTS)[keyof typeof SOCKET_EVENTS]
  | typeof BACKOFFICE_SOCKET.queueChanged;

interface EventDoc {
  namespace: Namespace;
  /** `server`: the server emits it; `client`: a client emits it (with an acknowledgement when `ack`). */
  from: 'server' | 'client';
  summary: string;
  payload: z.ZodType;
  ack?: z.ZodType;
}

/** Every socket event, by the name it is emitted with. */
export const EVENTS: Record<SocketEventName, EventDoc> = {
  [SOCKET_EVENTS.prices]: {
    namespace: 'prices',
    from: 'server',
    summary:
      'Quotes per symbol {buy, sell} (buy = ask, sell = bid, before the slippage the terminal applies): the whole ' +
      'map on connect, then changes conflated to at most one message per client per 250 ms. {buy: null, sell: null}: ' +
      'the instrument just became unavailable.',
    payload: PriceMap,
  },
  [SOCKET_EVENTS.halts]: {
    namespace: 'prices',
    from: 'server',
    summary:
      'Every symbol a dealer halted for the socket’s brand {symbols: [...]}: on connect and whenever it changes. ' +
      'A halted symbol cannot be opened or ordered (the terminal greys its buy and sell buttons); closing stays possible.',
    payload: z.object({ symbols: z.array(z.string()) }),
  },
  [SOCKET_EVENTS.subscribe]: {
    namespace: 'prices',
    from: 'client',
    summary:
      'Opt-in: {symbols: up to 200 known symbols, compact?: boolean} replaces the set of symbols this socket ' +
      'follows. The socket then gets at once the current state of those symbols and afterwards only those that changed ' +
      '(conflated as `prices`): as the `prices` map, or with `compact: true` as `pricesCompact`. A socket that never ' +
      'subscribes keeps getting the `prices` map of every changed symbol. Acknowledged with the set in force, or the ' +
      'refusal (unknown symbol, too many, malformed), which changes nothing.',
    payload: PriceSubscribeInput,
    ack: PriceSubscribeAck,
  },
  [SOCKET_EVENTS.pricesCompact]: {
    namespace: 'prices',
    from: 'server',
    summary:
      'The compact form for sockets that subscribed with `compact: true`: a flat array of triples [symbol, buy, sell, …] ' +
      'of the subscribed symbols that changed (buy = ask, sell = bid). null, null: the instrument just became ' +
      'unavailable (announced once, as {buy: null, sell: null} in the map).',
    payload: PricesCompactPayload,
  },
  [SOCKET_EVENTS.positions]: {
    namespace: 'trading',
    from: 'server',
    summary: "The client's open positions and history: on connect, on every change and every 5 s.",
    payload: PositionsPayload,
  },
  [SOCKET_EVENTS.balance]: {
    namespace: 'trading',
    from: 'server',
    summary: 'Balance, equity, free margin and profit (spec §9): on connect, on every change and every 5 s.',
    payload: BalancePayload,
  },
  [SOCKET_EVENTS.openPosition]: {
    namespace: 'trading',
    from: 'client',
    summary:
      'Opens a position; the server re-prices it. The acknowledgement carries the position or the refusal.',
    payload: OpenPositionInput,
    ack: CommandAck,
  },
  [SOCKET_EVENTS.closePosition]: {
    namespace: 'trading',
    from: 'client',
    summary:
      "Closes a position at the server's opposite price (the price the client saw is only compared). With `amount` " +
      '(EUR of margin, step 0.01, leaving at least 1) only that part closes: the part becomes a closed position of its ' +
      'own (`part_of`) booked through the ledger like a full close. Acknowledged with the position or the refusal.',
    payload: ClosePositionPartInput,
    ack: CommandAck,
  },
  [SOCKET_EVENTS.updatePosition]: {
    namespace: 'trading',
    from: 'client',
    summary:
      'Sets or removes (null, empty or 0) stop loss and take profit; `trailing_stop` {distance, unit: pips|price} ' +
      'sets a server-side trailing stop (null removes it, absent keeps it). A break-even is stop_lost = open_rate. ' +
      'Acknowledged with the position or the refusal.',
    payload: UpdatePositionTrailingInput,
    ack: CommandAck,
  },
  [SOCKET_EVENTS.placeOrder]: {
    namespace: 'trading',
    from: 'client',
    summary:
      'Places a pending limit or stop order with optional SL/TP (relative to its level), trailing stop and expiry ' +
      '(gtc, eod = next 22:00 UTC, or a date). It fires at the dealing price, is checked again against the free margin ' +
      'then, and is rejected with a reason if the account cannot carry it. Acknowledged with the order or the refusal.',
    payload: PlaceOrderInput,
    ack: OrderCommandAck,
  },
  [SOCKET_EVENTS.updateOrder]: {
    namespace: 'trading',
    from: 'client',
    summary:
      "Changes an open order's level, SL/TP or expiry (absent fields stay). Acknowledged with the order.",
    payload: UpdateOrderInput,
    ack: OrderCommandAck,
  },
  [SOCKET_EVENTS.cancelOrder]: {
    namespace: 'trading',
    from: 'client',
    summary: 'Cancels an open order. Acknowledged with the cancelled order or the refusal.',
    payload: CancelOrderInput,
    ack: OrderCommandAck,
  },
  [SOCKET_EVENTS.orders]: {
    namespace: 'trading',
    from: 'server',
    summary: "The client's open pending orders and the latest done ones: on connect and on every change.",
    payload: OrdersPayload,
  },
  [SOCKET_EVENTS.notice]: {
    namespace: 'trading',
    from: 'server',
    summary:
      'Something the client must hear at once: a position closed automatically (with the quote, the level and, at a ' +
      'stop-out, equity, used margin and margin level), a margin call, an order filled, rejected or expired.',
    payload: NoticePayload,
  },
  [SOCKET_EVENTS.positionsChanged]: {
    namespace: 'trading',
    from: 'server',
    summary:
      'Opt-in (handshake `auth: {token, deltas: 1}`): instead of the whole `positions` list on every change, ' +
      'only the positions the change touched. `open`: replace (or add) the open position of that id; `closed`: remove ' +
      'it from the open list and put it first in the history, with its close data (a partial close: the reduced ' +
      'original in `open`, the closed part in `closed`). Sent with `balance`; the full lists come once on connect, ' +
      'and every 5 s only `balance` (the client values open positions from the prices). The client keeps at most ' +
      '200 closed positions. A socket without `deltas` keeps the spec pushes exactly.',
    payload: PositionsDeltaPayload,
  },
  [SOCKET_EVENTS.ordersChanged]: {
    namespace: 'trading',
    from: 'server',
    summary:
      'Opt-in (`auth.deltas`): only the orders a change touched, instead of the whole `orders` lists. ' +
      '`open`: replace (or add) the open order of that id; `closed` (filled, cancelled, expired, rejected): remove it ' +
      'from the open list and put it first in the history.',
    payload: OrdersDeltaPayload,
  },
  [BACKOFFICE_SOCKET.queueChanged]: {
    namespace: 'backoffice',
    from: 'server',
    summary:
      "An item entered or left a brand's deposit or withdrawal queue, or a withdrawal got its first of two four-eyes " +
      'approvals: re-read the queue. Sent only to staff whose ' +
      'brand scope has that brand and who hold the queue permission (deposits.approve, withdrawals.approve).',
    payload: QueueChanged,
  },
};

const CHANNELS: Record<Namespace, { title: string; description: string; security: string | null }> = {
  prices: {
    title: 'Prices',
    description: 'Public price stream (spec §7); no authentication.',
    security: null,
  },
  trading: {
    title: 'Trading',
    description:
      "A client's positions and balance, and their trading commands (spec §7). Handshake `auth: {token}` with the " +
      'client session token; a refused or ended session is disconnected. With `auth: {token, deltas: 1}` ' +
      'the socket gets the full lists on connect and then `positionsChanged`/`ordersChanged` with only what changed.',
    security: 'clientSession',
  },
  backoffice: {
    title: 'Back office',
    description:
      'Live queues of the back office. Handshake `auth: {token}` with a full staff session token (two-factor ' +
      'sign-in set up); other tokens are refused.',
    security: 'staffSession',
  },
};

/** A zod schema as an AsyncAPI (JSON Schema draft-07) payload schema. */
function payloadSchema(schema: z.ZodType, io: 'input' | 'output'): Record<string, unknown> {
  const json = z.toJSONSchema(schema, { target: 'draft-7', io, unrepresentable: 'any' }) as Record<
    string,
    unknown
  >;
  delete json.$schema;
  return json;
}

const upperFirst = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);
/** `queue.changed` → `QueueChanged`: message and operation names. */
const pascal = (name: string) =>
  name
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map(upperFirst)
    .join('');

export function asyncApiDocument(): Record<string, unknown> {
  const channels: Record<string, Record<string, unknown>> = {};
  const operations: Record<string, unknown> = {};
  const messages: Record<string, unknown> = {};
  for (const [key, channel] of Object.entries(CHANNELS) as Array<[Namespace, (typeof CHANNELS)[Namespace]]>) {
    channels[key] = {
      address: NAMESPACES[key],
      title: channel.title,
      description: channel.description,
      messages: {},
    };
  }
  for (const [name, event] of Object.entries(EVENTS) as Array<[SocketEventName, EventDoc]>) {
    const id = pascal(name);
    const channel = channels[event.namespace] as { messages: Record<string, unknown> };
    messages[id] = {
      name,
      title: name,
      summary: event.summary,
      contentType: 'application/json',
      payload: payloadSchema(event.payload, event.from === 'server' ? 'output' : 'input'),
    };
    channel.messages[id] = { $ref: `#/components/messages/${id}` };
    const security = CHANNELS[event.namespace].security;
    const operation: Record<string, unknown> = {
      // From the server's side: it sends what it emits and receives what clients emit.
      action: event.from === 'server' ? 'send' : 'receive',
      channel: { $ref: `#/channels/${event.namespace}` },
      summary: event.summary,
      messages: [{ $ref: `#/channels/${event.namespace}/messages/${id}` }],
      // A public namespace says so explicitly: no security.
      security: security ? [{ $ref: `#/components/securitySchemes/${security}` }] : [],
    };
    if (event.ack) {
      const ackId = `${id}Ack`;
      messages[ackId] = {
        name: `${name} acknowledgement`,
        title: `${name} acknowledgement`,
        summary:
          'The argument of the acknowledgement callback: {status: true, data: position} or the refusal.',
        contentType: 'application/json',
        payload: payloadSchema(event.ack, 'output'),
      };
      channel.messages[ackId] = { $ref: `#/components/messages/${ackId}` };
      operation.reply = {
        channel: { $ref: `#/channels/${event.namespace}` },
        messages: [{ $ref: `#/channels/${event.namespace}/messages/${ackId}` }],
      };
    }
    operations[`${event.from === 'server' ? 'send' : 'receive'}${id}`] = operation;
  }
  return {
    asyncapi: '3.0.0',
    info: {
      title: 'OpenBroker socket events',
      version: '0.1.0',
      description:
        'Socket.IO v4 namespaces and events (spec §7 and the back office). Operations are from the server: `send` ' +
        'is an event the server emits, `receive` one a client emits. The REST API is in the OpenAPI document at ' +
        '/api/docs/json.',
    },
    defaultContentType: 'application/json',
    servers: {
      openbroker: {
        host: '{host}',
        protocol: 'ws',
        pathname: '/socket.io/',
        description: 'The OpenBroker server (Socket.IO over WebSocket, same origin as the web app).',
        variables: { host: { default: 'localhost:3000', description: 'Host and port of the server' } },
      },
    },
    channels,
    operations,
    components: {
      messages,
      securitySchemes: {
        clientSession: {
          type: 'httpApiKey',
          name: 'token',
          in: 'query',
          description:
            'The client session token, in the Socket.IO handshake `auth: {token}` (or the `token` query).',
        },
        staffSession: {
          // AsyncAPI has no scheme for Socket.IO handshake data; an API key the client presents when
          // it connects is the nearest. The server reads only `auth.token`, never the URL.
          type: 'apiKey',
          in: 'user',
          description:
            'A full staff session token, sent as the Socket.IO handshake `auth: {token}` (never in the URL).',
        },
      },
    },
  };
}

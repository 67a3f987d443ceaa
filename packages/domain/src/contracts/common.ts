import { z } from 'zod';

/**
 * Back-office answer contracts: what a staff route answers inside its `{status: true, data}` envelope. The
 * server's route declares it as its 200 answer (so OpenAPI documents it and the wire is checked against it in
 * tests) and the web's `staffRequest` parses every answer with it, so a drift fails at the call, not deep in a
 * screen. One file per business area; inputs the server validates stay beside the area's rules.
 */

/** A page of a back-office list (50 a page unless the route says otherwise). */
export const StaffPage = <Item extends z.ZodType>(item: Item) =>
  z.object({
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  });

/** An exact decimal amount as the wire carries it ("1234.50"); its currency is named beside it. */
export const DecimalText = z.string().describe('exact decimal, e.g. "1234.50"');

/** An instant as the wire carries it (ISO 8601, UTC). */
export const Instant = z.string().describe('ISO 8601 instant, UTC');

// ------------------------------------------------------------------------------ client area and affiliate panel

/**
 * The client area's and the affiliate panel's answers follow the spec's wire format (§3, §7): the server's
 * routes declare them as their 200 answers, the sockets emit values of their types, the web's `apiRequest`
 * parses every answer with them and the web's test fixtures are built through them. Field names and types
 * are the spec's: change them only with the spec.
 */

/** A 0 / 1 flag: the spec's front ends expect numbers, not booleans. */
export const WireFlag = z.literal([0, 1]);

/** A moment as a client-area answer sends it: ISO 8601 in UTC (`Date#toISOString`), checked as such. */
export const WireInstant = z.iso.datetime();

/** The answer of a call whose success carries no data (`data: {}`): logout, a password change, a read mark. */
export const NoData = z.object({});
export type NoData = z.infer<typeof NoData>;

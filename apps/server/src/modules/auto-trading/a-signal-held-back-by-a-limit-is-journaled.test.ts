import { formatMessage, type JournalEntryDto } from '@openbroker/domain';
import { describe, expect, it } from 'vitest';
import {
  autoClient,
  journalOf,
  nextMinute,
  plainPricing,
  replay,
  switchOn,
  trendSettings,
  waveFor,
} from '../../test/auto-trading-kit.js';
import { createTestServer, testDbKind } from '../../test/harness.js';

/**
 * docs/auto-trading.md: "The strategy skips a trade, and the journal says why". A crossover the client's
 * own limits hold back (the amount, the maximum of open auto positions, …) is one 'skipped' line: what the strategy
 * wanted in words, why it did not open, the indicator values and the quote. Candles without a signal write nothing.
 */
describe(`a signal held back by a limit is journaled (${testDbKind})`, async () => {
  const server = await createTestServer({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
  const { ctx } = server.runtime;

  const skipped = (journal: JournalEntryDto[]) => journal.filter((e) => e.action === 'skipped');

  it('an amount above the free margin: one line saying why, and nothing on the candles without a signal', async () => {
    const client = await autoClient(server, { balance: 50 });
    plainPricing(server, client.brandId);
    await switchOn(
      server,
      client,
      trendSettings(['BCHUSD'], { limits: { amount: { mode: 'fixed', value: 100 } } }),
    );
    // the wave's first crossover (a sell) comes at candle 7, the next only at candle 14
    await replay(server, 'BCHUSD', waveFor(12, nextMinute(server, 'BCHUSD'), 500));

    expect(ctx.trading.positions(client.id).open).toEqual([]);
    const journal = await journalOf(server, client);
    expect(journal.map((e) => e.action)).toEqual(['settings', 'switchedOn', 'skipped']);
    const [line] = skipped(journal);
    expect(line).toMatchObject({
      symbol: 'BCHUSD',
      direction: 'sell',
      reason: { key: 'auto.reason.trend.crossDown' },
      outcome: { key: 'auto.hold.notEnoughMargin', params: { amount: '€ 100.00', freeMargin: '€ 50.00' } },
      position_id: null,
    });
    expect(line?.candle_time).not.toBeNull();
    expect(line?.quote?.buy).toBeGreaterThan(line?.quote?.sell ?? Number.POSITIVE_INFINITY);
    expect(Object.keys(line?.indicators ?? {})).toEqual(
      expect.arrayContaining(['smaFast', 'smaSlow', 'smaFastPrevious', 'smaSlowPrevious']),
    );
    if (!line?.outcome) throw new Error('no outcome');
    expect(formatMessage(line.reason)).toMatch(/crossed below .*: sell\.$/);
    expect(formatMessage(line.outcome)).toBe(
      'Not opened: the amount per trade of € 100.00 is more than the free margin of € 50.00.',
    );
  });

  it('the maximum of open auto positions reached: the crossover on the second instrument is skipped, with why', async () => {
    const client = await autoClient(server);
    plainPricing(server, client.brandId);
    await switchOn(server, client, trendSettings(['AAVEUSD', 'SOLUSD'], { limits: { maxPositions: 1 } }));
    await replay(server, 'AAVEUSD', waveFor(9, nextMinute(server, 'AAVEUSD'), 260));
    const [first] = ctx.trading.positions(client.id).open;
    expect(first).toMatchObject({ origin: 'auto', symbol: 'AAVEUSD', direction: 'sell' });

    await replay(server, 'SOLUSD', waveFor(9, nextMinute(server, 'SOLUSD'), 200));
    expect(ctx.trading.positions(client.id).open.map((p) => p.symbol)).toEqual(['AAVEUSD']);
    const journal = await journalOf(server, client);
    expect(journal.map((e) => `${e.action} ${e.symbol ?? ''}`.trim())).toEqual([
      'settings',
      'switchedOn',
      'open AAVEUSD',
      'skipped SOLUSD',
    ]);
    expect(skipped(journal)[0]).toMatchObject({
      direction: 'sell',
      reason: { key: 'auto.reason.trend.crossDown' },
      outcome: { key: 'auto.hold.maxPositions', params: { count: 1, max: 1 } },
    });
  });
});

import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from './clock.js';
import type { Quote } from './feed.js';
import { loadCatalogue } from './instruments.js';
import { formatTickCsv, parseTickCsv, ReplayFeed, TickCsvError } from './replay-feed.js';
import { simulateQuotes } from './simulated-feed.js';

const catalogue = loadCatalogue();
const T0 = Date.parse('2026-11-18T15:00:00Z');

const GOOD = [
  '# recorded on the demo server',
  'ts,symbol,bid,ask',
  `${T0},EURUSD,1.16500,1.16512`,
  '',
  '2026-11-18T15:00:00.250Z,BTCUSD,95000.10,95025.30',
  `${T0 + 1_000},EURUSD,1.16510,1.16522`,
].join('\r\n');

describe('tick CSV parsing (ts,symbol,bid,ask)', () => {
  it('reads epoch-millisecond and ISO timestamps, skips the header, comments and blank lines, and CRLF', () => {
    const { quotes, problems } = parseTickCsv(GOOD);
    expect(problems).toEqual([]);
    expect(quotes).toEqual([
      { symbol: 'EURUSD', bid: 1.165, ask: 1.16512, ts: T0 },
      { symbol: 'BTCUSD', bid: 95000.1, ask: 95025.3, ts: T0 + 250 },
      { symbol: 'EURUSD', bid: 1.1651, ask: 1.16522, ts: T0 + 1_000 },
    ]);
  });

  it('rejects every bad line with its line number and the reason', () => {
    const text = [
      'ts,symbol,bid,ask',
      `${T0},EURUSD,1.165,1.16512`,
      `${T0},EURUSD,1.165`,
      `${T0},EURUSD,1.165,1.16512,extra`,
      'yesterday,EURUSD,1.165,1.16512',
      '2026-11-18T15:00:00,EURUSD,1.165,1.16512',
      `${T0},EUR USD,1.165,1.16512`,
      `${T0},EURUSD,-1.165,1.16512`,
      `${T0},EURUSD,1.165,abc`,
      `${T0},EURUSD,1.17,1.16512`,
      `${T0 - 1},EURUSD,1.165,1.16512`,
      `${T0},FOOBAR,1.165,1.16512`,
      `${T0 + 5},EURUSD,1.165,1.16512`,
    ].join('\n');
    const { quotes, problems } = parseTickCsv(text, {
      knownSymbols: new Set(catalogue.instruments.map((i) => i.symbol)),
    });
    expect(quotes.map((q) => q.ts)).toEqual([T0, T0 + 5]);
    expect(problems.map((p) => [p.line, p.reason])).toEqual([
      [3, 'expected 4 fields (ts,symbol,bid,ask), found 3'],
      [4, 'expected 4 fields (ts,symbol,bid,ask), found 5'],
      [5, 'timestamp "yesterday" is neither epoch milliseconds nor ISO 8601 with a time zone'],
      [6, 'timestamp "2026-11-18T15:00:00" is neither epoch milliseconds nor ISO 8601 with a time zone'],
      [7, 'symbol "EUR USD" is not 1–32 letters, digits or . _ : ! -'],
      [8, 'bid "-1.165" is not a positive number'],
      [9, 'ask "abc" is not a positive number'],
      [10, 'bid 1.17 is above ask 1.16512'],
      [11, 'timestamp goes back in time (previous tick at 2026-11-18T15:00:00.000Z)'],
      [12, 'unknown symbol "FOOBAR"'],
    ]);
    expect(problems[0]?.text).toBe(`${T0},EURUSD,1.165`);
  });

  it('round-trips what the simulated market produces', () => {
    const quotes = [
      ...simulateQuotes(catalogue.require('EURUSD'), { seed: 1, startTime: T0, until: T0 + 10_000 }),
    ];
    expect(parseTickCsv(formatTickCsv(quotes))).toEqual({ quotes, problems: [] });
  });
});

describe('replay feed', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'openbroker-replay-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('refuses to start on a file with bad lines, naming the file, the lines and the reasons', async () => {
    const file = path.join(dir, 'bad.csv');
    await writeFile(file, `ts,symbol,bid,ask\n${T0},EURUSD,1.165,1.16512\n${T0},EURUSD,oops,1.16512\n`);
    const feed = new ReplayFeed({ source: { path: file }, speed: 'max' });
    const error = await feed.start().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TickCsvError);
    expect((error as Error).message).toBe(
      `Tick file ${file} has 1 bad line(s):\n  line 3: bid "oops" is not a positive number — "${T0},EURUSD,oops,1.16512"`,
    );
  });

  it("with badLines: 'skip' drops bad lines, reports them, and replays the rest", async () => {
    const reported: number[] = [];
    const feed = new ReplayFeed({
      source: { text: `${T0},EURUSD,1.165,1.16512\nbroken\n${T0 + 1},EURUSD,1.165,1.16512\n` },
      speed: 'max',
      badLines: 'skip',
      onBadLines: (problems) => reported.push(...problems.map((p) => p.line)),
    });
    const quotes: Quote[] = [];
    feed.onQuote((q) => quotes.push(q));
    await feed.start();
    await feed.finished();
    expect(reported).toEqual([2]);
    expect(quotes).toHaveLength(2);
  });

  it('replays in real time at speed 1 on the clock', async () => {
    const clock = new ManualClock(Date.parse('2027-01-01T00:00:00Z'));
    const feed = new ReplayFeed({ source: { text: GOOD }, clock });
    const seen: Array<[number, string]> = [];
    feed.onQuote((q) => seen.push([clock.now() - Date.parse('2027-01-01T00:00:00Z'), q.symbol]));
    await feed.start();
    expect(seen).toEqual([[0, 'EURUSD']]);
    clock.advance(249);
    expect(seen).toHaveLength(1);
    clock.advance(1);
    expect(seen).toEqual([
      [0, 'EURUSD'],
      [250, 'BTCUSD'],
    ]);
    clock.advance(750);
    expect(seen.at(-1)).toEqual([1_000, 'EURUSD']);
    await feed.finished();
    expect(feed.emitted).toBe(3);
    expect(clock.pending).toBe(0);
  });

  it('replays faster with a speed factor, and can restamp quotes with the replay time', async () => {
    const start = Date.parse('2027-01-01T00:00:00Z');
    const clock = new ManualClock(start);
    const feed = new ReplayFeed({ source: { text: GOOD }, clock, speed: 10, restamp: true });
    const seen: Quote[] = [];
    feed.onQuote((q) => seen.push(q));
    await feed.start();
    clock.advance(25);
    clock.advance(75);
    expect(seen.map((q) => q.ts - start)).toEqual([0, 25, 100]);
  });

  it('replays as fast as possible in order, yielding between batches, and can be stopped', async () => {
    const quotes = [
      ...simulateQuotes(catalogue.require('BTCUSD'), { seed: 1, startTime: T0, until: T0 + 3_600_000 }),
    ];
    const feed = new ReplayFeed({ source: { quotes }, speed: 'max', batchSize: 1_000 });
    const seen: Quote[] = [];
    feed.onQuote((q) => seen.push(q));
    await feed.start();
    expect(seen.length).toBe(1_000); // the first batch, then it yields
    await feed.finished();
    expect(seen).toEqual(quotes);

    const stopped = new ReplayFeed({ source: { quotes }, speed: 'max', batchSize: 1_000 });
    let count = 0;
    stopped.onQuote(() => {
      count += 1;
      if (count === 2_500) void stopped.stop();
    });
    await stopped.start();
    await stopped.finished();
    expect(count).toBe(2_500);
  });

  it('rejects a speed that is not positive', () => {
    expect(() => new ReplayFeed({ source: { text: '' }, speed: 0 })).toThrow(/positive number or 'max'/);
  });
});

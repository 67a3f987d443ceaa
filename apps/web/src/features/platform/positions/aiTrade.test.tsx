import { formatMessage } from '@openbroker/domain';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '../../../shared/session/authStore.js';
import { positionFixture } from '../../../test/platformFixtures.js';
import { BTC, renderPlatform, withAccount, withPrices } from '../../../test/platformKit.js';
import { closeExplanation } from './closeExplanation.js';

afterEach(() => {
  cleanup();
  authStore.clear();
  window.localStorage.clear();
  vi.unstubAllGlobals();
});

const money = (value: number) => `€${value.toFixed(2)}`;
const quote = { buy: 100_050, sell: 99_950 };
const reason = {
  key: 'auto.close.trend.crossDown',
  params: { fast: 10, slow: 30, smaFast: '99990.10', smaSlow: '100002.50' },
} as const;

/** A position the strategy opened and closed on the crossover (closingReason 4, close context by 'strategy'). */
const aiClosed = (contextReason: string) =>
  positionFixture({
    id: 51,
    origin: 'auto',
    closed_rate: 99_950,
    close_date: '2026-11-24T11:00:00.000Z',
    profit: -2.5,
    closingReason: 4,
    closingCause: 'ai_trade',
    close_context: { quote, by: 'strategy', reason: contextReason },
  });

describe('positions of the auto-trading strategy on the platform', () => {
  it('carry the AI badge; the client’s own do not', async () => {
    const { sockets } = renderPlatform();
    await withPrices(sockets, { BTCUSD: BTC });
    await withAccount(sockets, [positionFixture({ id: 7 }), positionFixture({ id: 8, origin: 'auto' })]);
    const auto = screen.getByTestId('position-row-8');
    const badge = within(auto).getByTestId('position-ai-badge');
    expect(badge.textContent).toBe('AI');
    expect(badge.getAttribute('href')).toBe('/auto-trading');
    expect(within(screen.getByTestId('position-row-7')).queryByTestId('position-ai-badge')).toBeNull();
  });

  it('history says "AI Trade" and explains the close with the strategy’s reason', async () => {
    const { sockets } = renderPlatform();
    await withPrices(sockets, { BTCUSD: BTC });
    await withAccount(sockets, [], [aiClosed(formatMessage(reason))]);
    fireEvent.click(screen.getByTestId('positions-tab-history'));
    const row = screen.getByTestId('position-row-51');
    expect(within(row).getByTestId('position-reason').textContent).toBe('AI Trade');
    expect(within(row).getByTestId('position-ai-badge')).toBeTruthy();
    fireEvent.click(screen.getByTestId('position-why-toggle-51'));
    const why = screen.getByTestId('position-why-51').textContent ?? '';
    expect(why).toContain('Closed by your auto-trading strategy.');
    expect(why).toContain(
      'The 10-candle average (99990.10) crossed below the 30-candle average (100002.50): the buy position is closed.',
    );
    expect(why).toContain('99950.00');
  });

  it('German history reads "KI-Trade" and the strategy’s reason in German when the server kept the message', async () => {
    const { sockets } = renderPlatform('/platform/BTCUSD', { language: 'de' });
    await withPrices(sockets, { BTCUSD: BTC });
    await withAccount(sockets, [], [aiClosed(JSON.stringify(reason))]);
    fireEvent.click(screen.getByTestId('positions-tab-history'));
    expect(within(screen.getByTestId('position-row-51')).getByTestId('position-reason').textContent).toBe(
      'KI-Trade',
    );
    fireEvent.click(screen.getByTestId('position-why-toggle-51'));
    expect(screen.getByTestId('position-why-51').textContent).toContain(
      'Von Ihrer Auto-Trading-Strategie geschlossen.',
    );
  });
});

describe('the close explanation of an AI trade', () => {
  it('reads the reason from a message in JSON, a bare key, or the English text', () => {
    const lines = (kept: string) => closeExplanation({ position: aiClosed(kept) }, money).slice(0, 2);
    expect(lines(JSON.stringify(reason))).toEqual([{ key: 'at.why.strategyPlain' }, reason]);
    expect(lines('auto.journal.limitClose')).toEqual([
      { key: 'at.why.strategyPlain' },
      { key: 'auto.journal.limitClose' },
    ]);
    // the English text gives its figures back as text, as they were written
    expect(lines(formatMessage(reason))).toEqual([
      { key: 'at.why.strategyPlain' },
      { key: reason.key, params: { fast: '10', slow: '30', smaFast: '99990.10', smaSlow: '100002.50' } },
    ]);
  });

  it('shows a reason it cannot read as it is, and never names the broker', () => {
    const lines = closeExplanation({ position: aiClosed('Custom words'), automatic: true }, money);
    expect(lines[0]).toEqual({ key: 'at.why.strategy', params: { reason: 'Custom words' } });
    expect(lines.some((line) => line.key === 'dealing.closedByBroker' || line.key === 'ord.why.broker')).toBe(
      false,
    );
    expect(lines[1]).toEqual({
      key: 'ord.why.quote',
      params: { rate: '99950.00', sell: '99950.00', buy: '100050.00' },
    });
  });
});

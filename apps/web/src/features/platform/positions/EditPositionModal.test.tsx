import { breakEvenStop, price } from '@openbroker/domain';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '../../../shared/session/authStore.js';
import { positionFixture } from '../../../test/platformFixtures.js';
import { renderPlatform, withAccount, withPrices } from '../../../test/platformKit.js';

/** The stop-loss editor: break-even only in profit and on the tick, levels on the tick, points. */

afterEach(() => {
  cleanup();
  authStore.clear();
  window.localStorage.clear();
  vi.unstubAllGlobals();
});

const savedAnswer = (payload: Record<string, unknown>, position: ReturnType<typeof positionFixture>) => ({
  status: true as const,
  data: {
    ...position,
    stop_lost: payload.stop_lost as number | null,
    take_profit: payload.take_profit as number | null,
  },
});

async function editor(position: ReturnType<typeof positionFixture>, quote: { buy: number; sell: number }) {
  const view = renderPlatform();
  await withPrices(view.sockets, { BTCUSD: quote });
  await withAccount(view.sockets, [position]);
  view.sockets.trading().onCommand = (event, payload) =>
    event === 'updatePosition' ? savedAnswer(payload, position) : undefined;
  fireEvent.click(screen.getByTestId(`position-edit-${position.id}`));
  const modal = await screen.findByTestId('position-edit-modal');
  return { ...view, modal };
}

describe('break-even', () => {
  // a buy filled off the tick (99950.005): its break-even stop is the entry rounded up, 99950.01
  const buy = positionFixture({ id: 7, open_rate: 99_950.005 });

  it('is not offered on a losing position, nor in a profit smaller than the spread', async () => {
    const { sockets, modal } = await editor(buy, { buy: 100_000, sell: 99_900 });
    expect(within(modal).queryByTestId('position-edit-break-even')).toBeNull();
    // in profit by 49.995 with a spread of 100
    sockets.prices().push('prices', { BTCUSD: { buy: 100_100, sell: 100_000 } });
    await waitFor(() =>
      expect(within(modal).getByTestId('position-edit-reference').textContent).toBe('100000.00'),
    );
    expect(within(modal).queryByTestId('position-edit-break-even')).toBeNull();
  });

  it('fills the entry on the tick once in profit by the spread, and Save sends it', async () => {
    const { sockets, modal } = await editor(buy, { buy: 100_160, sell: 100_060 });
    const quote = { buy: price(100_160), sell: price(100_060) };
    expect(breakEvenStop(buy, quote, 0.01)).toBe(99_950.01);
    const button = within(modal).getByTestId('position-edit-break-even');
    expect(button.textContent).toContain('Break-even: stop loss to entry (99950.01)');
    fireEvent.click(button);
    expect((within(modal).getByTestId('position-edit-stop-loss') as HTMLInputElement).value).toBe('99950.01');
    expect(modal.textContent).not.toContain("Can't be");
    fireEvent.click(within(modal).getByTestId('position-edit-save'));
    expect(sockets.trading().commands('updatePosition')[0]?.payload).toMatchObject({
      id: 7,
      stop_lost: 99_950.01,
      take_profit: null,
    });
    await waitFor(() => expect(screen.queryByTestId('position-edit-modal')).toBeNull());
  });

  it("rounds a sell's entry down: the stop never locks in a loss", async () => {
    const sell = positionFixture({ id: 8, direction: 'sell', open_rate: 100_000.009 });
    const { modal } = await editor(sell, { buy: 99_850, sell: 99_800 });
    fireEvent.click(within(modal).getByTestId('position-edit-break-even'));
    expect((within(modal).getByTestId('position-edit-stop-loss') as HTMLInputElement).value).toBe(
      '100000.00',
    );
    expect(modal.textContent).not.toContain("Can't be");
  });
});

describe('levels in the stop-loss editor', () => {
  it('rounds SL/TP to the tick on leaving the field; the message names the price "Closes now at" shows', async () => {
    const position = positionFixture({ id: 7, open_rate: 100_000 });
    const { sockets, modal } = await editor(position, { buy: 100_000, sell: 99_900 });
    const stopLoss = within(modal).getByTestId('position-edit-stop-loss') as HTMLInputElement;
    // 99899.996 goes out as 99900.00, the price the buy closes at: refused as it is typed
    fireEvent.change(stopLoss, { target: { value: '99899.996' } });
    const shown = within(modal).getByTestId('position-edit-reference').textContent;
    expect(shown).toBe('99900.00');
    expect(modal.textContent).toContain(`Can't be higher than ${shown}`);
    fireEvent.blur(stopLoss);
    expect(stopLoss.value).toBe('99900.00');
    fireEvent.change(stopLoss, { target: { value: '98000.004' } });
    const takeProfit = within(modal).getByTestId('position-edit-take-profit') as HTMLInputElement;
    fireEvent.change(takeProfit, { target: { value: '105000.0051' } });
    fireEvent.click(within(modal).getByTestId('position-edit-save'));
    expect(sockets.trading().commands('updatePosition')[0]?.payload).toMatchObject({
      stop_lost: 98_000,
      take_profit: 105_000.01,
    });
  });

  it('trails crypto in points, sent as a distance in price', async () => {
    const position = positionFixture({ id: 7, open_rate: 100_000 });
    const { sockets, modal } = await editor(position, { buy: 100_000, sell: 99_900 });
    fireEvent.click(within(modal).getByTestId('position-edit-trailing-on'));
    const unit = within(modal).getByTestId('position-edit-trailing-unit') as HTMLSelectElement;
    expect([...unit.options].map((o) => o.textContent)).toEqual(['Points']);
    expect(modal.textContent).not.toContain('Pips');
    fireEvent.change(within(modal).getByTestId('position-edit-trailing-distance'), {
      target: { value: '50' },
    });
    fireEvent.click(within(modal).getByTestId('position-edit-save'));
    expect(sockets.trading().commands('updatePosition')[0]?.payload).toMatchObject({
      trailing_stop: { distance: 50, unit: 'price' },
    });
  });
});

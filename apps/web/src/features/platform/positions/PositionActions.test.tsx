import { MESSAGES_EN } from '@openbroker/domain';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '../../../shared/session/authStore.js';
import { positionFixture } from '../../../test/platformFixtures.js';
import { BTC, closedNotice, renderPlatform, withAccount, withPrices } from '../../../test/platformKit.js';
import { CONFIRM_CLOSE_KEY } from './confirmCloseSetting.js';

afterEach(() => {
  cleanup();
  authStore.clear();
  window.localStorage.clear();
  vi.unstubAllGlobals();
});

// a buy of 100 at 100000 with leverage 2; it closes at the brand's sell price as the socket sent it, 99900
const open = positionFixture({ id: 7 });
const closedAnswer = (payload: Record<string, unknown>) => ({
  status: true as const,
  data: {
    ...open,
    closed_rate: Number(payload.price),
    close_date: '2026-11-21T12:00:00.000Z',
    closingReason: 0 as const,
  },
});

async function platformWithPosition() {
  const view = renderPlatform();
  await withPrices(view.sockets, { BTCUSD: BTC });
  await withAccount(view.sockets, [open]);
  return view;
}

describe('closing a position asks first, unless the client turned that off', () => {
  it('asks; Cancel sends nothing; Close position sends at the opposite price as sent', async () => {
    const { sockets } = await platformWithPosition();
    sockets.trading().onCommand = (event, payload) =>
      event === 'closePosition' ? closedAnswer(payload) : undefined;
    fireEvent.click(screen.getByTestId('position-close-7'));
    const modal = await screen.findByTestId('position-close-modal');
    expect(within(modal).getByTestId('position-close-price').textContent).toBe('99900.00');
    fireEvent.click(within(modal).getByText('Cancel'));
    await waitFor(() => expect(screen.queryByTestId('position-close-modal')).toBeNull());
    expect(sockets.trading().commands('closePosition')).toEqual([]);

    fireEvent.click(screen.getByTestId('position-close-7'));
    fireEvent.click(await screen.findByTestId('position-close-confirm'));
    expect(sockets.trading().commands('closePosition')[0]?.payload).toEqual({
      dataUser: { token: 'token-1' },
      commandId: expect.any(String),
      id: 7,
      price: 99_900,
    });
    await waitFor(() => expect(screen.queryByTestId('position-row-7')).toBeNull());
  });

  it("'Don't ask again' closes at once from then on; the header switch turns asking back on", async () => {
    const { sockets } = await platformWithPosition();
    sockets.trading().onCommand = (event, payload) =>
      event === 'closePosition'
        ? { ...closedAnswer(payload), data: { ...closedAnswer(payload).data, id: Number(payload.id) } }
        : undefined;
    const toggle = screen.getByTestId('positions-confirm-close') as HTMLInputElement;
    expect(toggle.checked).toBe(true);
    fireEvent.click(screen.getByTestId('position-close-7'));
    const modal = await screen.findByTestId('position-close-modal');
    fireEvent.click(within(modal).getByTestId('position-close-dont-ask'));
    fireEvent.click(within(modal).getByTestId('position-close-confirm'));
    expect(window.localStorage.getItem(CONFIRM_CLOSE_KEY)).toBe('off');
    expect(toggle.checked).toBe(false);
    await waitFor(() => expect(screen.queryByTestId('position-close-modal')).toBeNull());

    // the next close goes straight out
    sockets.trading().push('positions', { open: [positionFixture({ id: 8 })], history: [] });
    fireEvent.click(screen.getByTestId('position-close-8'));
    expect(screen.queryByTestId('position-close-modal')).toBeNull();
    expect(
      sockets
        .trading()
        .commands('closePosition')
        .map((c) => c.payload.id),
    ).toEqual([7, 8]);

    fireEvent.click(toggle);
    expect(window.localStorage.getItem(CONFIRM_CLOSE_KEY)).toBeNull();
  });
});

describe('partial close', () => {
  it('checks the amount with the domain rule and sends only that much', async () => {
    const { sockets } = await platformWithPosition();
    sockets.trading().onCommand = (event) =>
      event === 'closePosition' ? { status: true, data: { ...open, amount: 60 } } : undefined;
    fireEvent.click(screen.getByTestId('position-close-part-7'));
    const modal = await screen.findByTestId('position-close-modal');
    const amount = within(modal).getByTestId('position-close-amount');
    fireEvent.change(amount, { target: { value: '0.5' } });
    fireEvent.blur(amount);
    expect(within(modal).getByTestId('position-close-amount-error').textContent).toBe(
      'Amount to close must be at least 1',
    );
    fireEvent.change(amount, { target: { value: '99.50' } });
    // € 1.00 must stay open: at most 99
    expect(within(modal).getByTestId('position-close-amount-error').textContent).toContain('99.00');
    fireEvent.click(within(modal).getByTestId('position-close-confirm'));
    expect(sockets.trading().commands('closePosition')).toEqual([]);

    fireEvent.change(amount, { target: { value: '40' } });
    expect(within(modal).queryByTestId('position-close-amount-error')).toBeNull();
    fireEvent.click(within(modal).getByTestId('position-close-confirm'));
    expect(sockets.trading().commands('closePosition')[0]?.payload).toMatchObject({ id: 7, amount: 40 });
    expect((await screen.findByTestId('toast-success')).textContent).toContain('of the position was closed');
    expect(within(screen.getByTestId('position-row-7')).getByText('€60.00')).toBeTruthy();
  });
});

describe('stop-loss editor: trailing stop and break-even', () => {
  it('BTCUSD trails in points (sent as a price distance), an empty distance is refused, and break-even is offered only in profit by more than the spread, at the entry on the tick', async () => {
    const { sockets } = await platformWithPosition();
    sockets.trading().onCommand = (event, payload) =>
      event === 'updatePosition'
        ? {
            status: true,
            data: { ...open, stop_lost: payload.stop_lost as number | null, trailing_stop: 0.5 },
          }
        : undefined;
    fireEvent.click(screen.getByTestId('position-edit-7'));
    const modal = await screen.findByTestId('position-edit-modal');
    // the position is in a loss (buy at 100000, closes now at 99900): no break-even
    expect(within(modal).queryByTestId('position-edit-break-even')).toBeNull();
    fireEvent.click(within(modal).getByTestId('position-edit-trailing-on'));
    fireEvent.click(within(modal).getByTestId('position-edit-save'));
    expect(modal.textContent).toContain('Distance is required');
    expect(sockets.trading().commands('updatePosition')).toEqual([]);

    // crypto is counted in points (one point = one price unit): the only unit offered, no pips
    const unit = within(modal).getByTestId('position-edit-trailing-unit') as HTMLSelectElement;
    expect([...unit.options].map((o) => [o.value, o.textContent])).toEqual([['price', 'Points']]);
    expect(unit.value).toBe('price');
    fireEvent.change(within(modal).getByTestId('position-edit-trailing-distance'), {
      target: { value: '50' },
    });
    fireEvent.click(within(modal).getByTestId('position-edit-save'));
    expect(sockets.trading().commands('updatePosition')[0]?.payload).toEqual({
      dataUser: { token: 'token-1' },
      commandId: expect.any(String),
      id: 7,
      stop_lost: null,
      take_profit: null,
      trailing_stop: { distance: 50, unit: 'price' },
    });
    await waitFor(() => expect(screen.queryByTestId('position-edit-modal')).toBeNull());
    expect(
      within(screen.getByTestId('position-row-7')).getByTestId('position-trailing').textContent,
    ).toContain('0.50');

    // still in a loss: break-even is not offered
    fireEvent.click(screen.getByTestId('position-edit-7'));
    const again = await screen.findByTestId('position-edit-modal');
    expect(within(again).queryByTestId('position-edit-break-even')).toBeNull();
    // in profit by 150 (closes at 100150) with a spread of 100: break-even puts the SL at the entry on the tick
    sockets.prices().push('prices', { BTCUSD: { buy: 100_250, sell: 100_150 } });
    const breakEven = await within(again).findByTestId('position-edit-break-even');
    expect(breakEven.textContent).toContain('Break-even: stop loss to entry (100000.00)');
    fireEvent.click(breakEven);
    expect((within(again).getByTestId('position-edit-stop-loss') as HTMLInputElement).value).toBe(
      '100000.00',
    );
    expect(again.textContent).not.toContain("Can't be");
    fireEvent.click(within(again).getByTestId('position-edit-save'));
    expect(sockets.trading().commands('updatePosition')[1]?.payload).toMatchObject({
      id: 7,
      stop_lost: 100_000,
      take_profit: null,
    });
  });
});

describe('live figures of an open position', () => {
  it('shows the liquidation price and the commission and swap charged', async () => {
    const { sockets } = renderPlatform();
    await withPrices(sockets, { BTCUSD: BTC });
    // one position of 100 at 1:2 on a balance of 100: stop-out (equity ≤ 50) comes after a 25 % fall
    await withAccount(sockets, [positionFixture({ id: 7, commission: 1.5, swap: -0.42 })], [], 100);
    const row = screen.getByTestId('position-row-7');
    expect(within(row).getByTestId('position-liquidation').textContent).toMatch(/^7\d{4}\.\d{2}$/);
    expect(within(row).getByTestId('position-commission').textContent).toBe('−€1.50');
    expect(within(row).getByTestId('position-swap').textContent).toBe('−€0.42');
  });
});

describe('close notices and explanations', () => {
  it('shows a stop-out at once with the quote, time, equity and used margin, until dismissed', async () => {
    const { sockets } = await platformWithPosition();
    const closed = {
      ...open,
      closed_rate: 75_000,
      close_date: '2026-11-21T12:00:00.000Z',
      profit: -50,
      closingReason: 3 as const,
    };
    sockets.trading().push(
      'notice',
      closedNotice(closed, {
        cause: 'stop_out',
        reason: 3,
        closedRate: 75_000,
        quote: { buy: 75_100, sell: 75_000 },
        equity: 50,
        usedMargin: 100,
        marginLevel: 50,
      }),
    );
    const notice = screen.getByTestId('notice-n-7');
    expect(notice.textContent).toContain('Position #7 BTCUSD (Buy) was closed');
    expect(notice.textContent).toContain('Low margin (stop-out)');
    expect(notice.textContent).toContain('Closed at 75000.00; quote then sell 75000.00 / buy 75100.00.');
    expect(notice.textContent).toContain('equity €50.00, used margin €100.00, margin level 50.0 %');
    // the position has left the open list for history
    expect(screen.queryByTestId('position-row-7')).toBeNull();
    fireEvent.click(screen.getByTestId('notice-dismiss-n-7'));
    expect(screen.queryByTestId('notice-n-7')).toBeNull();
  });

  it('History explains each close on demand, from the close context', async () => {
    const { sockets } = renderPlatform('/platform/BTCUSD', { language: 'de' });
    await withPrices(sockets, { BTCUSD: BTC });
    const closed = positionFixture({
      id: 9,
      stop_lost: 95_000,
      closed_rate: 94_990,
      close_date: '2026-11-21T12:00:00.000Z',
      profit: -10,
      closingReason: 1,
      closingCause: 'stop_loss',
      close_context: { quote: { buy: 95_050, sell: 94_990 }, level: 95_000 },
    });
    await withAccount(sockets, [], [closed]);
    fireEvent.click(screen.getByTestId('positions-tab-history'));
    expect(screen.queryByTestId('position-why-9')).toBeNull();
    fireEvent.click(screen.getByTestId('position-why-toggle-9'));
    const why = screen.getByTestId('position-why-9');
    // German numbers: the prices with the tick's decimals, grouped and with a decimal comma
    expect(why.textContent).toContain('Stop-Loss bei 95.000,00 erreicht.');
    expect(why.textContent).toContain(
      'Geschlossen zu 94.990,00; Kurs damals Verkauf 94.990,00 / Kauf 95.050,00.',
    );
  });

  it('names the reason of a rejected order in its notice', async () => {
    const { sockets } = await platformWithPosition();
    sockets.trading().push('notice', {
      id: 'r-1',
      at: '2026-11-21T12:00:00.000Z',
      kind: 'orderRejected',
      order: {
        id: 31,
        symbol: 'BTCUSD',
        symbolName: 'BINANCE:BTCUSDT',
        direction: 'buy',
        type: 'limit',
        price: 95_000,
        amount: 200,
        leverage: 2,
        stop_lost: null,
        take_profit: null,
        trailing_stop: null,
        expiry: { kind: 'gtc' },
        expires_at: null,
        created_at: '2026-11-21T10:00:00.000Z',
        status: 'rejected',
        position_id: null,
        message: { key: 'engineOrder.rejectedFreeMargin' },
        closed_at: '2026-11-21T12:00:00.000Z',
      },
      message: { key: 'engineOrder.rejectedFreeMargin' },
    });
    const notice = screen.getByTestId('notice-r-1');
    expect(notice.textContent).toContain('Buy limit #31 BTCUSD was rejected');
    expect(notice.textContent).toContain(MESSAGES_EN['engineOrder.rejectedFreeMargin']);
  });
});

import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ok, renderBo, staffFixture } from './boTestKit.js';
import { ClientMoneyPanel, parseAdjustmentAmount } from './ClientMoneyPanel.js';

afterEach(() => {
  cleanup();
  window.sessionStorage.clear();
  vi.unstubAllGlobals();
});

const ADJUST = 'POST /api/backoffice/clients/41/adjustments';

function renderPanel(answerBalance = '1100.00') {
  return renderBo(<ClientMoneyPanel clientId={41} currency="EUR" />, {
    api: {
      '/api/backoffice/clients/41': () => ok({ id: 41, balance: '1000.00' }),
      [ADJUST]: () => ok({ balance: answerBalance, transaction: null }),
    },
  });
}

const amount = () => screen.getByTestId('bo-adjust-amount');
const reason = () => screen.getByTestId('bo-adjust-reason');
const review = () => fireEvent.click(screen.getByTestId('bo-adjust-review'));

describe('adjustment amounts', () => {
  it('reads exact two-decimal amounts and names what is wrong otherwise', () => {
    expect(parseAdjustmentAmount('150')).toEqual({ amount: '150.00' });
    expect(parseAdjustmentAmount(' 1,5 ')).toEqual({ amount: '1.50' });
    expect(parseAdjustmentAmount('')).toEqual({ error: 'bom.adjust.error.amountRequired' });
    expect(parseAdjustmentAmount('12.345')).toEqual({ error: 'bom.adjust.error.amountFormat' });
    expect(parseAdjustmentAmount('-5')).toEqual({ error: 'bom.adjust.error.amountFormat' });
    expect(parseAdjustmentAmount('abc')).toEqual({ error: 'bom.adjust.error.amountFormat' });
    expect(parseAdjustmentAmount('0.00')).toEqual({ error: 'bom.adjust.error.amountPositive' });
  });
});

describe('client money panel', () => {
  it('refuses a missing amount and reason without sending anything', async () => {
    const { posts } = renderPanel();
    expect(await screen.findByText('€1,000.00')).toBeTruthy();
    review();
    expect(await screen.findByText('Enter an amount.')).toBeTruthy();
    expect(screen.getByText('Enter a reason: it is kept in the audit trail.')).toBeTruthy();
    fireEvent.change(amount(), { target: { value: '12.345' } });
    fireEvent.change(reason(), { target: { value: 'Welcome bonus' } });
    review();
    expect(await screen.findByText('Enter an amount with at most two decimals, e.g. 150.00.')).toBeTruthy();
    expect(screen.queryByTestId('bo-adjust-dialog')).toBeNull();
    expect(posts('/api/backoffice/clients/41/adjustments')).toHaveLength(0);
  });

  it('confirms a bonus with the balance before and after, then books it', async () => {
    const { posts } = renderPanel('1100.00');
    expect(await screen.findByText('€1,000.00')).toBeTruthy();
    fireEvent.change(amount(), { target: { value: '100' } });
    fireEvent.change(reason(), { target: { value: ' Welcome bonus ' } });
    review();
    const dialog = await screen.findByTestId('bo-adjust-dialog');
    expect(within(dialog).getByTestId('bo-adjust-change').textContent).toBe('+€100.00');
    expect(within(dialog).getByTestId('bo-adjust-after').textContent).toBe('€1,100.00');
    fireEvent.click(within(dialog).getByTestId('bo-dialog-confirm'));
    await waitFor(() => expect(posts('/api/backoffice/clients/41/adjustments')).toHaveLength(1));
    expect(posts('/api/backoffice/clients/41/adjustments')[0]?.body).toEqual({
      kind: 'bonus',
      amount: '100.00',
      reason: 'Welcome bonus',
    });
    expect((await screen.findByTestId('bo-adjust-booked')).textContent).toContain('€1,100.00');
  });

  it('sends a correction that deducts as a negative amount, and a card withdrawal as negative', async () => {
    const { posts } = renderPanel('975.50');
    expect(await screen.findByText('€1,000.00')).toBeTruthy();
    fireEvent.change(screen.getByTestId('bo-adjust-kind'), { target: { value: 'correction' } });
    fireEvent.click(screen.getByTestId('bo-adjust-out'));
    fireEvent.change(amount(), { target: { value: '24.50' } });
    fireEvent.change(reason(), { target: { value: 'Double-booked fee' } });
    review();
    const dialog = await screen.findByTestId('bo-adjust-dialog');
    expect(within(dialog).getByTestId('bo-adjust-change').textContent).toBe('−€24.50');
    expect(within(dialog).getByTestId('bo-adjust-after').textContent).toBe('€975.50');
    fireEvent.click(within(dialog).getByTestId('bo-dialog-confirm'));
    await waitFor(() => expect(posts('/api/backoffice/clients/41/adjustments')).toHaveLength(1));
    expect(posts('/api/backoffice/clients/41/adjustments')[0]?.body).toEqual({
      kind: 'correction',
      amount: '-24.50',
      reason: 'Double-booked fee',
    });

    await screen.findByTestId('bo-adjust-booked');
    fireEvent.change(screen.getByTestId('bo-adjust-kind'), { target: { value: 'card_withdrawal' } });
    fireEvent.change(amount(), { target: { value: '50' } });
    fireEvent.change(reason(), { target: { value: 'Refund to card' } });
    review();
    fireEvent.click(within(await screen.findByTestId('bo-adjust-dialog')).getByTestId('bo-dialog-confirm'));
    await waitFor(() => expect(posts('/api/backoffice/clients/41/adjustments')).toHaveLength(2));
    expect(posts('/api/backoffice/clients/41/adjustments')[1]?.body).toMatchObject({
      kind: 'card_withdrawal',
      amount: '-50.00',
    });
  });

  it('is not shown to staff who may not create adjustments', async () => {
    const { calls } = renderBo(<ClientMoneyPanel clientId={41} currency="EUR" />, {
      staff: staffFixture({ roles: ['support'] }),
      api: { '/api/backoffice/clients/41': () => ok({ id: 41, balance: '1000.00' }) },
    });
    await waitFor(() => expect(calls.some((call) => call.path === '/api/backoffice/me')).toBe(true));
    expect(screen.queryByTestId('bo-adjust-form')).toBeNull();
  });
});

import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { moneyRequestFixture, ok, renderBo, staffFixture } from '../../../test/backofficeKit.js';
import { clientDetail } from '../../../test/backofficeShellKit.js';
import { parseAdjustmentAmount } from './adjustment.js';
import { ClientMoneyPanel } from './ClientMoneyPanel.js';

afterEach(() => {
  cleanup();
  window.sessionStorage.clear();
  vi.unstubAllGlobals();
});

const ADJUST = 'POST /api/backoffice/clients/41/adjustments';

const REQUESTS = '/api/backoffice/money-requests';

/** The panel over a fake server: the client's balance 1,000.00, each request answered as created (pending). */
function renderPanel(decided = [moneyRequestFixture({ reference: 'MR-OLD', status: 'approved' })]) {
  const created: ReturnType<typeof moneyRequestFixture>[] = [];
  return renderBo(<ClientMoneyPanel clientId={41} currency="EUR" />, {
    api: {
      '/api/backoffice/clients/41': () => ok(clientDetail({ id: 41, balance: '1000.00' })),
      [REQUESTS]: (call) =>
        ok(call.search.get('status') === 'decided' ? decided : created.filter((r) => r.status === 'pending')),
      [ADJUST]: (call) => {
        const body = call.body as { kind: 'bonus'; amount: string; reason: string };
        const request = moneyRequestFixture({
          reference: `MR-${created.length + 10}`,
          kind: body.kind,
          // the server books a withdrawal negative
          amount: body.kind.endsWith('withdrawal') ? `-${body.amount}` : body.amount,
          reason: body.reason,
          requestedBy: { staffId: 7, name: 'Fiona Finance' },
        });
        created.push(request);
        return ok({ request });
      },
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

  it('confirms a bonus with the balance before and after approval, then requests it and books nothing', async () => {
    const { posts, calls } = renderPanel();
    expect(await screen.findByText('€1,000.00')).toBeTruthy();
    fireEvent.change(amount(), { target: { value: '100' } });
    fireEvent.change(reason(), { target: { value: ' Welcome bonus ' } });
    review();
    const dialog = await screen.findByTestId('bo-adjust-dialog');
    expect(within(dialog).getByTestId('bo-adjust-change').textContent).toBe('+€100.00');
    expect(within(dialog).getByTestId('bo-adjust-after').textContent).toBe('€1,100.00');
    expect(within(dialog).getByTestId('bo-adjust-two-keys').textContent).toContain('Nothing is booked now');
    expect(within(dialog).getByTestId('bo-dialog-confirm').textContent).toBe('Send for approval');
    fireEvent.click(within(dialog).getByTestId('bo-dialog-confirm'));
    await waitFor(() => expect(posts('/api/backoffice/clients/41/adjustments')).toHaveLength(1));
    expect(posts('/api/backoffice/clients/41/adjustments')[0]?.body).toEqual({
      kind: 'bonus',
      amount: '100.00',
      reason: 'Welcome bonus',
    });
    expect((await screen.findByTestId('bo-adjust-requested')).textContent).toContain(
      'Requested — waits for a second approver',
    );
    // the balance stays: nothing was booked
    expect(screen.getByTestId('bo-adjust-balance').textContent).toBe('€1,000.00');
    // the new request is listed as pending above the decided one, both read for this client
    await waitFor(() => expect(screen.getAllByTestId('bo-client-request')).toHaveLength(2));
    expect(screen.getAllByTestId('bo-client-request').map((row) => row.dataset.status)).toEqual([
      'pending',
      'approved',
    ]);
    expect(calls.filter((c) => c.path === REQUESTS).every((c) => c.search.get('clientId') === '41')).toBe(
      true,
    );
  });

  it('shows the server refusal of a request over the limit inside the dialog', async () => {
    renderBo(<ClientMoneyPanel clientId={41} currency="EUR" />, {
      api: {
        '/api/backoffice/clients/41': () => ok(clientDetail({ id: 41, balance: '1000.00' })),
        [REQUESTS]: () => ok([]),
        [ADJUST]: () => ({
          status: 400,
          json: {
            status: false,
            code: 'VALIDATION',
            key: 'staff.limitSingle',
            message: 'A single request may be at most EUR 10000.00 for your role on this brand.',
            errors: [
              {
                path: 'amount',
                key: 'staff.limitSingle',
                params: { max: 'EUR 10000.00' },
                message: 'A single request may be at most EUR 10000.00 for your role on this brand.',
              },
            ],
          },
        }),
      },
    });
    expect(await screen.findByText('€1,000.00')).toBeTruthy();
    fireEvent.change(amount(), { target: { value: '20000' } });
    fireEvent.change(reason(), { target: { value: 'Goodwill' } });
    review();
    fireEvent.click(within(await screen.findByTestId('bo-adjust-dialog')).getByTestId('bo-dialog-confirm'));
    expect((await screen.findByTestId('bo-dialog-error')).textContent).toContain(
      'A single request may be at most',
    );
    expect(screen.queryByTestId('bo-adjust-requested')).toBeNull();
  });

  it('sends a correction that deducts as a negative amount, and a card withdrawal as the positive amount', async () => {
    const { posts } = renderPanel([]);
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

    await screen.findByTestId('bo-adjust-requested');
    fireEvent.change(screen.getByTestId('bo-adjust-kind'), { target: { value: 'card_withdrawal' } });
    fireEvent.change(amount(), { target: { value: '50' } });
    fireEvent.change(reason(), { target: { value: 'Refund to card' } });
    review();
    fireEvent.click(within(await screen.findByTestId('bo-adjust-dialog')).getByTestId('bo-dialog-confirm'));
    await waitFor(() => expect(posts('/api/backoffice/clients/41/adjustments')).toHaveLength(2));
    expect(posts('/api/backoffice/clients/41/adjustments')[1]?.body).toMatchObject({
      kind: 'card_withdrawal',
      amount: '50.00',
    });
    // listed as it will book: out of the balance
    await waitFor(() =>
      expect(screen.getAllByTestId('bomr-amount').map((cell) => cell.textContent)).toEqual([
        '−€24.50',
        '−€50.00',
      ]),
    );
  });

  it('is not shown to staff who may not create adjustments', async () => {
    const { calls } = renderBo(<ClientMoneyPanel clientId={41} currency="EUR" />, {
      staff: staffFixture({ roles: ['support'] }),
      api: { '/api/backoffice/clients/41': () => ok(clientDetail({ id: 41, balance: '1000.00' })) },
    });
    await waitFor(() => expect(calls.some((call) => call.path === '/api/backoffice/me')).toBe(true));
    expect(screen.queryByTestId('bo-adjust-form')).toBeNull();
  });
});

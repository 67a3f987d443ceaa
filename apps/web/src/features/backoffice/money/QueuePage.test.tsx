import { BACKOFFICE_SOCKET } from '@openbroker/domain';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ok, refuse, renderBo, staffFixture, transactionFixture } from '../../../test/backofficeKit.js';
import { DepositsQueuePage, WithdrawalsQueuePage } from './QueuePage.js';

afterEach(() => {
  cleanup();
  window.sessionStorage.clear();
  vi.unstubAllGlobals();
});

const OLDEST = transactionFixture({
  reference: 'TX-OLD',
  clientName: 'Ada Lovelace',
  userId: 41,
  amount: '1500.00',
});
const NEWER = transactionFixture({
  id: 2,
  reference: 'TX-NEW',
  clientName: 'Grace Hopper',
  email: 'grace@test.example',
  pin: '100042',
  userId: 42,
  amount: '250.50',
  createdAt: '2026-11-21T09:30:00.000Z',
});

const rows = async () => screen.findAllByTestId('bo-queue-row');

describe('deposits queue', () => {
  it('lists pending deposits oldest first with client, e-mail, PIN, link and amount', async () => {
    const { calls } = renderBo(<DepositsQueuePage />, {
      api: { '/api/backoffice/queues/deposits': () => ok([OLDEST, NEWER]) },
    });
    const listed = await rows();
    expect(listed.map((row) => row.dataset.reference)).toEqual(['TX-OLD', 'TX-NEW']);
    const first = within(listed[0] as HTMLElement);
    expect(first.getByRole('link', { name: 'Ada Lovelace' }).getAttribute('href')).toBe(
      '/backoffice/clients/41',
    );
    expect(first.getByText('ada@test.example')).toBeTruthy();
    expect(first.getByText('PIN 100041')).toBeTruthy();
    expect(first.getByTestId('bo-queue-amount').textContent).toBe('€1,500.00');
    expect(within(listed[1] as HTMLElement).getByTestId('bo-queue-amount').textContent).toBe('€250.50');
    expect(screen.getByTestId('bo-queue-count').textContent).toBe('2');
    expect(calls.some((call) => call.path === '/api/backoffice/queues/deposits')).toBe(true);
  });

  it('approves with an optional reason through the approve endpoint', async () => {
    const { posts } = renderBo(<DepositsQueuePage />, {
      api: {
        '/api/backoffice/queues/deposits': () => ok([OLDEST]),
        'POST /api/backoffice/transactions/TX-OLD/approve': () =>
          ok({ state: 'approved', transaction: { ...OLDEST, statusId: 2 } }),
      },
    });
    fireEvent.click(within((await rows())[0] as HTMLElement).getByTestId('bo-approve'));
    const dialog = await screen.findByTestId('bo-approve-dialog');
    expect(within(dialog).getByText('Approve deposit')).toBeTruthy();
    fireEvent.change(within(dialog).getByTestId('bo-reason-input'), {
      target: { value: '  Matched statement 11/20 ' },
    });
    fireEvent.click(within(dialog).getByTestId('bo-dialog-confirm'));
    await waitFor(() => expect(posts('/api/backoffice/transactions/TX-OLD/approve')).toHaveLength(1));
    expect(posts('/api/backoffice/transactions/TX-OLD/approve')[0]?.body).toEqual({
      reason: 'Matched statement 11/20',
    });
    expect(await screen.findByText('Approved and booked.')).toBeTruthy();
  });

  it('refuses a rejection without a reason before sending anything, then rejects with it', async () => {
    const { posts } = renderBo(<DepositsQueuePage />, {
      api: {
        '/api/backoffice/queues/deposits': () => ok([OLDEST]),
        'POST /api/backoffice/transactions/TX-OLD/reject': () =>
          ok({ transaction: { ...OLDEST, statusId: 3 } }),
      },
    });
    fireEvent.click(within((await rows())[0] as HTMLElement).getByTestId('bo-reject'));
    const dialog = await screen.findByTestId('bo-reject-dialog');
    fireEvent.change(within(dialog).getByTestId('bo-reason-input'), { target: { value: '   ' } });
    fireEvent.click(within(dialog).getByTestId('bo-dialog-confirm'));
    expect(await within(dialog).findByText('Enter a reason: it is kept in the audit trail.')).toBeTruthy();
    expect(posts('/api/backoffice/transactions/TX-OLD/reject')).toHaveLength(0);

    fireEvent.change(within(dialog).getByTestId('bo-reason-input'), {
      target: { value: 'No matching transfer' },
    });
    fireEvent.click(within(dialog).getByTestId('bo-dialog-confirm'));
    await waitFor(() => expect(posts('/api/backoffice/transactions/TX-OLD/reject')).toHaveLength(1));
    expect(posts('/api/backoffice/transactions/TX-OLD/reject')[0]?.body).toEqual({
      reason: 'No matching transfer',
    });
  });

  it('new items appear without reload when the server says the queue changed', async () => {
    let queue = [OLDEST];
    const { sockets } = renderBo(<DepositsQueuePage />, {
      api: { '/api/backoffice/queues/deposits': () => ok(queue) },
    });
    expect(await rows()).toHaveLength(1);
    const socket = sockets.created.find((s) => s.namespace === BACKOFFICE_SOCKET.namespace);
    expect(socket?.options.auth).toEqual({ token: 'staff-token' });
    queue = [OLDEST, NEWER];
    socket?.push(BACKOFFICE_SOCKET.queueChanged, { queue: 'deposits', brandId: 1 });
    await waitFor(() => expect(screen.getAllByTestId('bo-queue-row')).toHaveLength(2));
  });

  it('hides the screen and its actions from staff without the permission', async () => {
    const { calls } = renderBo(<DepositsQueuePage />, {
      staff: staffFixture({ roles: ['support'] }),
      api: { '/api/backoffice/queues/deposits': () => ok([OLDEST]) },
    });
    expect(await screen.findByText('Your roles do not include this screen.')).toBeTruthy();
    expect(screen.queryByTestId('bo-approve')).toBeNull();
    expect(calls.some((call) => call.path === '/api/backoffice/queues/deposits')).toBe(false);
  });
});

describe('withdrawals queue: four-eyes', () => {
  const BIG = transactionFixture({
    reference: 'WD-BIG',
    typeId: 6,
    typeName: 'Withdrawal',
    method: 6,
    comments: 'IBAN DE89 3704 0044 0532 0130 00',
    amount: '-25000.00',
    needsSecondApproval: true,
  });

  it('an item above the threshold says it needs two approvals; the first approval is announced', async () => {
    const { posts } = renderBo(<WithdrawalsQueuePage />, {
      api: {
        '/api/backoffice/queues/withdrawals': () => ok([BIG]),
        'POST /api/backoffice/transactions/WD-BIG/approve': () =>
          ok({ state: 'awaiting-second-approval', transaction: BIG }),
      },
    });
    const row = within((await rows())[0] as HTMLElement);
    expect(row.getByTestId('bo-four-eyes').textContent).toContain('Needs 2 approvals');
    expect(row.getByTestId('bo-four-eyes').textContent).toContain('0/2');
    // a withdrawal is booked negative; the queue shows what is paid out, and where to
    expect(row.getByTestId('bo-queue-amount').textContent).toBe('€25,000.00');
    expect(row.getByText('Withdrawal')).toBeTruthy();
    expect(row.getByText('IBAN DE89 3704 0044 0532 0130 00')).toBeTruthy();
    fireEvent.click(row.getByTestId('bo-approve'));
    const dialog = await screen.findByTestId('bo-approve-dialog');
    expect(within(dialog).getByTestId('bo-dialog-four-eyes').textContent).toContain('first of two');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Give first approval' }));
    await waitFor(() => expect(posts('/api/backoffice/transactions/WD-BIG/approve')).toHaveLength(1));
    expect(posts('/api/backoffice/transactions/WD-BIG/approve')[0]?.body).toEqual({});
    expect(
      await screen.findByText('First approval recorded. A second finance user must approve.'),
    ).toBeTruthy();
  });

  it('shows the first approver and the server’s SAME_APPROVER refusal clearly', async () => {
    const approved = {
      ...BIG,
      approvals: [{ staffId: 7, staffName: 'Fiona Finance', createdAt: '2026-11-21T10:00:00.000Z' }],
    };
    renderBo(<WithdrawalsQueuePage />, {
      api: {
        '/api/backoffice/queues/withdrawals': () => ok([approved]),
        'POST /api/backoffice/transactions/WD-BIG/approve': () =>
          refuse(409, 'SAME_APPROVER', 'The second approval must come from another staff member.'),
      },
    });
    const row = within((await rows())[0] as HTMLElement);
    expect(row.getByTestId('bo-four-eyes').textContent).toContain('1/2');
    expect(row.getByTestId('bo-first-approver').textContent).toContain('Fiona Finance');
    fireEvent.click(row.getByTestId('bo-approve'));
    const dialog = await screen.findByTestId('bo-approve-dialog');
    expect(within(dialog).getByTestId('bo-dialog-four-eyes').textContent).toContain(
      'You gave the first approval',
    );
    fireEvent.click(within(dialog).getByTestId('bo-dialog-confirm'));
    const error = await within(dialog).findByTestId('bo-dialog-error');
    expect(error.textContent).toContain('A second, different finance user must approve it.');
  });
});

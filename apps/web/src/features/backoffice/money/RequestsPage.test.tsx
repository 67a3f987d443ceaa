import { BACKOFFICE_SOCKET } from '@openbroker/domain';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  approvalContextFixture,
  type BoApi,
  moneyRequestFixture,
  ok,
  refuse,
  renderBo,
  staffFixture,
  transactionFixture,
} from '../../../test/backofficeKit.js';
import { WithdrawalsQueuePage } from './QueuePage.js';
import { MoneyRequestsPage } from './RequestsPage.js';

afterEach(() => {
  cleanup();
  window.sessionStorage.clear();
  vi.unstubAllGlobals();
});

const LIST = '/api/backoffice/money-requests';
const FINANCE = staffFixture({ id: 7, permissions: ['adjustments.create', 'adjustments.approve'] });

/** A colleague's bonus (oldest), then my own correction. */
const THEIRS = moneyRequestFixture({ reference: 'MR-THEIRS' });
const MINE = moneyRequestFixture({
  reference: 'MR-MINE',
  userId: 42,
  clientName: 'Grace Hopper',
  email: 'grace@test.example',
  pin: '100042',
  brandId: 2,
  brandSlug: 'beta',
  kind: 'correction',
  amount: '-20.00',
  currency: 'USD',
  reason: 'Double-booked fee',
  requestedBy: { staffId: 7, name: 'Fiona Finance' },
  requestedAt: '2026-11-21T09:30:00.000Z',
});
const DECIDED = moneyRequestFixture({
  reference: 'MR-DONE',
  status: 'rejected',
  decidedBy: { staffId: 8, name: 'Otto Other' },
  decidedAt: '2026-11-21T10:00:00.000Z',
  decisionReason: 'No campaign for this client',
});

const rows = () => screen.findAllByTestId('bomr-row');
const row = async (reference: string) =>
  within((await rows()).find((r) => r.dataset.reference === reference) as HTMLElement);

function renderQueue(api: BoApi = {}) {
  return renderBo(<MoneyRequestsPage />, {
    staff: FINANCE,
    api: {
      [LIST]: (call) => ok(call.search.get('status') === 'decided' ? [DECIDED] : [THEIRS, MINE]),
      [`${LIST}/MR-THEIRS`]: () =>
        ok({ request: THEIRS, context: approvalContextFixture({ recent: [THEIRS] }) }),
      ...api,
    },
  });
}

describe('money requests queue', () => {
  it('lists pending requests oldest first with client, brand, kind, signed amount in its currency, reason, requester and age', async () => {
    renderQueue();
    const listed = await rows();
    expect(listed.map((r) => r.dataset.reference)).toEqual(['MR-THEIRS', 'MR-MINE']);
    const theirs = await row('MR-THEIRS');
    expect(theirs.getByRole('link', { name: 'Ada Lovelace' }).getAttribute('href')).toBe(
      '/backoffice/clients/41',
    );
    expect(theirs.getByTestId('bomr-brand').textContent).toBe('alpha');
    // the live account the request books on
    expect(theirs.getByTestId('bomr-account').textContent).toContain('L-100041-1');
    expect(theirs.getByText('Bonus')).toBeTruthy();
    expect(theirs.getByTestId('bomr-amount').textContent).toBe('+€120.00');
    expect(theirs.getByTestId('bomr-reason').textContent).toBe('Welcome bonus');
    expect(theirs.getByTestId('bomr-requested-by').textContent).toBe('Frank Finance');
    const mine = await row('MR-MINE');
    expect(mine.getByTestId('bomr-amount').textContent).toBe('−$20.00');
    expect(mine.getByTestId('bomr-brand').textContent).toBe('beta');
    expect(screen.getByTestId('bomr-count').textContent).toBe('2');
  });

  it('gives the requester Cancel on their own request and no Approve; others Approve and Reject', async () => {
    const { posts } = renderQueue({
      [`POST ${LIST}/MR-MINE/cancel`]: () => ok({ request: { ...MINE, status: 'cancelled' } }),
    });
    const mine = await row('MR-MINE');
    expect(mine.getByText('Your request')).toBeTruthy();
    expect(mine.queryByTestId('bomr-approve')).toBeNull();
    expect(mine.queryByTestId('bomr-reject')).toBeNull();
    const theirs = await row('MR-THEIRS');
    expect(theirs.getByTestId('bomr-approve')).toBeTruthy();
    expect(theirs.getByTestId('bomr-reject')).toBeTruthy();
    expect(theirs.queryByTestId('bomr-cancel')).toBeNull();

    fireEvent.click(mine.getByTestId('bomr-cancel'));
    const dialog = await screen.findByTestId('bomr-cancel-dialog');
    fireEvent.click(within(dialog).getByTestId('bo-dialog-confirm'));
    await waitFor(() => expect(posts(`${LIST}/MR-MINE/cancel`)).toHaveLength(1));
    expect(await screen.findByText('Request cancelled. Nothing was booked.')).toBeTruthy();
  });

  it('shows the approval context and names the amount on the Approve button, then approves', async () => {
    const { posts } = renderQueue({
      [`POST ${LIST}/MR-THEIRS/approve`]: () =>
        ok({ request: { ...THEIRS, status: 'approved' }, balance: '1120.00' }),
    });
    fireEvent.click((await row('MR-THEIRS')).getByTestId('bomr-approve'));
    const dialog = within(await screen.findByTestId('bomr-approve-dialog'));
    const context = within(await dialog.findByTestId('bomr-context'));
    expect(context.getByTestId('bomr-verified').textContent).toBe('Verified');
    expect(context.getByTestId('bomr-context-balance').textContent).toBe('€1,000.00');
    expect(context.getByTestId('bomr-documents').textContent).toContain('ID approved');
    expect(context.getByTestId('bomr-documents').textContent).toContain('Address in review');
    // the request being decided is not repeated among the latest ones
    expect(context.getByText('No staff money requests for this client before.')).toBeTruthy();
    expect(dialog.queryByTestId('bomr-lookalike')).toBeNull();
    const confirm = dialog.getByTestId('bo-dialog-confirm');
    expect(confirm.textContent).toBe('Approve EUR 120.00 bonus');
    fireEvent.click(confirm);
    await waitFor(() => expect(posts(`${LIST}/MR-THEIRS/approve`)).toHaveLength(1));
    expect(posts(`${LIST}/MR-THEIRS/approve`)[0]?.body).toEqual({});
    expect(await screen.findByText('Approved and booked.')).toBeTruthy();
  });

  it('warns prominently when the client shares contact details with a staff member', async () => {
    renderQueue({
      [`${LIST}/MR-THEIRS`]: () =>
        ok({
          request: THEIRS,
          context: approvalContextFixture({
            client: { ...approvalContextFixture().client, verified: false },
            lookalikes: [{ staffId: 9, name: 'Frank Finance', fields: ['email', 'phone'] }],
          }),
        }),
    });
    fireEvent.click((await row('MR-THEIRS')).getByTestId('bomr-approve'));
    const dialog = within(await screen.findByTestId('bomr-approve-dialog'));
    const warning = await dialog.findByTestId('bomr-lookalike');
    expect(warning.getAttribute('role')).toBe('alert');
    expect(warning.textContent).toContain(
      'This client shares the e-mail address and phone number with staff member Frank Finance.',
    );
    expect(dialog.getByTestId('bomr-verified').textContent).toBe('Not verified');
  });

  it('requires a reason to reject, and shows a server refusal as its translated message', async () => {
    const { posts } = renderQueue({
      [`POST ${LIST}/MR-THEIRS/reject`]: () => ({
        status: 409,
        json: { status: false, code: 'SELF_CLIENT', key: 'staff.selfClient', message: 'self' },
      }),
    });
    fireEvent.click((await row('MR-THEIRS')).getByTestId('bomr-reject'));
    const dialog = within(await screen.findByTestId('bomr-reject-dialog'));
    fireEvent.click(dialog.getByTestId('bo-dialog-confirm'));
    expect(await dialog.findByText('Enter a reason: it is kept in the audit trail.')).toBeTruthy();
    expect(posts(`${LIST}/MR-THEIRS/reject`)).toHaveLength(0);
    fireEvent.change(dialog.getByTestId('bo-reason-input'), { target: { value: 'Not agreed' } });
    fireEvent.click(dialog.getByTestId('bo-dialog-confirm'));
    await waitFor(() => expect(posts(`${LIST}/MR-THEIRS/reject`)).toHaveLength(1));
    expect(posts(`${LIST}/MR-THEIRS/reject`)[0]?.body).toEqual({ reason: 'Not agreed' });
    expect((await dialog.findByTestId('bo-dialog-error')).textContent).toBe(
      'This client account is registered under your own e-mail address: a colleague has to decide it.',
    );
  });

  it('explains OWN_REQUEST in the reader’s language', async () => {
    renderQueue({
      [`POST ${LIST}/MR-THEIRS/approve`]: () => refuse(409, 'OWN_REQUEST', 'staff.ownRequest'),
    });
    fireEvent.click((await row('MR-THEIRS')).getByTestId('bomr-approve'));
    const dialog = within(await screen.findByTestId('bomr-approve-dialog'));
    fireEvent.click(dialog.getByTestId('bo-dialog-confirm'));
    expect((await dialog.findByTestId('bo-dialog-error')).textContent).toContain(
      'You made this request. A second colleague',
    );
  });

  it('lists decided requests with who decided and why', async () => {
    const { calls } = renderQueue();
    await rows();
    fireEvent.click(screen.getByTestId('bomr-tab-decided'));
    const decided = await row('MR-DONE');
    expect(decided.getByTestId('bomr-status').textContent).toBe('Rejected');
    expect(decided.getByTestId('bomr-decided-by').textContent).toBe('by Otto Other');
    expect(decided.getByText('No campaign for this client')).toBeTruthy();
    expect(calls.some((c) => c.path === LIST && c.search.get('status') === 'decided')).toBe(true);
  });

  it('re-reads when the server announces the requests queue changed', async () => {
    const { sockets, calls } = renderQueue();
    await rows();
    const before = calls.filter((c) => c.path === LIST).length;
    const socket = sockets.created.find((s) => s.namespace === BACKOFFICE_SOCKET.namespace);
    await waitFor(() => expect(socket?.connected).toBe(true));
    socket?.push(BACKOFFICE_SOCKET.queueChanged, { queue: 'requests', brandId: 1 });
    await waitFor(() => expect(calls.filter((c) => c.path === LIST).length).toBeGreaterThan(before));
  });

  it('shows the approval context of the withdrawal’s account in the withdrawal approval dialog', async () => {
    const { calls } = renderBo(<WithdrawalsQueuePage />, {
      staff: staffFixture({ permissions: ['withdrawals.approve'] }),
      api: {
        '/api/backoffice/queues/withdrawals': () =>
          ok([
            transactionFixture({
              reference: 'WD-1',
              typeId: 6,
              amount: '-300.00',
              accountId: 77,
              currency: 'USD',
            }),
          ]),
        '/api/backoffice/clients/41/approval-context': () =>
          ok(
            approvalContextFixture({
              client: { ...approvalContextFixture().client, balance: '2500.00', currency: 'USD' },
              account: {
                id: 77,
                number: 'L-100041-2',
                currency: 'USD',
                balance: '2500.00',
                equity: '2380.50',
                openPositions: 2,
              },
              lookalikes: [{ staffId: 3, name: 'Demo Finance', fields: ['email'] }],
              decision: {
                amount: '-300.00',
                currency: 'USD',
                brandCurrency: 'EUR',
                inBrandCurrency: '-240.00',
                fourEyes: { threshold: '200.00', needed: true, reason: 'above' },
              },
            }),
          ),
      },
    });
    fireEvent.click(
      within((await screen.findAllByTestId('bo-queue-row'))[0] as HTMLElement).getByTestId('bo-approve'),
    );
    const dialog = within(await screen.findByTestId('bo-approve-dialog'));
    expect((await dialog.findByTestId('bomr-lookalike')).textContent).toContain(
      'This client shares the e-mail address with staff member Demo Finance.',
    );
    // the context is asked for the account the money leaves, and describes it in its currency
    const asked = calls.find((c) => c.path === '/api/backoffice/clients/41/approval-context');
    expect(asked?.search.get('accountId')).toBe('77');
    expect(dialog.getByTestId('bomr-context-account').textContent).toBe('L-100041-2');
    expect(dialog.getByTestId('bomr-context-balance').textContent).toBe('$2,500.00');
    expect(dialog.getByTestId('bomr-context-equity').textContent).toBe('$2,380.50');
    expect(dialog.getByTestId('bomr-context-positions').textContent).toBe('2');
    // the withdrawal's amount, its equivalent in the brand's currency and four-eyes, as the server decided them
    expect(asked?.search.get('reference')).toBe('WD-1');
    expect(dialog.getByTestId('bomr-context-amount').textContent).toBe('$300.00');
    expect(dialog.getByTestId('bomr-context-in-brand').textContent).toBe('≈ €240.00 at the brand’s rate now');
    expect(dialog.getByTestId('bomr-context-four-eyes').textContent).toBe(
      'Needs a second approval: above the threshold of €200.00.',
    );
  });

  it('says when there is no rate to compare a withdrawal with the threshold, and that it needs two approvals', async () => {
    renderBo(<WithdrawalsQueuePage />, {
      staff: staffFixture({ permissions: ['withdrawals.approve'] }),
      api: {
        '/api/backoffice/queues/withdrawals': () =>
          ok([
            transactionFixture({
              reference: 'WD-2',
              typeId: 6,
              amount: '-5.00',
              currency: 'GBP',
              needsSecondApproval: true,
            }),
          ]),
        '/api/backoffice/clients/41/approval-context': () =>
          ok(
            approvalContextFixture({
              decision: {
                amount: '-5.00',
                currency: 'GBP',
                brandCurrency: 'EUR',
                inBrandCurrency: null,
                fourEyes: { threshold: '10000.00', needed: true, reason: 'noRate' },
              },
            }),
          ),
      },
    });
    fireEvent.click(
      within((await screen.findAllByTestId('bo-queue-row'))[0] as HTMLElement).getByTestId('bo-approve'),
    );
    const dialog = within(await screen.findByTestId('bo-approve-dialog'));
    expect((await dialog.findByTestId('bomr-context-in-brand')).textContent).toBe('No GBP/EUR rate now');
    expect(dialog.getByTestId('bomr-context-four-eyes').textContent).toBe(
      'Needs a second approval: without a rate it cannot be compared with the threshold of €10,000.00.',
    );
  });
});

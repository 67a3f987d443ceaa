import type { MoneyLimitsAnswer } from '@openbroker/domain';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ok, refuse, renderBo, staffFixture } from '../../../test/backofficeKit.js';
import { MoneyLimitsPage } from './MoneyLimitsPage.js';

afterEach(() => {
  cleanup();
  window.sessionStorage.clear();
  vi.unstubAllGlobals();
});

const ADMIN = staffFixture({ id: 1, roles: ['admin'], permissions: ['limits.manage'] });
const PATH = '/api/backoffice/brands/1/money-limits';

const LIMITS: MoneyLimitsAnswer = {
  brandId: 1,
  currency: 'EUR',
  roles: [
    {
      role: 'finance',
      limits: { maxSingle: '10000.00', maxDailyPerMember: '50000.00', maxDailyPerClient: '25000.00' },
      custom: false,
      proposal: null,
    },
    {
      role: 'admin',
      limits: { maxSingle: '100000.00', maxDailyPerMember: '500000.00', maxDailyPerClient: '250000.00' },
      custom: true,
      proposal: {
        limits: { maxSingle: '150000.00', maxDailyPerMember: '500000.00', maxDailyPerClient: '250000.00' },
        proposedBy: { staffId: 2, name: 'Alma Admin' },
      },
    },
  ],
};

const roleRow = async (role: string) =>
  within(
    (await screen.findAllByTestId('bomr-limits-row')).find((r) => r.dataset.role === role) as HTMLElement,
  );

describe('money limits', () => {
  it("lists each role's caps in the brand's currency and a waiting raise another admin confirms", async () => {
    const { posts } = renderBo(<MoneyLimitsPage />, {
      staff: ADMIN,
      api: {
        [PATH]: () => ok(LIMITS),
        [`POST ${PATH}/admin/confirm`]: () =>
          ok({
            ...LIMITS,
            roles: [
              LIMITS.roles[0],
              { ...LIMITS.roles[1], limits: LIMITS.roles[1]?.proposal?.limits, proposal: null },
            ],
          }),
      },
    });
    const finance = await roleRow('finance');
    expect(finance.getByTestId('bomr-limit-value-maxSingle').textContent).toBe('€10,000.00');
    expect(finance.getByText('Default')).toBeTruthy();
    const proposal = await screen.findByTestId('bomr-limits-proposal');
    expect(proposal.textContent).toContain('Raise proposed by Alma Admin');
    expect(proposal.textContent).toContain('€150,000.00');
    fireEvent.click(within(proposal).getByTestId('bomr-limits-confirm'));
    await waitFor(() => expect(posts(`${PATH}/admin/confirm`)).toHaveLength(1));
    await waitFor(() => expect(screen.queryByTestId('bomr-limits-proposal')).toBeNull());
    expect((await roleRow('admin')).getByTestId('bomr-limit-value-maxSingle').textContent).toBe(
      '€150,000.00',
    );
  });

  it('edits a role’s caps, refuses a malformed amount before sending, and shows the proposer they wait', async () => {
    const { posts } = renderBo(<MoneyLimitsPage />, {
      staff: ADMIN,
      api: {
        [PATH]: () => ok({ ...LIMITS, roles: [LIMITS.roles[0]] }),
        [`PUT ${PATH}/finance`]: (call) =>
          ok({
            ...LIMITS,
            roles: [
              {
                ...LIMITS.roles[0],
                proposal: { limits: call.body, proposedBy: { staffId: 1, name: 'Me Admin' } },
              },
            ],
          }),
      },
    });
    fireEvent.click((await roleRow('finance')).getByTestId('bomr-limits-edit'));
    const single = await screen.findByTestId('bomr-limit-maxSingle');
    fireEvent.change(single, { target: { value: '12,000' } });
    fireEvent.click(screen.getByTestId('bomr-limits-save'));
    expect(await screen.findByTestId('bomr-limits-error')).toBeTruthy();
    expect(posts(`${PATH}/finance`)).toHaveLength(0);
    fireEvent.change(single, { target: { value: '12000' } });
    fireEvent.click(screen.getByTestId('bomr-limits-save'));
    await waitFor(() => expect(posts(`${PATH}/finance`)).toHaveLength(1));
    expect(posts(`${PATH}/finance`)[0]?.body).toEqual({
      maxSingle: '12000.00',
      maxDailyPerMember: '50000.00',
      maxDailyPerClient: '25000.00',
    });
    const proposal = await screen.findByTestId('bomr-limits-proposal');
    expect(proposal.textContent).toContain('You proposed this raise');
    expect(within(proposal).queryByTestId('bomr-limits-confirm')).toBeNull();
  });

  it('shows the server refusal of a confirmation by its proposer', async () => {
    renderBo(<MoneyLimitsPage />, {
      staff: ADMIN,
      api: {
        [PATH]: () => ok(LIMITS),
        [`POST ${PATH}/admin/confirm`]: () => refuse(409, 'OWN_PROPOSAL', 'staff.limitsOwnProposal'),
      },
    });
    fireEvent.click(
      within(await screen.findByTestId('bomr-limits-proposal')).getByTestId('bomr-limits-confirm'),
    );
    expect((await screen.findByTestId('bomr-limits-error')).textContent).toBe(
      'You proposed this raise. A second administrator has to confirm it.',
    );
  });
});

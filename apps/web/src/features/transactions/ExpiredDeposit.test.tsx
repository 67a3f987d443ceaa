import { MESSAGES_EN } from '@openbroker/domain';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { authStore } from '../../shared/session/authStore.js';
import { completeUser, ok, transactionFixture } from '../../test/paymentFixtures.js';
import { renderApp } from '../../test/renderApp.js';

afterEach(() => {
  cleanup();
  authStore.clear();
  window.localStorage.clear();
});

/** A card deposit the server expired: cancelled with the expiry note it stores in English. */
const expired = {
  ...transactionFixture('TX-EXPIRED', 1, 4, 250),
  status_note: MESSAGES_EN['fix.depositExpired'],
};
const cancelled = {
  ...transactionFixture('TX-CANCELLED', 1, 4, 300),
  status_note: 'Cancelled by the client',
};

function renderTransactions(path: string, language: 'en' | 'de' = 'en') {
  const auth = { access_token: 'token-1', user: completeUser() };
  return renderApp(path, {
    auth,
    language,
    api: {
      '/api/accounts/get': () => ok(auth),
      '/api/transactions/get/token-1': () => ok([expired, cancelled]),
    },
  });
}

const row = async (id: string) =>
  (await screen.findAllByTestId('transaction-row')).find(
    (r) => r.dataset.transactionId === id,
  ) as HTMLElement;

describe('an abandoned card deposit in the client transactions', () => {
  it('shows Expired with the note that nothing was credited; a client-cancelled one stays Cancelled', async () => {
    renderTransactions('/transactions/deposits');
    const expiredRow = await row('TX-EXPIRED');
    expect(
      within(expiredRow).getByText('Expired').closest('[data-status]')?.getAttribute('data-status'),
    ).toBe('expired');
    expect(within(expiredRow).getByTestId('transaction-note').textContent).toBe(
      MESSAGES_EN['fix.depositExpired'],
    );
    const cancelledRow = await row('TX-CANCELLED');
    expect(within(cancelledRow).getByText('Cancelled')).toBeTruthy();
    expect(within(cancelledRow).getByTestId('transaction-note').textContent).toBe('Cancelled by the client');
  });

  it('reads the expiry in German', async () => {
    renderTransactions('/transactions/deposits', 'de');
    const expiredRow = await row('TX-EXPIRED');
    expect(within(expiredRow).getByText('Abgelaufen')).toBeTruthy();
    expect(within(expiredRow).getByTestId('transaction-note').textContent).toMatch(
      /^Abgelaufen: Die Zahlung/,
    );
  });

  it("gives the page its own window title: the tab, the page and the brand's name", async () => {
    renderTransactions('/transactions/credits');
    await waitFor(() => expect(document.title).toBe('Credits · Transactions · Test Broker'));
  });
});

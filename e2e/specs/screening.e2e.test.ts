import { afterEach, describe, expect, it } from 'vitest';
import { clientWithProfile, newClient } from '../support/accounts.js';
import { shootBothThemes } from '../support/backoffice-two.js';
import { logInThroughForm, newSession, type Session, screenshot } from '../support/browser.js';
import { depositForm, payOnSandbox } from '../support/payments.js';
import { DEMO_STAFF, staffSignIn } from '../support/staff.js';

/**
 * Sanctions screening in the browser: a client signing up with a name on the sample EU list (seeded) is told why
 * the ticket stops new trades and a deposit is refused; compliance clears the match in the back office's queue
 * with a reason; the client then deposits by card, and the ticket asks only for the usual verification.
 */
const sessions: Session[] = [];
afterEach(async () => {
  for (const s of sessions.splice(0)) await s.context.close();
});

const REVIEW_MESSAGE = /routine compliance review/i;

describe('sanctions screening', () => {
  it('a client whose name is on the sample list cannot trade or deposit until compliance clears the match', {
    timeout: 180_000,
  }, async () => {
    const client = await clientWithProfile({ ...newClient(), firstName: 'Zoltrak', lastName: 'Vennimor' });
    const clientSession = await newSession('desktop');
    sessions.push(clientSession);
    const { page } = clientSession;
    await logInThroughForm(page, client.email, client.password);

    // the ticket names the review instead of offering a trade
    await page.goto('/platform/BTCUSD');
    const ticket = page.getByTestId('new-trade-panel');
    await expect.poll(() => ticket.innerText(), { timeout: 20_000 }).toMatch(REVIEW_MESSAGE);
    expect(await page.getByTestId('trade-submit').isDisabled()).toBe(true);
    await screenshot(page, 'screening-client-ticket-desktop-light');

    // a deposit is refused with the same message and never reaches the payment page
    await depositForm(page, 'card-1', '250');
    await expect.poll(() => page.getByText(REVIEW_MESSAGE).count()).toBeGreaterThan(0);
    expect(page.url()).not.toContain('/sandbox');

    // compliance finds the match in the queue, the client's data beside the list entry, and clears it
    const staffSession = await newSession('desktop');
    sessions.push(staffSession);
    const bo = staffSession.page;
    await staffSignIn(bo, DEMO_STAFF.compliance);
    await bo.goto('/backoffice/screening');
    const card = bo.locator('[data-testid^="bos-match-"]', { hasText: client.email });
    await card.waitFor();
    await expect.poll(() => card.innerText()).toContain('Zoltrak Vennimor');
    // the queue at 1366 px in both themes, without sideways scrolling
    await shootBothThemes(bo, '/backoffice/screening', 'screening-queue', (p) =>
      p.locator('[data-testid^="bos-match-"]', { hasText: client.email }).waitFor(),
    );
    await card.getByRole('button', { name: 'Clear' }).click();
    const dialog = bo.getByTestId('bos-decision-dialog');
    await dialog.getByRole('textbox').fill('Different person: passport and birth date checked');
    await dialog.getByRole('button', { name: 'Clear' }).click();
    await expect
      .poll(() => bo.locator('[data-testid^="bos-match-"]', { hasText: client.email }).count())
      .toBe(0);

    // the client deposits now, and the ticket asks for nothing but the usual verification
    await depositForm(page, 'card-1', '250');
    await payOnSandbox(page, '4242 4242 4242 4242', '1234');
    await expect
      .poll(() => page.getByTestId('deposit-result').getAttribute('data-result'), { timeout: 15_000 })
      .toBe('approved');
    await page.goto('/platform/BTCUSD');
    await expect
      .poll(() => page.getByTestId('summary-balance').innerText(), { timeout: 15_000 })
      .toContain('250.00');
    await expect.poll(() => ticket.innerText(), { timeout: 20_000 }).toContain('The account is not verified');
    expect(await ticket.innerText()).not.toMatch(REVIEW_MESSAGE);
    expect(clientSession.errors.filter((e) => !/403|Forbidden/.test(e))).toEqual([]);
  });
});

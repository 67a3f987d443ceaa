import { MESSAGES_EN, type PriceAlertDto, PriceAlertList } from '@openbroker/domain';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { User } from '../../../api/types.js';
import { authStore } from '../../../shared/session/authStore.js';
import { fakeSockets } from '../../../test/fakeSockets.js';
import { BTC, withPrices } from '../../../test/platformKit.js';
import { renderApp, userFixture } from '../../../test/renderApp.js';
import { TERMINAL_DOMAIN_MESSAGES_DE } from './i18n.js';

// the price-alert form and list of the terminal, against a small stand-in for the server's /api/price-alerts

afterEach(() => {
  cleanup();
  authStore.clear();
  window.localStorage.clear();
  vi.unstubAllGlobals();
});

const ok = (data: unknown) => ({ status: 200, json: { status: true, data } });

function alertServer() {
  let alerts: PriceAlertDto[] = [];
  const answer = () => ok(PriceAlertList.parse({ alerts, max_active: 200 }));
  const api = {
    '/api/price-alerts': answer,
    '/api/price-alerts/create': (body: Record<string, unknown>) => {
      if (body.value === 90_000)
        return {
          status: 400,
          json: {
            status: false,
            code: 'VALIDATION_FAILED',
            key: 'error.validation',
            message: 'invalid',
            errors: [
              { path: 'value', key: 'priceAlerts.alreadyBelow', params: { price: '99900.00' }, message: 'x' },
            ],
          },
        };
      alerts = [
        {
          id: alerts.length + 1,
          symbol: String(body.symbol),
          kind: body.kind as PriceAlertDto['kind'],
          side: body.side as PriceAlertDto['side'],
          value: Number(body.value),
          base_price: BTC.sell,
          above: body.kind === 'above' ? Number(body.value) : null,
          below: body.kind === 'below' ? Number(body.value) : null,
          note: (body.note as string | null) ?? null,
          status: 'active',
          created_at: new Date().toISOString(),
          expires_at: null,
          triggered_at: null,
          triggered_price: null,
        },
        ...alerts,
      ];
      return answer();
    },
  };
  return { api, alerts: () => alerts };
}

async function terminal(
  api: Record<string, (body: Record<string, unknown>) => { status: number; json: unknown }>,
  language: 'en' | 'de' = 'en',
) {
  const sockets = fakeSockets();
  const user: User = userFixture({ assets_group_permission: [1, 2, 3, 4, 5] });
  const auth = { access_token: 'token-1', user };
  const view = renderApp('/platform/BTCUSD', {
    auth,
    language,
    socketFactory: sockets.factory,
    api: { '/api/accounts/get': () => ok(auth), ...api },
  });
  await withPrices(sockets, { BTCUSD: BTC });
  return { ...view, sockets };
}

describe('price alerts in the terminal', () => {
  it('the bell opens the form with the bid now; wrong values are explained, a refusal shows on its field', async () => {
    const server = alertServer();
    const { calls, sockets } = await terminal(server.api);
    fireEvent.click(screen.getByTestId('set-alert'));
    const form = await screen.findByTestId('alert-form');
    const value = within(form).getByTestId('alert-value') as HTMLInputElement;
    await waitFor(() => expect(value.value).toBe('99900.00'));

    fireEvent.change(value, { target: { value: '-3' } });
    fireEvent.click(within(form).getByTestId('alert-save'));
    expect((await within(form).findByTestId('alert-error-value')).textContent).toBe(
      MESSAGES_EN['priceAlerts.valuePositive'],
    );
    fireEvent.change(value, { target: { value: '100000.123' } });
    fireEvent.click(within(form).getByTestId('alert-save'));
    await waitFor(() =>
      expect(within(form).getByTestId('alert-error-value').textContent).toBe('Use at most 2 decimals'),
    );
    fireEvent.change(within(form).getByTestId('alert-kind'), { target: { value: 'move' } });
    fireEvent.change(value, { target: { value: '80' } });
    fireEvent.click(within(form).getByTestId('alert-save'));
    await waitFor(() =>
      expect(within(form).getByTestId('alert-error-value').textContent).toBe('A move can be at most 50 %'),
    );
    expect(calls.some((c) => c.path === '/api/price-alerts/create')).toBe(false);

    fireEvent.change(within(form).getByTestId('alert-kind'), { target: { value: 'above' } });
    fireEvent.change(value, { target: { value: '90000' } });
    fireEvent.click(within(form).getByTestId('alert-save'));
    await waitFor(() =>
      expect(within(form).getByTestId('alert-error-value').textContent).toBe(
        'The price is 99900.00 already: choose a level below it',
      ),
    );

    fireEvent.change(value, { target: { value: '101000' } });
    fireEvent.change(within(form).getByTestId('alert-note'), { target: { value: 'breakout' } });
    fireEvent.click(within(form).getByTestId('alert-save'));
    await waitFor(() => expect(screen.queryByTestId('alert-form')).toBeNull());
    expect(calls.filter((c) => c.path === '/api/price-alerts/create').at(-1)?.body).toMatchObject({
      symbol: 'BTCUSD',
      kind: 'above',
      side: 'bid',
      value: 101_000,
      note: 'breakout',
      expires_at: null,
      token: 'token-1',
    });
    expect(server.alerts()).toHaveLength(1);

    fireEvent.click(screen.getByTestId('positions-tab-alerts'));
    const row = await screen.findByTestId('alert-row-1');
    expect(row.textContent).toContain('BTCUSD');
    expect(row.textContent).toContain('Bid (sell) ≥ 101000.00');
    expect(within(row).getByTestId('alert-status').textContent).toBe('Active');

    // the alert fires: the notice shows above the tabs and the list still shows the alert
    sockets.trading().push('notice', {
      id: 'alert-1-1',
      at: new Date().toISOString(),
      kind: 'priceAlert',
      alert: {
        ...server.alerts()[0],
        status: 'triggered',
        triggered_at: new Date().toISOString(),
        triggered_price: 101_000.5,
      },
    });
    await screen.findByTestId('notice-alert-1-1');
    expect(screen.getByTestId('notice-alert-1-1').textContent).toContain('101000.50');
    await screen.findByTestId('alert-row-1');
  });

  it('speaks German, and a fired alert shows as a notice in the terminal', async () => {
    const server = alertServer();
    const { sockets } = await terminal(server.api, 'de');
    fireEvent.click(screen.getByTestId('set-alert'));
    const form = await screen.findByTestId('alert-form');
    fireEvent.change(within(form).getByTestId('alert-value'), { target: { value: '0' } });
    fireEvent.click(within(form).getByTestId('alert-save'));
    expect((await within(form).findByTestId('alert-error-value')).textContent).toBe(
      TERMINAL_DOMAIN_MESSAGES_DE['priceAlerts.valuePositive'],
    );
    fireEvent.click(within(form).getByText('Abbrechen'));

    await waitFor(() => expect(sockets.trading().connected).toBe(true));
    sockets.trading().push('notice', {
      id: 'alert-9-1',
      at: new Date().toISOString(),
      kind: 'priceAlert',
      alert: {
        id: 9,
        symbol: 'BTCUSD',
        kind: 'above',
        side: 'bid',
        value: 101_000,
        base_price: 99_900,
        above: 101_000,
        below: null,
        note: 'breakout',
        status: 'triggered',
        created_at: new Date().toISOString(),
        expires_at: null,
        triggered_at: new Date().toISOString(),
        triggered_price: 101_000.5,
      },
    });
    const notice = await screen.findByTestId('notice-alert-9-1');
    expect(notice.textContent).toContain('Kursalarm: BTCUSD Geld (Verkauf) ≥ 101.000,00');
    expect(notice.textContent).toContain('breakout');
  });
});

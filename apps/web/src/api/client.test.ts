import { AuthData, BalanceData, NoData, TransactionList, UserDto } from '@openbroker/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { INSTRUMENTS_FIXTURE, positionFixture } from '../test/platformFixtures.js';
import { brandFixture, userFixture } from '../test/renderApp.js';
import { ApiError, CLIENT_ERROR_CODES } from './ApiError.js';
import { affiliateApi } from './affiliate.js';
import { brandApi } from './brand.js';
import { apiRequest } from './client.js';
import { marketApi } from './market.js';

afterEach(() => vi.unstubAllGlobals());

function answer(status: number, body: unknown) {
  const fetchMock = vi.fn(async () => new Response(JSON.stringify(body), { status }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('apiRequest', () => {
  it('unwraps {status: true, data}', async () => {
    answer(200, { status: true, data: { slug: 'demo' } });
    await expect(apiRequest('/api/brand', { schema: z.object({ slug: z.string() }) })).resolves.toEqual({
      slug: 'demo',
    });
  });

  it('sends the bearer token in the header and in the body (spec §7)', async () => {
    const fetchMock = answer(200, { status: true, data: { access_token: 'abc', user: userFixture() } });
    await apiRequest('/api/accounts/get', { body: {}, token: 'abc', schema: AuthData });
    const [path, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(path).toBe('/api/accounts/get');
    expect(init.method).toBe('POST');
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer abc');
    expect(JSON.parse(String(init.body))).toEqual({ token: 'abc' });
  });

  it('turns the error envelope into an ApiError with code, message and field errors', async () => {
    answer(400, {
      status: false,
      code: 'VALIDATION',
      message: 'error.validation',
      errors: [{ path: 'email', key: 'email.invalid' }],
    });
    const error = await apiRequest('/api/accounts/login', { body: {}, schema: AuthData }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    const apiError = error as ApiError;
    expect(apiError.httpStatus).toBe(400);
    expect(apiError.code).toBe('VALIDATION');
    expect(apiError.errors).toEqual([{ path: 'email', key: 'email.invalid' }]);
    expect(apiError.toMessage({ key: 'login.error_message' })).toEqual({ key: 'error.validation' });
  });

  it('maps a known English text back to its catalogue key, else uses the screen message', async () => {
    expect(
      new ApiError(409, { code: 'TAKEN', message: 'This email already exist' }).toMessage({
        key: 'register.error_message',
      }),
    ).toEqual({ key: 'auth.emailTaken' });
    expect(
      new ApiError(401, { code: 'BAD', message: 'nope' }).toMessage({ key: 'login.error_message' }),
    ).toEqual({
      key: 'login.error_message',
    });
    expect(
      new ApiError(429, { code: 'RATE', message: 'slow down' }).toMessage({ key: 'login.error_message' }),
    ).toEqual({
      key: 'error.rateLimited',
    });
    expect(
      new ApiError(429, { code: 'RATE_LIMITED', key: 'auth.throttled', message: 'x' }).toMessage({
        key: 'login.error_message',
      }),
    ).toEqual({ key: 'auth.throttled' });
  });

  it("shows the catalogue message the server names in `key`, never the server's text", async () => {
    answer(403, {
      status: false,
      code: 'REGISTRATION_DISABLED',
      key: 'register.disabled',
      message: 'Registration is not available on this site.',
    });
    const error = (await apiRequest('/api/accounts/register', { body: {}, schema: AuthData }).catch(
      (e: unknown) => e,
    )) as ApiError;
    expect(error.key).toBe('register.disabled');
    expect(error.toMessage({ key: 'register.error_message' })).toEqual({ key: 'register.disabled' });
    // a key that only names the HTTP class gives way to the screen's own message
    expect(
      new ApiError(401, { code: 'UNAUTHORIZED', key: 'error.unauthorized', message: 'x' }).toMessage({
        key: 'login.auto.error',
      }),
    ).toEqual({ key: 'login.auto.error' });
    // a precise message also wins on a 5xx; a generic one gives way to 'error.internal'
    expect(
      new ApiError(503, { code: 'MAIL', key: 'mail.sendFailed', message: 'x' }).toMessage({
        key: 'forgot_password.error_message',
      }),
    ).toEqual({ key: 'mail.sendFailed' });
    expect(
      new ApiError(500, { code: 'INTERNAL', key: 'error.internal', message: 'x' }).toMessage({
        key: 'forgot_password.error_message',
      }),
    ).toEqual({ key: 'error.internal' });
    // an unknown key falls back too
    expect(
      new ApiError(400, { code: 'X', key: 'not.a.key', message: 'Something odd' }).toMessage({
        key: 'document.notSupported',
      }),
    ).toEqual({ key: 'document.notSupported' });
  });

  it('sends a multipart body with the token before the file, without a JSON content type', async () => {
    const fetchMock = answer(200, { status: true, data: userFixture() });
    const form = new FormData();
    form.set('type', 'doc_passport');
    form.set('files', new File(['x'], 'a.jpg', { type: 'image/jpeg' }));
    await apiRequest('/api/accounts/upload', { form, token: 'abc', schema: UserDto });
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(init.method).toBe('POST');
    const headers = init.headers as Record<string, string>;
    expect(headers['Content-Type']).toBeUndefined();
    expect(headers.Authorization).toBe('Bearer abc');
    expect([...(init.body as FormData).keys()]).toEqual(['token', 'type', 'files']);
  });

  it('reports an unreachable server as a network ApiError', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    const error = (await brandApi.get().catch((e: unknown) => e)) as ApiError;
    expect(error.code).toBe(CLIENT_ERROR_CODES.network);
    expect(error.isNetwork).toBe(true);
    expect(error.toMessage({ key: 'login.error_message' })).toEqual({ key: 'error.internal' });
  });

  it('reports a proxy error page (no JSON) as a bad response', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('<html>502</html>', { status: 502 })),
    );
    const error = (await brandApi.get().catch((e: unknown) => e)) as ApiError;
    expect(error.httpStatus).toBe(502);
    expect(error.code).toBe(CLIENT_ERROR_CODES.badResponse);
  });

  it("parses `data` with the call's contract, and refuses an answer that drifted from it", async () => {
    const position = positionFixture();
    answer(200, { status: true, data: { balance: 100, positions: { open: [position], history: [] } } });
    await expect(
      apiRequest('/api/accounts/getBalance', { body: {}, token: 'abc', schema: BalanceData }),
    ).resolves.toEqual({ balance: 100, positions: { open: [position], history: [] } });

    // an amount as a decimal string (a NUMERIC column sent as is) is not the contract's number
    answer(200, {
      status: true,
      data: { balance: '100.00', positions: { open: [{ ...position, amount: '100.00' }], history: [] } },
    });
    const error = (await apiRequest('/api/accounts/getBalance', {
      body: {},
      token: 'abc',
      schema: BalanceData,
    }).catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.code).toBe(CLIENT_ERROR_CODES.badResponse);
    expect(error.message).toContain('balance, positions.open.0.amount');
    expect(error.toMessage({ key: 'login.error_message' })).toEqual({ key: 'error.internal' });
  });

  it('never puts the path of a drifted call in its message (the transactions path carries the token)', async () => {
    answer(200, { status: true, data: [{ amount: 1 }] });
    const error = (await apiRequest('/api/transactions/get/secret-token', {
      token: 'secret-token',
      schema: TransactionList,
    }).catch((e: unknown) => e)) as ApiError;
    expect(error.code).toBe(CLIENT_ERROR_CODES.badResponse);
    expect(error.message).not.toContain('secret-token');
  });

  it('parses every call of the client modules with its contract: a drifted brand, instrument list or affiliate session is a bad response', async () => {
    const brand = brandFixture();
    answer(200, { status: true, data: brand });
    await expect(brandApi.get()).resolves.toEqual(brand);
    // a brand without its trading terms is not what GET /api/brand sends
    const { trading: _, ...withoutTrading } = brand;
    answer(200, { status: true, data: withoutTrading });
    const brandError = (await brandApi.get().catch((e: unknown) => e)) as ApiError;
    expect(brandError.code).toBe(CLIENT_ERROR_CODES.badResponse);
    expect(brandError.message).toContain('trading');

    answer(200, { status: true, data: INSTRUMENTS_FIXTURE });
    await expect(marketApi.instruments()).resolves.toEqual(INSTRUMENTS_FIXTURE);
    // a category outside spec §3's list
    answer(200, { status: true, data: [{ ...INSTRUMENTS_FIXTURE[0], category: 'bonds' }] });
    const instrumentError = (await marketApi.instruments().catch((e: unknown) => e)) as ApiError;
    expect(instrumentError.code).toBe(CLIENT_ERROR_CODES.badResponse);
    expect(instrumentError.message).toContain('0.category');

    // an affiliate session without the tracking code of its links
    answer(200, {
      status: true,
      data: {
        access_token: 'aff',
        affiliate: { id: 1, first_name: 'A', last_name: 'B', email: 'a@b.example' },
      },
    });
    const sessionError = (await affiliateApi.me('aff').catch((e: unknown) => e)) as ApiError;
    expect(sessionError.code).toBe(CLIENT_ERROR_CODES.badResponse);
    expect(sessionError.message).toContain('affiliate.code');
  });

  it('reads a call that answers no data through its NoData contract', async () => {
    answer(200, { status: true, data: {} });
    await expect(affiliateApi.logout('aff')).resolves.toEqual({});
    answer(200, { status: true, data: 'done' });
    const error = (await apiRequest('/api/accounts/logout', { body: {}, token: 'abc', schema: NoData }).catch(
      (e: unknown) => e,
    )) as ApiError;
    expect(error.code).toBe(CLIENT_ERROR_CODES.badResponse);
  });

  it('a 401 is an ended session', () => {
    expect(new ApiError(401, { code: 'UNAUTHORIZED', message: 'x' }).isUnauthorized).toBe(true);
  });
});

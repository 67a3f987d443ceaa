import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { countries } from '../db/schema.js';
import { registerClient } from '../test/factories.js';
import { createTestServer, testDbKind } from '../test/harness.js';
import { captureLog } from '../test/log-capture.js';
import { createLogger, serializeError } from './logger.js';

// The error log line of a failed profile update carried the client's name, phone and address.
describe(`personal data stays out of the log (${testDbKind})`, async () => {
  const log = captureLog();
  const { app, runtime } = await createTestServer(
    { AUTH_RATE_LIMIT_PER_MINUTE: '1000', LOG_LEVEL: 'debug' },
    { logStream: log.stream },
  );
  const { db } = runtime.ctx.database;
  afterEach(() => {
    vi.restoreAllMocks();
  });

  const personal = {
    first_name: 'Wilhelmina',
    last_name: 'Zwanenburg',
    phone: '+49 151 2345 6789',
    birth_date: '1971-03-09',
    state: 'Niedersachsen',
    city: 'Quakenbrück',
    street: 'Lindenallee 77',
    zip_code: '49610',
  };
  const secrets = (client: { email: string; token: string; password: string }) => [
    personal.first_name,
    personal.last_name,
    '2345 6789',
    '+4915123456789',
    personal.city,
    personal.street,
    personal.zip_code,
    personal.birth_date,
    client.email,
    client.token,
    client.password,
  ];

  it('a request that fails in the database logs the error at error level, with no body and no query values', async () => {
    const client = await registerClient(app);
    const [country] = await db.select().from(countries).limit(1);
    // a real failing query that carries the profile as its parameters, as a broken update would
    vi.spyOn(runtime.ctx.accounts, 'updateProfile').mockImplementationOnce(async (_user, input) => {
      await db.execute(
        sql`select ${input.first_name}::int, ${input.last_name}, ${input.phone}, ${input.street}, ${input.city}, ${input.zip_code}, ${input.birth_date}`,
      );
      throw new Error('unreachable');
    });
    const res = await app.inject({
      method: 'POST',
      url: '/api/accounts/update',
      headers: { authorization: `Bearer ${client.token}`, cookie: `session=${client.token}` },
      payload: { ...personal, country_id: country?.id, password: client.password, email: client.email },
    });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toMatchObject({ code: 'INTERNAL' });

    const failure = log.entries().find((e) => e.msg === 'unhandled error');
    expect(failure).toMatchObject({ level: 50, route: '/api/accounts/update' });
    // the operator still sees what failed: the SQL with placeholders and the database's reason
    expect(JSON.stringify(failure)).toContain('Failed query: select $1::int');
    const text = log.text();
    for (const secret of secrets(client)) expect(text, secret).not.toContain(secret);
  });

  it('fields named as personal data are censored wherever a log line carries them', () => {
    const lines = captureLog();
    const logger = createLogger({ logLevel: 'info', logFormat: 'json' }, lines.stream);
    logger.info(
      {
        body: { note: 'whole bodies never' },
        user: { email: 'x@example.com', first_name: 'Wilhelmina', id: 7 },
        password: 'hunter22',
        headers: { authorization: 'Bearer abc', cookie: 'sid=abc' },
        access_token: 'tok-123',
        phone: '+4915123456789',
      },
      'probe',
    );
    const text = lines.text();
    for (const secret of [
      'whole bodies',
      'x@example.com',
      'Wilhelmina',
      'hunter22',
      'Bearer abc',
      'sid=abc',
      'tok-123',
      '+4915123456789',
    ])
      expect(text, secret).not.toContain(secret);
    expect(lines.entries()[0]).toMatchObject({ msg: 'probe', user: { id: 7, email: '[redacted]' } });
  });

  it('an error keeps its type, message, code and cause, but never a failed query’s parameter values', () => {
    const cause = Object.assign(new Error('invalid input syntax for type integer: "Wilhelmina"'), {
      code: '22P02',
      detail: 'Key (email)=(x@example.com) already exists.',
    });
    const failed = Object.assign(new Error('Failed query: select $1::int\nparams: Wilhelmina,Zwanenburg'), {
      query: 'select $1::int',
      params: ['Wilhelmina', 'Zwanenburg'],
      cause,
    });
    const out = serializeError(failed);
    expect(out).toMatchObject({
      message: 'Failed query: select $1::int',
      cause: { code: '22P02', message: 'invalid input syntax for type integer: "[redacted]"' },
    });
    expect(JSON.stringify(out)).not.toContain('Zwanenburg');
    expect(JSON.stringify(out)).not.toContain('x@example.com');
  });
});

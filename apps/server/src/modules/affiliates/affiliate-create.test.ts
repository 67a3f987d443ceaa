import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { CliError, OPERATOR_COMMANDS } from '../../cli-commands.js';
import { affiliates, auditLog, brands } from '../../db/schema.js';
import { DEMO_BRAND_SETTINGS } from '../../seed/seed.js';
import { createTestServer, testDbKind } from '../../test/harness.js';

describe(`npm run cli -- affiliate:create (${testDbKind})`, async () => {
  const { app, runtime, config } = await createTestServer({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
  const { ctx } = runtime;
  const { db } = ctx.database;
  await db.insert(brands).values({
    slug: 'sister',
    name: 'Sister Broker',
    hosts: ['sister.example.com'],
    settings: DEMO_BRAND_SETTINGS,
  });
  const run = (...args: string[]) => {
    const command = OPERATOR_COMMANDS['affiliate:create'];
    if (!command) throw new Error('no affiliate:create command');
    return command.run(ctx, args);
  };
  const field = (output: string, name: string) =>
    new RegExp(`^\\s+${name}\\s+(\\S+)$`, 'm').exec(output)?.[1] ?? '';

  it('creates an affiliate on the brand and prints its password and tracking code once', async () => {
    const output = await run('sister', 'New.Partner@Ads.io', '--first-name', 'Nina', '--last-name', 'Ads');
    const password = field(output, 'password');
    const code = field(output, 'tracking code');
    expect(password.length).toBeGreaterThanOrEqual(16);
    expect(code).toMatch(/^[A-Z2-9]{8}$/);
    expect(field(output, 'tracking link')).toMatch(new RegExp(`^https?://\\S+/\\?ref=${code}$`));
    const [row] = await db.select().from(affiliates).where(eq(affiliates.code, code));
    expect(row).toMatchObject({ email: 'new.partner@ads.io', firstName: 'Nina', lastName: 'Ads' });
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row?.passwordHash).not.toContain(password);

    const login = await app.inject({
      method: 'POST',
      url: '/api/affiliate/login',
      headers: { host: 'sister.example.com' },
      payload: { email: 'new.partner@ads.io', password },
    });
    expect(login.statusCode).toBe(200);
    expect(login.json().data.affiliate.code).toBe(code);

    const [audit] = await db
      .select()
      .from(auditLog)
      .where(eq(auditLog.subject, `affiliate:${row?.id}`));
    expect(audit).toMatchObject({ action: 'affiliate.create', details: { brand: 'sister', code } });
    expect(JSON.stringify(audit?.details)).not.toContain(password);
  });

  it('refuses an unknown brand, a bad e-mail, a taken e-mail and missing arguments with a plain line', async () => {
    await expect(run('nope', 'a@b.co')).rejects.toThrow('There is no brand "nope"');
    await expect(run('demo', 'not-an-email')).rejects.toThrow('is not a valid e-mail address');
    await expect(run('demo', 'affiliate@example.com')).rejects.toThrow(
      'Brand "demo" already has an affiliate with the e-mail affiliate@example.com.',
    );
    await expect(run('demo')).rejects.toBeInstanceOf(CliError);
    await expect(run('demo', 'x@y.co', '--colour', 'red')).rejects.toBeInstanceOf(CliError);
  });

  it('lets the same e-mail be an affiliate on two brands', async () => {
    const output = await run('sister', 'affiliate@example.com');
    expect(output).toContain('Created affiliate');
    expect(config.publicUrl).toBeTruthy();
  });
});

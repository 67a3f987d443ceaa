import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import {
  assertSafeToServe,
  ConfigError,
  DEMO_MARKER_FILE,
  DEVELOPMENT_AUDIT_KEY,
  DEVELOPMENT_BRAND_SECRETS_KEY,
  DEVELOPMENT_SANDBOX_SECRET,
  DEVELOPMENT_STAFF_TOTP_KEY,
  EMBEDDED_DATABASE_DIR,
  loadConfig,
  projectRoot,
  redact,
} from './config.js';

/** The repository root, from this file's place in it (apps/server/src). */
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

describe('configuration', () => {
  it('runs offline with no settings at all: port 3000, embedded database under ./data, no Redis', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.redisUrl).toBeUndefined();
    expect(config.dataDir).toBe(path.join(repoRoot, 'data'));
    expect(config.sessionIdleMs).toBe(20 * 60_000);
    expect(config.seedDemo).toBe(true);
  });

  it('limits refused webhook calls to 60 a minute per address and reads another limit', () => {
    expect(loadConfig({}).paymentWebhookRefusalsPerMinute).toBe(60);
    expect(loadConfig({ PAYMENT_WEBHOOK_REFUSALS_PER_MINUTE: '600' }).paymentWebhookRefusalsPerMinute).toBe(
      600,
    );
  });

  it('PORT overrides the port', () => {
    expect(loadConfig({ PORT: '8080' }).port).toBe(8080);
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT must be a whole number from 0 to 65535, got "abc"'],
    [{ PORT: '70000' }, 'PORT must be a whole number from 0 to 65535, got "70000"'],
    [
      { DATABASE_URL: 'mysql://x@y/z' },
      'DATABASE_URL must be a URL starting with postgres:// or postgresql://',
    ],
    [{ REDIS_URL: 'not a url' }, 'REDIS_URL must be a URL starting with redis:// or rediss://'],
    [
      { LOG_LEVEL: 'loud' },
      'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent, got "loud"',
    ],
    [{ SEED_DEMO: 'maybe' }, 'SEED_DEMO must be true or false (or 1/0), got "maybe"'],
    [{ SESSION_IDLE_MINUTES: '0' }, 'SESSION_IDLE_MINUTES must be a whole number from 1 to 1440, got "0"'],
    [{ DEFAULT_BRAND: 'Not A Slug' }, 'DEFAULT_BRAND must be a brand slug'],
    [
      { PAYMENT_WEBHOOK_TOLERANCE_SECONDS: '5' },
      'PAYMENT_WEBHOOK_TOLERANCE_SECONDS must be a whole number from 10 to 3600, got "5"',
    ],
    [
      { PAYMENT_WEBHOOK_REFUSALS_PER_MINUTE: '0' },
      'PAYMENT_WEBHOOK_REFUSALS_PER_MINUTE must be a whole number of at least 1, got "0"',
    ],
    [
      { PAYMENT_WEBHOOK_REFUSALS_PER_MINUTE: 'lots' },
      'PAYMENT_WEBHOOK_REFUSALS_PER_MINUTE must be a whole number of at least 1, got "lots"',
    ],
    [{ PAYMENT_SANDBOX_SECRET: 'short' }, 'PAYMENT_SANDBOX_SECRET must be at least 16 characters'],
  ])('rejects %o naming the variable and what it expects', (env, expected) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(expected);
  });

  it('reports every bad variable at once', () => {
    expect(() => loadConfig({ PORT: 'x', LOG_LEVEL: 'y' })).toThrow(/PORT must .*; LOG_LEVEL must/);
  });

  it('never prints a database password', () => {
    expect(redact('postgres://app:s3cret@db:5432/broker')).toBe('postgres://app:***@db:5432/broker');
    expect(() => loadConfig({ DATABASE_URL: 'mysql://app:s3cret@db/x' })).toThrow(/app:\*\*\*@db/);
  });

  it('keeps mail offline and auto-login codes at 15 minutes unless told otherwise', () => {
    const config = loadConfig({});
    expect(config.smtpUrl).toBeUndefined();
    expect(config.mailFrom).toBe('no-reply@localhost');
    expect(config.loginCodeTtlMs).toBe(15 * 60_000);
    expect(config.uploadDir).toBe(path.join(repoRoot, 'data', 'uploads'));
  });

  it('reads the mail, auto-login and upload settings', () => {
    const config = loadConfig({
      SMTP_URL: 'smtps://mailer:secret@smtp.example.com:465',
      MAIL_FROM: 'no-reply@broker.example.com',
      LOGIN_CODE_TTL_MINUTES: '60',
      UPLOAD_DIR: '/srv/openbroker/uploads',
    });
    expect(config.smtpUrl).toBe('smtps://mailer:secret@smtp.example.com:465');
    expect(config.mailFrom).toBe('no-reply@broker.example.com');
    expect(config.loginCodeTtlMs).toBe(60 * 60_000);
    expect(config.uploadDir).toBe('/srv/openbroker/uploads');
  });

  it('keeps uploads under DATA_DIR', () => {
    expect(loadConfig({ DATA_DIR: '/var/lib/ob' }).uploadDir).toBe('/var/lib/ob/uploads');
  });

  it.each([
    [{ SMTP_URL: 'http://mail.example.com' }, 'SMTP_URL must be a URL starting with smtp:// or smtps://'],
    [{ SMTP_URL: 'smtp://user:hunter2@' }, 'SMTP_URL must be a URL starting with smtp:// or smtps://'],
    [{ MAIL_FROM: 'Broker <x@y>' }, 'MAIL_FROM must be a plain e-mail address, got "Broker <x@y>"'],
    [{ LOGIN_CODE_TTL_MINUTES: '0' }, 'LOGIN_CODE_TTL_MINUTES must be a whole number from 1 to 10080'],
    [{ LOGIN_CODE_TTL_MINUTES: 'soon' }, 'LOGIN_CODE_TTL_MINUTES must be a whole number from 1 to 10080'],
    [{ MAIL_MAX_ATTEMPTS: '0' }, 'MAIL_MAX_ATTEMPTS must be a whole number from 1 to 50, got "0"'],
    [{ MAIL_MAX_ATTEMPTS: 'many' }, 'MAIL_MAX_ATTEMPTS must be a whole number from 1 to 50, got "many"'],
    [{ METRICS_TOKEN: 'short' }, 'METRICS_TOKEN must be at least 24 characters'],
  ])('rejects %o naming the variable and what it expects', (env, expected) => {
    expect(() => loadConfig(env)).toThrow(expected);
  });

  it('retries mail 8 times and opens /metrics to loopback only, unless told otherwise', () => {
    expect(loadConfig({})).toMatchObject({ mailMaxAttempts: 8, metricsToken: undefined });
    const token = 'a-metrics-token-of-24-chars+';
    expect(loadConfig({ MAIL_MAX_ATTEMPTS: '3', METRICS_TOKEN: token })).toMatchObject({
      mailMaxAttempts: 3,
      metricsToken: token,
    });
  });

  it('never prints the SMTP password', () => {
    expect(() => loadConfig({ SMTP_URL: 'ftp://mailer:hunter2@smtp.example.com' })).toThrow(
      /mailer:\*\*\*@smtp/,
    );
    expect(() => loadConfig({ SMTP_URL: 'ftp://mailer:hunter2@smtp.example.com' })).not.toThrow(/hunter2/);
  });
});

describe('market feed configuration', () => {
  it('accepts a WebSocket feed with its field mapping', () => {
    const config = loadConfig({
      MARKET_FEED: 'websocket',
      MARKET_WS_URL: 'wss://feed.example.com/stream',
      MARKET_WS_OPTIONS: JSON.stringify({
        mapping: { symbol: 'data.s', bid: 'data.b', ask: 'data.a' },
        symbols: { BTCUSDT: 'BTCUSD' },
      }),
    });
    expect(config.marketFeed).toBe('websocket');
    expect(config.marketWsOptions?.mapping.bid).toBe('data.b');
  });

  it.each([
    [{ MARKET_FEED: 'carrier-pigeon' }, 'MARKET_FEED must be simulated, replay, websocket or none'],
    [
      { MARKET_WS_URL: 'http://feed.example.com' },
      'MARKET_WS_URL must be a URL starting with ws:// or wss://',
    ],
    [{ MARKET_WS_OPTIONS: '{"mapping":{}}' }, 'MARKET_WS_OPTIONS must be JSON like'],
    [{ MARKET_WS_OPTIONS: 'not json' }, 'MARKET_WS_OPTIONS must be JSON like'],
    [{ REQUOTE_TOLERANCE: '2' }, 'REQUOTE_TOLERANCE must be a fraction from 0 to 0.1'],
    [{ STOP_OUT_LEVEL: '0' }, 'STOP_OUT_LEVEL must be a fraction above 0 and at most 1'],
    [{ PRICE_CONFLATION_MS: '5' }, 'PRICE_CONFLATION_MS must be a whole number from 50 to 10000'],
  ])('rejects %o naming the variable', (env, expected) => {
    expect(() => loadConfig(env)).toThrow(expected);
  });
});

describe('where the data lives: one resolution for the server and the CLI', () => {
  it('resolves a relative DATA_DIR and UPLOAD_DIR against the project root, not the working directory', () => {
    expect(projectRoot).toBe(repoRoot);
    expect(
      JSON.parse(fs.readFileSync(path.join(projectRoot, 'package.json'), 'utf8')).workspaces,
    ).toBeTruthy();
    const config = loadConfig({ DATA_DIR: './var/broker', UPLOAD_DIR: 'files' });
    expect(config.dataDir).toBe(path.join(repoRoot, 'var/broker'));
    expect(config.uploadDir).toBe(path.join(repoRoot, 'files'));
    expect(loadConfig({ DATA_DIR: '/srv/ob' }).dataDir).toBe('/srv/ob');
  });

  it('takes file arguments relative to the folder the operator ran npm in (INIT_CWD)', () => {
    expect(loadConfig({ INIT_CWD: '/home/op/notices' }).invocationDir).toBe('/home/op/notices');
  });
});

describe('demo mode and secrets (decision 0010)', () => {
  const dirs: string[] = [];
  afterAll(() => {
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });
  /** A data directory: empty, or holding an embedded database (made as a demo or not). */
  const dataDir = (database?: 'demo' | 'real') => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ob-config-'));
    dirs.push(dir);
    if (database) {
      fs.mkdirSync(path.join(dir, EMBEDDED_DATABASE_DIR));
      fs.writeFileSync(path.join(dir, EMBEDDED_DATABASE_DIR, 'PG_VERSION'), '17');
      if (database === 'demo') fs.writeFileSync(path.join(dir, DEMO_MARKER_FILE), 'demo');
    }
    return dir;
  };
  const postgres = 'postgres://app:pw@db.example.com:5432/broker';
  const token = 'a'.repeat(32);
  const publicUrl = 'https://broker.example.com';
  const staffKey = 'k'.repeat(40);
  const brandKey = 'b'.repeat(40);
  const auditKey = 'a'.repeat(40);

  it('a fresh clone is a demo: the embedded database on an empty data directory, sandbox on', () => {
    const config = loadConfig({ DATA_DIR: dataDir() });
    expect(config).toMatchObject({ demo: true, demoReason: 'new embedded database', paymentSandbox: true });
    expect(() => assertSafeToServe(config)).not.toThrow();
  });

  it('an embedded database stays a demo only when it was created as one', () => {
    expect(loadConfig({ DATA_DIR: dataDir('demo') })).toMatchObject({ demo: true, paymentSandbox: true });
    expect(loadConfig({ DATA_DIR: dataDir('real') })).toMatchObject({ demo: false, paymentSandbox: false });
  });

  it('PostgreSQL is a demo only when DEMO=true says so', () => {
    expect(loadConfig({ DATABASE_URL: postgres, DATA_DIR: dataDir() })).toMatchObject({
      demo: false,
      paymentSandbox: false,
    });
    expect(loadConfig({ DATABASE_URL: postgres, DEMO: 'true' })).toMatchObject({
      demo: true,
      paymentSandbox: true,
    });
  });

  it('DEMO=false turns a new embedded database into a real deployment, and seeds no demo data', () => {
    expect(loadConfig({ DEMO: 'false', DATA_DIR: dataDir() })).toMatchObject({
      demo: false,
      paymentSandbox: false,
    });
  });

  it('refuses a production-like start without secrets, naming the variable and what to do', () => {
    const config = loadConfig({ NODE_ENV: 'production', DATABASE_URL: postgres });
    expect(() => assertSafeToServe(config)).toThrow(ConfigError);
    expect(() => assertSafeToServe(config)).toThrow(
      /^Unsafe configuration outside demo mode \(PostgreSQL and DEMO not set\): OPERATOR_TOKEN must be set \(a random value of at least 24 characters/,
    );
    expect(() => assertSafeToServe(loadConfig({ DEMO: 'false', DATA_DIR: dataDir() }))).toThrow(
      'OPERATOR_TOKEN must be set',
    );
  });

  it('refuses the sandbox outside demo mode with its public default secret, set or left unset', () => {
    for (const secret of [undefined, DEVELOPMENT_SANDBOX_SECRET]) {
      const config = loadConfig({
        DATABASE_URL: postgres,
        OPERATOR_TOKEN: token,
        PAYMENT_SANDBOX: 'true',
        ...(secret ? { PAYMENT_SANDBOX_SECRET: secret } : {}),
      });
      expect(() => assertSafeToServe(config)).toThrow(
        'PAYMENT_SANDBOX_SECRET must be set to your own secret of at least 16 characters while PAYMENT_SANDBOX=true',
      );
    }
  });

  it('names every missing secret at once, on one line', () => {
    const config = loadConfig({ DATABASE_URL: postgres, PAYMENT_SANDBOX: 'on' });
    expect(() => assertSafeToServe(config)).toThrow(
      /OPERATOR_TOKEN must be set .*; PAYMENT_SANDBOX_SECRET must be set/,
    );
    try {
      assertSafeToServe(config);
    } catch (error) {
      expect((error as Error).message).not.toContain('\n');
    }
  });

  it('starts outside demo mode once its secrets are set, with the sandbox off', () => {
    const production = loadConfig({
      DATABASE_URL: postgres,
      OPERATOR_TOKEN: token,
      PUBLIC_URL: publicUrl,
      STAFF_TOTP_KEY: staffKey,
      BRAND_SECRETS_KEY: brandKey,
      AUDIT_KEY: auditKey,
    });
    expect(() => assertSafeToServe(production)).not.toThrow();
    expect(production).toMatchObject({
      demo: false,
      paymentSandbox: false,
      operatorToken: token,
      publicUrl,
      host: '0.0.0.0',
    });
    const staging = loadConfig({
      DATABASE_URL: postgres,
      OPERATOR_TOKEN: token,
      PUBLIC_URL: publicUrl,
      STAFF_TOTP_KEY: staffKey,
      BRAND_SECRETS_KEY: brandKey,
      AUDIT_KEY: auditKey,
      PAYMENT_SANDBOX: 'true',
      PAYMENT_SANDBOX_SECRET: 'staging-only-secret-0123456789',
    });
    expect(() => assertSafeToServe(staging)).not.toThrow();
    expect(staging.paymentSandbox).toBe(true);
  });

  it('refuses outside demo mode without STAFF_TOTP_KEY or with the public development key; a demo uses that key', () => {
    for (const key of [undefined, DEVELOPMENT_STAFF_TOTP_KEY]) {
      const config = loadConfig({
        DATABASE_URL: postgres,
        OPERATOR_TOKEN: token,
        PUBLIC_URL: publicUrl,
        ...(key ? { STAFF_TOTP_KEY: key } : {}),
      });
      expect(() => assertSafeToServe(config)).toThrow(
        /STAFF_TOTP_KEY must be set \(a random value of at least 32/,
      );
    }
    const demo = loadConfig({ DEMO: 'true' });
    expect(demo.staffTotpKey).toBe(DEVELOPMENT_STAFF_TOTP_KEY);
    expect(demo.staffSessionIdleMs).toBe(15 * 60_000);
    expect(() => assertSafeToServe(demo)).not.toThrow();
  });

  it('refuses outside demo mode without AUDIT_KEY or with a public development key, naming it; a demo uses the development key', () => {
    for (const key of [
      undefined,
      DEVELOPMENT_AUDIT_KEY,
      DEVELOPMENT_STAFF_TOTP_KEY,
      DEVELOPMENT_BRAND_SECRETS_KEY,
    ]) {
      const config = loadConfig({
        DATABASE_URL: postgres,
        OPERATOR_TOKEN: token,
        PUBLIC_URL: publicUrl,
        STAFF_TOTP_KEY: staffKey,
        BRAND_SECRETS_KEY: brandKey,
        ...(key ? { AUDIT_KEY: key } : {}),
      });
      expect(config.auditKeyIsDefault).toBe(true);
      expect(() => assertSafeToServe(config)).toThrow(
        /^Unsafe configuration outside demo mode \(PostgreSQL and DEMO not set\): AUDIT_KEY must be set to your own random value of at least 32 characters/,
      );
    }
    const own = loadConfig({
      DATABASE_URL: postgres,
      OPERATOR_TOKEN: token,
      PUBLIC_URL: publicUrl,
      STAFF_TOTP_KEY: staffKey,
      BRAND_SECRETS_KEY: brandKey,
      AUDIT_KEY: auditKey,
    });
    expect(own).toMatchObject({ auditKey, auditKeyIsDefault: false });
    expect(() => assertSafeToServe(own)).not.toThrow();
    const demo = loadConfig({ DEMO: 'true' });
    expect(demo.auditKey).toBe(DEVELOPMENT_AUDIT_KEY);
    expect(() => assertSafeToServe(demo)).not.toThrow();
  });

  it('refuses outside demo mode without PUBLIC_URL, whose default would put localhost into payment and mail links', () => {
    for (const env of [
      { DATABASE_URL: postgres, OPERATOR_TOKEN: token },
      { DEMO: 'false', DATA_DIR: dataDir(), OPERATOR_TOKEN: token },
    ]) {
      const config = loadConfig(env);
      expect(config.publicUrl).toBe('http://localhost:3000');
      expect(() => assertSafeToServe(config)).toThrow(ConfigError);
      expect(() => assertSafeToServe(config)).toThrow(
        /^Unsafe configuration outside demo mode \(.*\): PUBLIC_URL must be set to the address clients reach this server at/,
      );
    }
    // A demo keeps the localhost default: its links are for this machine anyway.
    expect(() => assertSafeToServe(loadConfig({ DATA_DIR: dataDir() }))).not.toThrow();
  });

  it('keeps a demo DEMO did not ask for on this machine: 127.0.0.1 unless HOST says otherwise', () => {
    for (const dir of [dataDir(), dataDir('demo'), 'memory://']) {
      const config = loadConfig({ DATA_DIR: dir });
      expect(config).toMatchObject({ demo: true, demoByDefault: true, host: '127.0.0.1' });
      expect(() => assertSafeToServe(config)).not.toThrow();
    }
    expect(loadConfig({ DATA_DIR: dataDir(), HOST: '::1' }).host).toBe('::1');
    // Asked for, or not a demo: every interface by default, as before.
    expect(loadConfig({ DATA_DIR: dataDir(), DEMO: 'true' })).toMatchObject({
      demoByDefault: false,
      host: '0.0.0.0',
    });
    expect(loadConfig({ DATABASE_URL: postgres }).host).toBe('0.0.0.0');
    expect(loadConfig({ DATA_DIR: dataDir('real') }).host).toBe('0.0.0.0');
  });

  it('refuses to share a demo DEMO did not ask for on a non-loopback HOST, saying what to set', () => {
    for (const [dir, reason] of [
      [dataDir(), 'new embedded database'],
      [dataDir('demo'), 'embedded database created as a demo'],
    ] as const) {
      const config = loadConfig({ DATA_DIR: dir, HOST: '0.0.0.0' });
      expect(config).toMatchObject({ demo: true, host: '0.0.0.0' });
      expect(() => assertSafeToServe(config)).toThrow(ConfigError);
      expect(() => assertSafeToServe(config)).toThrow(
        `DEMO is not set and this would serve a demo (${reason}: public demo logins, sandbox deposits without payment) on HOST=0.0.0.0. Set DEMO=true to share a demo on purpose, or DEMO=false with the production settings (OPERATOR_TOKEN, PUBLIC_URL; docs/operations.md)`,
      );
    }
    expect(() => assertSafeToServe(loadConfig({ DATA_DIR: dataDir(), HOST: '192.0.2.10' }))).toThrow(
      'on HOST=192.0.2.10',
    );
    // Loopback in any spelling is this machine only.
    for (const host of ['127.0.0.1', 'localhost', '::1', '[::1]'])
      expect(() => assertSafeToServe(loadConfig({ DATA_DIR: dataDir(), HOST: host }))).not.toThrow();
  });

  it('lets DEMO=true share a demo on every interface (the banner warns)', () => {
    const config = loadConfig({ DATA_DIR: dataDir(), DEMO: 'true', HOST: '0.0.0.0' });
    expect(config).toMatchObject({ demo: true, demoByDefault: false, host: '0.0.0.0', paymentSandbox: true });
    expect(() => assertSafeToServe(config)).not.toThrow();
  });

  it('lets a demo turn its sandbox off', () => {
    expect(loadConfig({ DEMO: 'true', PAYMENT_SANDBOX: 'false' }).paymentSandbox).toBe(false);
  });

  it.each([
    [{ DEMO: 'maybe' }, 'DEMO must be true or false (or 1/0), got "maybe"'],
    [{ PAYMENT_SANDBOX: 'sometimes' }, 'PAYMENT_SANDBOX must be true or false (or 1/0), got "sometimes"'],
    [{ OPERATOR_TOKEN: 'short' }, 'OPERATOR_TOKEN must be at least 24 characters'],
    [{ STAFF_TOTP_KEY: 'short' }, 'STAFF_TOTP_KEY must be at least 32 characters'],
    [{ AUDIT_KEY: 'x'.repeat(31) }, 'AUDIT_KEY must be at least 32 characters'],
    [
      { STAFF_SESSION_IDLE_MINUTES: '0' },
      'STAFF_SESSION_IDLE_MINUTES must be a whole number from 1 to 1440, got "0"',
    ],
  ])('rejects %o naming the variable', (env, expected) => {
    expect(() => loadConfig(env)).toThrow(expected);
  });
});

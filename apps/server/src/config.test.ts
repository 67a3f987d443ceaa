import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, redact } from './config.js';

describe('configuration', () => {
  it('runs offline with no settings at all: port 3000, embedded database under ./data, no Redis', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.redisUrl).toBeUndefined();
    expect(config.dataDir).toBe(path.resolve('data'));
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
    expect(config.uploadDir).toBe(path.resolve('data', 'uploads'));
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
  ])('rejects %o naming the variable and what it expects', (env, expected) => {
    expect(() => loadConfig(env)).toThrow(expected);
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

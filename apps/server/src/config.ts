import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ipaddr from 'ipaddr.js';
import { z } from 'zod';

/**
 * Every setting of the server, read from the environment once and validated (style §11).
 * Defaults run offline on one machine: embedded PGlite under ./data, no Redis, no SMTP.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
// src/ in development and tests, dist/ in the built server: both sit in apps/server/.
const serverRoot = path.resolve(here, '..');

/**
 * The project root: the nearest folder above the server with a package.json that declares
 * workspaces (the repository root), else the folder two levels up. Relative DATA_DIR and UPLOAD_DIR
 * are resolved against it, never against the process's working directory: `npm start` runs from
 * the root while `npm run cli` runs inside apps/server, and both must open the same database.
 */
export const projectRoot = findProjectRoot(serverRoot);

function findProjectRoot(start: string): string {
  for (let dir = start; ; dir = path.dirname(dir)) {
    try {
      const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as {
        workspaces?: unknown;
      };
      if (manifest.workspaces) return dir;
    } catch {
      // no package.json here: keep walking up
    }
    if (path.dirname(dir) === dir) return path.resolve(start, '../..');
  }
}

/** Resolves a configured path: absolute as given, relative against the project root. */
export function fromProjectRoot(value: string): string {
  return path.resolve(projectRoot, value);
}

/**
 * Written into DATA_DIR when the server creates a new embedded database in demo mode, so later
 * starts of that same database stay a demo without DEMO being set (decision 0010).
 */
export const DEMO_MARKER_FILE = 'demo-database';

/** The staff TOTP encryption key everybody can read in this file: accepted in demo mode only. */
export const DEVELOPMENT_STAFF_TOTP_KEY = 'development-only-staff-totp-key-not-a-secret';

/** The brand secrets key everybody can read in this file (payment provider secrets): accepted in demo mode only. */
export const DEVELOPMENT_BRAND_SECRETS_KEY = 'development-only-brand-secrets-key-not-a-secret';

/** The audit log's HMAC key everybody can read in this file (decision 0024): accepted in demo mode only. */
export const DEVELOPMENT_AUDIT_KEY = 'development-only-audit-key-not-a-secret';

/**
 * Values of AUDIT_KEY that are public: this file's development keys. Refused outside demo mode, as an
 * unset AUDIT_KEY is: whoever knows the key can rewrite the audit log and its checkpoints unnoticed.
 */
const PUBLIC_AUDIT_KEYS: readonly string[] = [
  DEVELOPMENT_AUDIT_KEY,
  DEVELOPMENT_STAFF_TOTP_KEY,
  DEVELOPMENT_BRAND_SECRETS_KEY,
];

/** The sandbox master secret everybody can read in this file: accepted in demo mode only. */
export const DEVELOPMENT_SANDBOX_SECRET = 'development-only-sandbox-secret';

/** A yes/no setting whose absence means something of its own (undefined: decided from other settings). */
const optionalBool = (name: string) =>
  z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value === '') return undefined;
      if (['1', 'true', 'yes', 'on'].includes(value.toLowerCase())) return true;
      if (['0', 'false', 'no', 'off'].includes(value.toLowerCase())) return false;
      ctx.addIssue({ code: 'custom', message: `${name} must be true or false (or 1/0), got "${value}"` });
      return z.NEVER;
    });

const bool = (name: string, fallback: boolean) =>
  z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value === '') return fallback;
      if (['1', 'true', 'yes', 'on'].includes(value.toLowerCase())) return true;
      if (['0', 'false', 'no', 'off'].includes(value.toLowerCase())) return false;
      ctx.addIssue({ code: 'custom', message: `${name} must be true or false (or 1/0), got "${value}"` });
      return z.NEVER;
    });

const url = (name: string, protocols: string[]) =>
  z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value === '') return undefined;
      try {
        const parsed = new URL(value);
        if (!protocols.includes(parsed.protocol)) throw new Error('protocol');
        return value;
      } catch {
        ctx.addIssue({
          code: 'custom',
          message: `${name} must be a URL starting with ${protocols.map((p) => `${p}//`).join(' or ')}, got "${redact(value)}"`,
        });
        return z.NEVER;
      }
    });

/**
 * Which proxies in front of the server are believed about the client's address (X-Forwarded-For):
 * none (false), or the peers with these addresses/CIDRs (Fastify's `trustProxy` list). `true` is
 * refused: it believes the left-most entry, which the client writes, so every rate limit could be
 * dodged by sending a new one. A hop count is refused too: Fastify 5 ignores it (it
 * cannot tell the proxy from a client that reaches the server directly), which would put every
 * client behind the proxy under one address and one rate limit.
 */
export type TrustProxy = false | string[];

/** proxy-addr's names for address ranges, accepted in the TRUST_PROXY list. */
const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

const isProxyAddress = (entry: string) =>
  PROXY_RANGE_NAMES.includes(entry) ||
  ipaddr.IPv4.isValidFourPartDecimal(entry) ||
  ipaddr.IPv4.isValidCIDRFourPartDecimal(entry) ||
  ipaddr.IPv6.isValid(entry) ||
  ipaddr.IPv6.isValidCIDR(entry);

const trustProxySetting = z
  .string()
  .optional()
  .transform((value, ctx): TrustProxy => {
    const text = (value ?? '').trim();
    const lower = text.toLowerCase();
    if (['', '0', 'false', 'no', 'off'].includes(lower)) return false;
    const listThem =
      'Set TRUST_PROXY to the addresses or CIDRs of your proxies, comma-separated (e.g. 127.0.0.1 for nginx on this machine, 10.0.0.0/8 for a load balancer network; loopback, linklocal and uniquelocal name those ranges)';
    if (['true', 'yes', 'on'].includes(lower) || /^\d+$/.test(text)) {
      ctx.addIssue({
        code: 'custom',
        message: /^\d+$/.test(text)
          ? `TRUST_PROXY=${text} is refused: a number of proxies cannot tell a proxy from a client that reaches the server directly and forges X-Forwarded-For (Fastify ignores it). ${listThem}`
          : `TRUST_PROXY=${text} is refused: it would believe the left-most X-Forwarded-For entry, which clients write, so any rate limit could be dodged. ${listThem}`,
      });
      return z.NEVER;
    }
    const entries = text.split(',').map((entry) => entry.trim());
    const bad = entries.filter((entry) => !isProxyAddress(entry));
    if (bad.length === 0) return entries;
    ctx.addIssue({
      code: 'custom',
      message: `TRUST_PROXY must be false or a comma list of proxy addresses or CIDRs, got "${bad.join(',')}". ${listThem}`,
    });
    return z.NEVER;
  });

/** The WebSocket feed adapter's settings (market/websocket-feed.ts), as JSON in MARKET_WS_OPTIONS. */
const WsFeedOptionsSchema = z.object({
  mapping: z.object({ symbol: z.string(), bid: z.string(), ask: z.string(), ts: z.string().optional() }),
  subscribe: z.array(z.unknown()).optional(),
  items: z.string().optional(),
  symbols: z.record(z.string(), z.string()).optional(),
  timestampUnit: z.enum(['ms', 's']).optional(),
});

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

const EnvSchema = z.object({
  NODE_ENV: z
    .enum(['development', 'production', 'test'], {
      error: (issue) => `NODE_ENV must be development, production or test, got "${String(issue.input)}"`,
    })
    .default('production'),
  PORT: z
    .string()
    .default('3000')
    .refine((v) => /^\d+$/.test(v) && Number(v) >= 0 && Number(v) <= 65535, {
      error: (issue) => `PORT must be a whole number from 0 to 65535, got "${String(issue.input)}"`,
    })
    .transform(Number),
  // Unset: decided with demo mode (toConfig): a demo DEMO did not ask for stays on this machine.
  HOST: z
    .string()
    .optional()
    .transform((value) => (value === undefined || value.trim() === '' ? undefined : value.trim())),
  PUBLIC_URL: url('PUBLIC_URL', ['http:', 'https:']),
  DATABASE_URL: url('DATABASE_URL', ['postgres:', 'postgresql:']),
  DATA_DIR: z.string().min(1).default('./data'),
  REDIS_URL: url('REDIS_URL', ['redis:', 'rediss:']),
  REDIS_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9:_-]{1,64}$/, { error: 'REDIS_PREFIX must be 1-64 letters, digits, ":", "_" or "-"' })
    .default('ob:'),
  // several nodes on one PostgreSQL and Redis; unset runs one node (docs/cluster.md)
  CLUSTER_SHARDS: z
    .string()
    .refine((v) => /^\d+$/.test(v) && Number(v) >= 1 && Number(v) <= 1024, {
      error: (issue) => `CLUSTER_SHARDS must be a whole number from 1 to 1024, got "${String(issue.input)}"`,
    })
    .transform(Number)
    .optional(),
  NODE_ID: z
    .string()
    .regex(/^[A-Za-z0-9._-]{1,64}$/, { error: 'NODE_ID must be 1-64 letters, digits, ".", "_" or "-"' })
    .optional(),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
      error: (issue) =>
        `LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent, got "${String(issue.input)}"`,
    })
    .default('info'),
  LOG_FORMAT: z
    .enum(['pretty', 'json'], {
      error: (issue) => `LOG_FORMAT must be pretty or json, got "${String(issue.input)}"`,
    })
    .optional(),
  DEFAULT_BRAND: z
    .string()
    .regex(/^[a-z0-9-]{1,64}$/, { error: 'DEFAULT_BRAND must be a brand slug (a-z, 0-9, -)' })
    .default('demo'),
  DEMO: optionalBool('DEMO'),
  SEED_DEMO: bool('SEED_DEMO', true),
  TRUST_PROXY: trustProxySetting,
  SESSION_IDLE_MINUTES: z
    .string()
    .default('20')
    .refine((v) => /^\d+$/.test(v) && Number(v) >= 1 && Number(v) <= 1440, {
      error: (issue) =>
        `SESSION_IDLE_MINUTES must be a whole number from 1 to 1440, got "${String(issue.input)}"`,
    })
    .transform(Number),
  STAFF_SESSION_IDLE_MINUTES: z
    .string()
    .default('15')
    .refine((v) => /^\d+$/.test(v) && Number(v) >= 1 && Number(v) <= 1440, {
      error: (issue) =>
        `STAFF_SESSION_IDLE_MINUTES must be a whole number from 1 to 1440, got "${String(issue.input)}"`,
    })
    .transform(Number),
  STAFF_TOTP_KEY: z
    .string()
    .min(32, { error: 'STAFF_TOTP_KEY must be at least 32 characters (e.g. from `openssl rand -hex 32`)' })
    .optional(),
  BRAND_SECRETS_KEY: z
    .string()
    .min(32, { error: 'BRAND_SECRETS_KEY must be at least 32 characters (e.g. from `openssl rand -hex 32`)' })
    .optional(),
  AUDIT_KEY: z
    .string()
    .min(32, { error: 'AUDIT_KEY must be at least 32 characters (e.g. from `openssl rand -hex 32`)' })
    .optional(),
  AUTH_RATE_LIMIT_PER_MINUTE: z
    .string()
    .default('10')
    .refine((v) => /^\d+$/.test(v) && Number(v) >= 1, {
      error: (issue) =>
        `AUTH_RATE_LIMIT_PER_MINUTE must be a whole number of at least 1, got "${String(issue.input)}"`,
    })
    .transform(Number),
  MARKET_FEED: z
    .enum(['simulated', 'replay', 'websocket', 'none'], {
      error: (issue) =>
        `MARKET_FEED must be simulated, replay, websocket or none, got "${String(issue.input)}"`,
    })
    .default('simulated'),
  MARKET_SEED: z
    .string()
    .default('20261121')
    .refine((v) => /^\d{1,9}$/.test(v), {
      error: (issue) => `MARKET_SEED must be a whole number (up to 9 digits), got "${String(issue.input)}"`,
    })
    .transform(Number),
  MARKET_REPLAY_FILE: z.string().optional(),
  MARKET_WS_URL: url('MARKET_WS_URL', ['ws:', 'wss:']),
  MARKET_WS_OPTIONS: z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value === '') return undefined;
      const parsed = WsFeedOptionsSchema.safeParse(safeJson(value));
      if (parsed.success) return parsed.data;
      ctx.addIssue({
        code: 'custom',
        message:
          'MARKET_WS_OPTIONS must be JSON like {"mapping":{"symbol":"data.s","bid":"data.b","ask":"data.a"},"subscribe":[…],"items":"…","symbols":{"BTCUSDT":"BTCUSD"},"timestampUnit":"ms"}',
      });
      return z.NEVER;
    }),
  MARKET_HISTORY: bool('MARKET_HISTORY', true),
  PRICE_CONFLATION_MS: z
    .string()
    .default('250')
    .refine((v) => /^\d+$/.test(v) && Number(v) >= 50 && Number(v) <= 10_000, {
      error: (issue) =>
        `PRICE_CONFLATION_MS must be a whole number from 50 to 10000, got "${String(issue.input)}"`,
    })
    .transform(Number),
  REQUOTE_TOLERANCE: z
    .string()
    .default('0.005')
    .refine((v) => Number.isFinite(Number(v)) && Number(v) >= 0 && Number(v) <= 0.1, {
      error: (issue) =>
        `REQUOTE_TOLERANCE must be a fraction from 0 to 0.1 (0.005 = 0.5 %), got "${String(issue.input)}"`,
    })
    .transform(Number),
  STOP_OUT_LEVEL: z
    .string()
    .default('0.5')
    .refine((v) => Number.isFinite(Number(v)) && Number(v) > 0 && Number(v) <= 1, {
      error: (issue) =>
        `STOP_OUT_LEVEL must be a fraction above 0 and at most 1 (0.5 = 50 %), got "${String(issue.input)}"`,
    })
    .transform(Number),
  LOGIN_CODE_TTL_MINUTES: z
    .string()
    .default('15')
    .refine((v) => /^\d+$/.test(v) && Number(v) >= 1 && Number(v) <= 10_080, {
      error: (issue) =>
        `LOGIN_CODE_TTL_MINUTES must be a whole number from 1 to 10080 (a week), got "${String(issue.input)}"`,
    })
    .transform(Number),
  SMTP_URL: url('SMTP_URL', ['smtp:', 'smtps:']),
  MAIL_FROM: z
    .string()
    .regex(/^[^\s@<>"]+@[^\s@<>"]+$/, {
      error: (issue) => `MAIL_FROM must be a plain e-mail address, got "${String(issue.input)}"`,
    })
    .default('no-reply@localhost'),
  UPLOAD_DIR: z.string().min(1).optional(),
  PAYMENT_SANDBOX: optionalBool('PAYMENT_SANDBOX'),
  PAYMENT_SANDBOX_SECRET: z
    .string()
    .min(16, { error: 'PAYMENT_SANDBOX_SECRET must be at least 16 characters' })
    .optional(),
  PAYMENT_WEBHOOK_TOLERANCE_SECONDS: z
    .string()
    .default('300')
    .refine((v) => /^\d+$/.test(v) && Number(v) >= 10 && Number(v) <= 3600, {
      error: (issue) =>
        `PAYMENT_WEBHOOK_TOLERANCE_SECONDS must be a whole number from 10 to 3600, got "${String(issue.input)}"`,
    })
    .transform(Number),
  PAYMENT_WEBHOOK_REFUSALS_PER_MINUTE: z
    .string()
    .default('60')
    .refine((v) => /^\d+$/.test(v) && Number(v) >= 1, {
      error: (issue) =>
        `PAYMENT_WEBHOOK_REFUSALS_PER_MINUTE must be a whole number of at least 1, got "${String(issue.input)}"`,
    })
    .transform(Number),
  // a deposit left at the provider's page stays Pending this long, then expires (nothing was credited).
  PAYMENT_PENDING_EXPIRY_MINUTES: z
    .string()
    .default('30')
    .refine((v) => /^\d+$/.test(v) && Number(v) >= 5 && Number(v) <= 10_080, {
      error: (issue) =>
        `PAYMENT_PENDING_EXPIRY_MINUTES must be a whole number from 5 to 10080 (a week), got "${String(issue.input)}"`,
    })
    .transform(Number),
  OPERATOR_TOKEN: z.string().min(24, { error: 'OPERATOR_TOKEN must be at least 24 characters' }).optional(),
  OPERATOR_API_URL: url('OPERATOR_API_URL', ['http:', 'https:']),
  METRICS_TOKEN: z.string().min(24, { error: 'METRICS_TOKEN must be at least 24 characters' }).optional(),
  MAIL_MAX_ATTEMPTS: z
    .string()
    .default('8')
    .refine((v) => /^\d+$/.test(v) && Number(v) >= 1 && Number(v) <= 50, {
      error: (issue) => `MAIL_MAX_ATTEMPTS must be a whole number from 1 to 50, got "${String(issue.input)}"`,
    })
    .transform(Number),
  // Set by npm to the folder `npm run …` was typed in (scripts of a workspace run inside it).
  INIT_CWD: z.string().optional(),
  WEB_DIST_DIR: z.string().default(path.resolve(serverRoot, '../web/dist')),
  MIGRATIONS_DIR: z.string().default(path.resolve(serverRoot, 'src/db/migrations')),
});

export type Config = ReturnType<typeof toConfig>;

/** The embedded database's folder inside DATA_DIR. */
export const EMBEDDED_DATABASE_DIR = 'pglite';

/**
 * Demo mode (decision 0010): DEMO when set; otherwise on only for the embedded database when it is
 * new (so `npm start` on a fresh clone is a working demo) or was created as a demo. PostgreSQL is
 * never a demo unless DEMO=true says so. `reason` is shown in the start banner.
 */
function decideDemo(
  explicit: boolean | undefined,
  databaseUrl: string | undefined,
  dataDir: string,
): { demo: boolean; reason: string } {
  if (explicit !== undefined) return { demo: explicit, reason: explicit ? 'DEMO=true' : 'DEMO=false' };
  if (databaseUrl) return { demo: false, reason: 'PostgreSQL and DEMO not set' };
  if (dataDir.startsWith('memory://')) return { demo: true, reason: 'in-memory embedded database' };
  if (!hasEmbeddedDatabase(dataDir)) return { demo: true, reason: 'new embedded database' };
  if (fs.existsSync(path.join(dataDir, DEMO_MARKER_FILE)))
    return { demo: true, reason: 'embedded database created as a demo' };
  return { demo: false, reason: 'embedded database not created as a demo, and DEMO not set' };
}

function hasEmbeddedDatabase(dataDir: string): boolean {
  try {
    return fs.readdirSync(path.join(dataDir, EMBEDDED_DATABASE_DIR)).length > 0;
  } catch {
    return false;
  }
}

function toConfig(env: z.output<typeof EnvSchema>) {
  const inMemory = env.DATA_DIR.startsWith('memory://');
  // 'memory://' keeps the embedded database in memory (tests, throwaway demos).
  const dataDir = inMemory ? env.DATA_DIR : fromProjectRoot(env.DATA_DIR);
  const { demo, reason: demoReason } = decideDemo(env.DEMO, env.DATABASE_URL, dataDir);
  // A demo nobody asked for (DEMO unset) has public logins and free sandbox deposits: it listens on
  // this machine only unless HOST says otherwise, and then assertSafeToServe refuses (decision 0010).
  const demoByDefault = demo && env.DEMO === undefined;
  return {
    env: env.NODE_ENV,
    port: env.PORT,
    /** HOST, else 127.0.0.1 for a demo DEMO did not ask for, else every interface (0.0.0.0). */
    host: env.HOST ?? (demoByDefault ? '127.0.0.1' : '0.0.0.0'),
    publicUrl: env.PUBLIC_URL ?? `http://localhost:${env.PORT}`,
    /** False when PUBLIC_URL is the localhost default (refused outside demo mode: links would point there). */
    publicUrlIsSet: env.PUBLIC_URL !== undefined,
    databaseUrl: env.DATABASE_URL,
    /** Absolute (relative DATA_DIR is resolved against the project root), or 'memory://…'. */
    dataDir,
    /**
     * Demo mode: demo data seeded into an empty database, demo logins printed, the sandbox payment
     * provider on, and development defaults accepted for secrets. Off, the server refuses to start
     * with a default or missing secret (assertSafeToServe).
     */
    demo,
    /** Demo mode decided without DEMO being set (a new or demo-made embedded database). */
    demoByDefault,
    /** Why demo mode is on or off, for the start banner. */
    demoReason,
    /**
     * Where uploaded documents are stored, outside any served folder (architecture §8):
     * `<DATA_DIR>/uploads` unless UPLOAD_DIR says otherwise.
     */
    uploadDir: env.UPLOAD_DIR
      ? fromProjectRoot(env.UPLOAD_DIR)
      : inMemory
        ? path.join(os.tmpdir(), 'openbroker-uploads')
        : path.join(dataDir, 'uploads'),
    /** The folder the operator ran the command from (npm's INIT_CWD): file arguments of the CLI. */
    invocationDir: env.INIT_CWD || process.cwd(),
    redisUrl: env.REDIS_URL,
    /** Prefix of every Redis key, so several deployments (or test runs) can share one Redis. */
    redisPrefix: env.REDIS_PREFIX,
    /** Engine shards of a cluster (docs/cluster.md); undefined runs one node with the whole engine. */
    clusterShards: env.CLUSTER_SHARDS,
    /** This node's name in a cluster (logs, routing replies). */
    nodeId: env.NODE_ID ?? `${os.hostname()}-${process.pid}`,
    logLevel: env.LOG_LEVEL,
    // Humans at a terminal get readable lines; services and log shippers get JSON.
    logFormat: env.LOG_FORMAT ?? (process.stdout.isTTY ? 'pretty' : 'json'),
    defaultBrand: env.DEFAULT_BRAND,
    /** Seed the demo brands and accounts into an empty database (demo mode only). */
    seedDemo: env.SEED_DEMO,
    /**
     * The proxies believed about the client's address (Fastify's `trustProxy`): false or their
     * addresses/CIDRs. `request.ip`, which rate limits and throttles count by, depends on it.
     */
    trustProxy: env.TRUST_PROXY,
    sessionIdleMs: env.SESSION_IDLE_MINUTES * 60_000,
    /** Back-office staff sessions end after this long without a call (15 minutes). */
    staffSessionIdleMs: env.STAFF_SESSION_IDLE_MINUTES * 60_000,
    /**
     * Encrypts staff TOTP secrets at rest (lib/secret-box.ts). Required outside demo mode; a demo
     * uses the public development key (its staff secrets are printed anyway). Changing it makes
     * every enrolled secret unreadable: staff must enrol again.
     */
    staffTotpKey: env.STAFF_TOTP_KEY ?? DEVELOPMENT_STAFF_TOTP_KEY,
    staffTotpKeyIsDefault: (env.STAFF_TOTP_KEY ?? DEVELOPMENT_STAFF_TOTP_KEY) === DEVELOPMENT_STAFF_TOTP_KEY,
    /**
     * Encrypts brand secrets at rest (payment provider API keys and webhook secrets; lib/secret-box.ts,
     * AES-256-GCM). Required outside demo mode; a demo uses the public development key. Changing it makes
     * every stored provider secret unreadable: staff enter them again in the brand editor.
     */
    brandSecretsKey: env.BRAND_SECRETS_KEY ?? DEVELOPMENT_BRAND_SECRETS_KEY,
    brandSecretsKeyIsDefault:
      (env.BRAND_SECRETS_KEY ?? DEVELOPMENT_BRAND_SECRETS_KEY) === DEVELOPMENT_BRAND_SECRETS_KEY,
    /**
     * The HMAC-SHA256 key of the audit log's hash chain and of its checkpoints outside the database
     * (decision 0024): without it nobody can rewrite the log unnoticed, a database superuser included.
     * Required outside demo mode; a demo uses the public development key. Changing it makes every
     * row written before fail `audit:verify`: keep it with your backups.
     */
    auditKey: env.AUDIT_KEY ?? DEVELOPMENT_AUDIT_KEY,
    auditKeyIsDefault: PUBLIC_AUDIT_KEYS.includes(env.AUDIT_KEY ?? DEVELOPMENT_AUDIT_KEY),
    /**
     * Attempts per minute on login, auto login, forgot password and register, counted per client
     * address (an IPv6 one by its /64), and per e-mail for register, per e-mail from one address for
     * forgot password; wrong passwords slow down per e-mail and address together, decision 0012.
     */
    authRateLimitPerMinute: env.AUTH_RATE_LIMIT_PER_MINUTE,
    /** How long an auto-login code stays usable (default 15 minutes). */
    loginCodeTtlMs: env.LOGIN_CODE_TTL_MINUTES * 60_000,
    /** Where live prices come from (architecture §5); 'none' only takes quotes pushed in (tests). */
    marketFeed: env.MARKET_FEED,
    marketSeed: env.MARKET_SEED,
    marketReplayFile: env.MARKET_REPLAY_FILE,
    marketWsUrl: env.MARKET_WS_URL,
    marketWsOptions: env.MARKET_WS_OPTIONS,
    /** Generate 12 months of candles on start (spec §9 chart range). */
    marketHistory: env.MARKET_HISTORY,
    priceConflationMs: env.PRICE_CONFLATION_MS,
    requoteTolerance: env.REQUOTE_TOLERANCE,
    stopOutLevel: env.STOP_OUT_LEVEL,
    /** SMTP server for outgoing mail; without it mails stay in the outbox table and the log. */
    smtpUrl: env.SMTP_URL,
    /** Sender address of outgoing mail; the display name is the brand's name. */
    mailFrom: env.MAIL_FROM,
    /**
     * The built-in sandbox payment provider (test cards that approve without money): its routes
     * mounted and its methods offered. On in demo mode, off otherwise unless PAYMENT_SANDBOX=true.
     */
    paymentSandbox: env.PAYMENT_SANDBOX ?? demo,
    /**
     * Key the built-in sandbox payment provider derives each brand's webhook and form-signing secrets
     * from (HMAC-SHA256 of brand and provider). The default is public, so accepted in demo mode only.
     */
    paymentSandboxSecret: env.PAYMENT_SANDBOX_SECRET ?? DEVELOPMENT_SANDBOX_SECRET,
    paymentSandboxSecretIsDefault:
      env.PAYMENT_SANDBOX_SECRET === undefined || env.PAYMENT_SANDBOX_SECRET === DEVELOPMENT_SANDBOX_SECRET,
    /** How old a webhook's signed timestamp may be before it is refused as a replay. */
    paymentWebhookToleranceMs: env.PAYMENT_WEBHOOK_TOLERANCE_SECONDS * 1000,
    /**
     * Refused webhook calls (bad signature, unknown order, ...) one address may make per minute;
     * past it they are answered 429 and no longer recorded. Accepted calls are never limited.
     */
    paymentWebhookRefusalsPerMinute: env.PAYMENT_WEBHOOK_REFUSALS_PER_MINUTE,
    /**
     * How long a card, e-wallet or cashier deposit may stay Pending at its provider before it expires
     * (cancelled with an "expired" note, nothing booked; default 30 minutes). Bank wires wait for staff.
     */
    paymentPendingExpiryMs: env.PAYMENT_PENDING_EXPIRY_MINUTES * 60_000,
    /**
     * Bearer token of the operator API (/api/admin) used by the CLI. Required outside demo mode; in
     * demo mode, unset: the server creates a random one in `<DATA_DIR>/operator-token` on start and
     * the CLI reads it from there.
     */
    operatorToken: env.OPERATOR_TOKEN,
    /** Where the CLI reaches the running server's operator API (else as the server recorded it in DATA_DIR). */
    operatorApiUrl: env.OPERATOR_API_URL ?? `http://127.0.0.1:${env.PORT}`,
    /** False when the CLI may take the address the running server recorded in DATA_DIR (server-address.ts). */
    operatorApiUrlIsSet: env.OPERATOR_API_URL !== undefined,
    /**
     * Bearer token that opens GET /metrics. Outside demo mode the only way in (unset: closed, 403
     * saying to set it); in demo mode loopback callers need none.
     */
    metricsToken: env.METRICS_TOKEN,
    /** SMTP attempts per outbox mail (exponential backoff between them) before it is marked failed. */
    mailMaxAttempts: env.MAIL_MAX_ATTEMPTS,
    webDistDir: path.resolve(env.WEB_DIST_DIR),
    migrationsDir: path.resolve(env.MIGRATIONS_DIR),
  };
}

/** Thrown when the environment is invalid; its message names each variable and what it expects. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Reads and validates the configuration from an environment map (process.env by default). */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const result = EnvSchema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => issue.message);
    throw new ConfigError(`Invalid configuration: ${lines.join('; ')}`);
  }
  if (result.data.CLUSTER_SHARDS !== undefined) {
    // the shards' owners lock them in PostgreSQL and route commands over Redis: the embedded database cannot
    for (const name of ['DATABASE_URL', 'REDIS_URL'] as const) {
      if (!result.data[name])
        throw new ConfigError(`Invalid configuration: CLUSTER_SHARDS needs ${name} (docs/cluster.md)`);
    }
  }
  return toConfig(result.data);
}

/** True when only this machine can reach the address (a demo is safe to leave running there). */
export function isLoopback(host: string): boolean {
  const address = host.replace(/^\[|\]$/g, '').toLowerCase();
  return (
    address === 'localhost' ||
    address === '::1' ||
    address.startsWith('127.') ||
    address.startsWith('::ffff:127.')
  );
}

/**
 * What would make this server unsafe to share, outside demo mode: a missing operator token, no
 * PUBLIC_URL (payment and mail links would point at localhost), or the sandbox turned on with its
 * public default secret (one forgotten variable must never mean free deposits). Empty in demo mode,
 * which accepts development defaults.
 */
export function unsafeSettings(config: Config): string[] {
  if (config.demo) return [];
  const problems: string[] = [];
  if (!config.operatorToken)
    problems.push(
      'OPERATOR_TOKEN must be set (a random value of at least 24 characters, e.g. from `openssl rand -hex 32`; the CLI needs the same value)',
    );
  if (!config.publicUrlIsSet)
    problems.push(
      `PUBLIC_URL must be set to the address clients reach this server at, e.g. https://broker.example.com (payment return and webhook addresses and e-mail links are built from it; unset they would point at ${config.publicUrl})`,
    );
  if (config.paymentSandbox && config.paymentSandboxSecretIsDefault)
    problems.push(
      'PAYMENT_SANDBOX_SECRET must be set to your own secret of at least 16 characters while PAYMENT_SANDBOX=true (the default is public), or unset PAYMENT_SANDBOX',
    );
  if (config.staffTotpKeyIsDefault)
    problems.push(
      'STAFF_TOTP_KEY must be set (a random value of at least 32 characters, e.g. from `openssl rand -hex 32`; it encrypts staff two-factor secrets, keep it with your backups)',
    );
  if (config.brandSecretsKeyIsDefault)
    problems.push(
      "BRAND_SECRETS_KEY must be set (a random value of at least 32 characters, e.g. from `openssl rand -hex 32`; it encrypts the brands' payment provider secrets, keep it with your backups)",
    );
  if (config.auditKeyIsDefault)
    problems.push(
      'AUDIT_KEY must be set to your own random value of at least 32 characters (e.g. from `openssl rand -hex 32`; not a public development key): it keys the audit log so that nobody can rewrite it unnoticed; keep it with your backups, `audit:verify` needs the same value',
    );
  return problems;
}

/**
 * Refuses to serve a demo DEMO did not ask for on an address others can reach (its logins are public
 * and its sandbox credits deposits without payment), and, outside demo mode, a missing or default
 * secret or PUBLIC_URL, naming each variable.
 */
export function assertSafeToServe(config: Config): void {
  if (config.demoByDefault && !isLoopback(config.host))
    throw new ConfigError(
      `DEMO is not set and this would serve a demo (${config.demoReason}: public demo logins, sandbox deposits without payment) on HOST=${config.host}. Set DEMO=true to share a demo on purpose, or DEMO=false with the production settings (OPERATOR_TOKEN, PUBLIC_URL; docs/operations.md), or unset HOST to keep the demo on this machine.`,
    );
  const problems = unsafeSettings(config);
  if (problems.length === 0) return;
  throw new ConfigError(
    `Unsafe configuration outside demo mode (${config.demoReason}): ${problems.join('; ')}. For a local demo set DEMO=true instead.`,
  );
}

/** Hides the password in a connection string before it reaches a log line. */
export function redact(value: string): string {
  return value.replace(/\/\/([^:/@]+):([^@]+)@/, '//$1:***@');
}

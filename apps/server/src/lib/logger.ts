/**
 * One logger configuration for the HTTP server, the sockets, the engine and the tests: personal data
 * stays out of the log (decision 0013). Request bodies, credentials and the client's
 * personal fields are censored wherever a log line carries them by name, and an error is logged
 * through an allow-list of its properties: a failed query's parameter values (Drizzle puts them into
 * the error's message and `params`) and the database's `detail` ("Key (email)=(…)") are never written.
 */
import { type DestinationStream, type Logger, type LoggerOptions, pino } from 'pino';
import pretty from 'pino-pretty';
import type { Config } from '../config.js';

export type { Logger };

const CENSOR = '[redacted]';

/** Fields that name, locate, contact or authenticate a person (API and database spellings). */
const PERSONAL_FIELDS = [
  'password',
  'new_password',
  'confirm_password',
  'current_password',
  'passwordHash',
  'first_name',
  'last_name',
  'full_name',
  'firstName',
  'lastName',
  'phone',
  'email',
  'birth_date',
  'birthDate',
  'street',
  'city',
  'state',
  'zip_code',
  'zipCode',
  'address',
  'token',
  'access_token',
  'authorization',
  'cookie',
] as const;

/**
 * pino `redact` paths: whole request and response bodies, credentials in headers, and the personal
 * fields at the top of a log object or one level down (`{user: {email}}`). pino's paths do not
 * reach deeper, which is why bodies are censored whole rather than field by field.
 */
export const REDACT_PATHS: readonly string[] = [
  'body',
  '*.body',
  'payload',
  '*.payload',
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  ...PERSONAL_FIELDS.flatMap((field) => [field, `*.${field}`]),
];

/** Error properties safe to log: codes and locations, never values. */
const SAFE_ERROR_FIELDS = [
  'code',
  'statusCode',
  'severity',
  'routine',
  'constraint',
  'table',
  'column',
  'schema',
  'dataType',
  'errno',
  'syscall',
] as const;

type SerializedError = Record<string, unknown> & { type: string; message: string };

/**
 * An error as the log shows it: type, message, stack, safe properties and causes. The message of a
 * failed query keeps the SQL (placeholders only) and drops the parameter values.
 */
export function serializeError(error: unknown, depth = 0): SerializedError {
  if (!(error instanceof Error)) {
    return { type: typeof error, message: typeof error === 'string' ? error : 'non-error value thrown' };
  }
  const e = error as Error & Record<string, unknown>;
  // DrizzleQueryError: `Failed query: <sql>\nparams: <values>`; only the SQL is kept.
  const isQueryError = typeof e.query === 'string' && 'params' in e;
  let message = isQueryError ? `Failed query: ${e.query as string}` : e.message;
  // PostgreSQL's data exceptions (SQLSTATE class 22) quote the offending value in their message:
  // 'invalid input syntax for type integer: "Wilhelmina"'. The value goes, the reason stays.
  if (typeof e.code === 'string' && /^22[0-9A-Z]{3}$/.test(e.code))
    message = message.replace(/"(?:[^"\\]|\\.)*"/g, '"[redacted]"');
  const out: SerializedError = { type: e.name || e.constructor?.name || 'Error', message };
  if (typeof e.stack === 'string') {
    // the stack's first line repeats the message; only the frames are kept from it
    const frames = e.stack.split('\n').filter((line) => /^\s+at /.test(line));
    out.stack = [`${out.type}: ${message}`, ...frames].join('\n');
  }
  for (const field of SAFE_ERROR_FIELDS) {
    const value = e[field];
    if (typeof value === 'string' || typeof value === 'number') out[field] = value;
  }
  if (e.cause !== undefined && depth < 5) out.cause = serializeError(e.cause, depth + 1);
  return out;
}

/** Level, redaction and error serialiser shared by the request logger and the app logger. */
export function loggerOptions(config: Pick<Config, 'logLevel'>): LoggerOptions {
  return {
    level: config.logLevel,
    redact: { paths: [...REDACT_PATHS], censor: CENSOR },
    serializers: { err: serializeError, error: serializeError },
  };
}

/** Fastify's `logger` option: redacted, pretty on a terminal, or JSON lines to `stream` (tests). */
export function fastifyLoggerOptions(
  config: Pick<Config, 'logLevel' | 'logFormat'>,
  stream?: DestinationStream,
): LoggerOptions & { stream?: DestinationStream } {
  const base = loggerOptions(config);
  if (stream) return { ...base, stream };
  if (config.logFormat === 'pretty')
    return {
      ...base,
      transport: {
        target: 'pino-pretty',
        options: { ignore: 'pid,hostname', translateTime: 'SYS:HH:MM:ss' },
      },
    };
  return base;
}

/**
 * The app's pino logger for work outside a request (the trading engine, background jobs), at the configured
 * LOG_LEVEL and LOG_FORMAT with the same redaction, so an error such as "a triggered close could not be stored"
 * is an error-level line an operator sees at LOG_LEVEL=warn, not stdout chatter. `destination` is for tests.
 */
export function createLogger(
  config: Pick<Config, 'logLevel' | 'logFormat'>,
  destination?: DestinationStream,
): Logger {
  const options = loggerOptions(config);
  if (destination) return pino(options, destination);
  // pino-pretty as an in-process stream (not a transport worker), so short-lived CLI runs exit promptly.
  if (config.logFormat === 'pretty')
    return pino(options, pretty({ ignore: 'pid,hostname', translateTime: 'SYS:HH:MM:ss' }));
  return pino(options);
}

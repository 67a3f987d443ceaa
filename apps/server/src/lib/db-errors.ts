/**
 * Whether an error (or one it wraps: Drizzle wraps driver errors in `cause`) is PostgreSQL's
 * unique violation (SQLSTATE 23505), optionally on a given constraint or index. Works for
 * node-postgres and PGlite alike.
 */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const { code, constraint: name, cause } = e as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (code === '23505') return constraint === undefined || name === constraint;
    e = cause;
  }
  return false;
}

/**
 * SQLSTATEs of text PostgreSQL cannot store: 22021 (NUL or an invalid byte sequence in text) and
 * 22P05 (`\u0000` in JSON). The schemas refuse control characters first; this is the net for a
 * string that escaped one.
 */
const UNSTORABLE_TEXT = new Set(['22021', '22P05']);

/** Whether an error (or one it wraps) is PostgreSQL refusing a string's characters, not a server fault. */
export function isUnstorableText(error: unknown): boolean {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const { code, cause } = e as { code?: unknown; cause?: unknown };
    if (typeof code === 'string' && UNSTORABLE_TEXT.has(code)) return true;
    e = cause;
  }
  return false;
}

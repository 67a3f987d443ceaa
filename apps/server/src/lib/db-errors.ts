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

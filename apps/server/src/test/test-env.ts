/**
 * The environment of a test server before a suite's overrides (createTestServer); the database seeded once
 * per run (seeded-database.ts) is seeded with it too. UPLOAD_DIR and REDIS_PREFIX, which are per suite,
 * are added by the harness.
 */
export function defaultTestEnv(): Record<string, string | undefined> {
  return {
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: 'memory://',
    DATABASE_URL: undefined,
    // Suites rely on the demo data and the sandbox provider; a suite of a real deployment says DEMO=false.
    DEMO: 'true',
    REDIS_URL: process.env.REDIS_URL,
    WEB_DIST_DIR: '/nonexistent-web-dist',
    // No live feed and no generated history: tests push the quotes they need (ctx.market.ingest).
    MARKET_FEED: 'none',
    MARKET_HISTORY: 'false',
    // Suites of a real deployment (DEMO=false) need their own key; a demo would use the development one.
    STAFF_TOTP_KEY: 'staff-totp-key-of-the-test-suites-0123456789',
    BRAND_SECRETS_KEY: 'brand-secrets-key-of-the-test-suites-0123456789',
    AUDIT_KEY: 'audit-key-of-the-test-suites-0123456789abcdef',
  };
}

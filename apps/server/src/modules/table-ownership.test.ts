import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Every table has one owning repository, and SQL lives in repositories only (style §4). Other areas change a
 * client, a brand or a popup by calling the owner's repository (inside their own transaction when money or an
 * audit row must commit with it), so a rule about a table — who may set a client's verification, what a brand's
 * settings may hold — is kept in one place. This walks the server's source (tests, test kits and factories
 * aside: they set up scenarios on purpose) and fails on a write outside the owner and on a query outside a
 * repository.
 */
const SERVER_SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The repository file(s) that may write each table (paths under apps/server/src). */
const OWNERS: Record<string, readonly string[]> = {
  brands: ['modules/brands/brands.repo.ts'],
  countries: [],
  assetCategories: [],
  assets: ['modules/market/market.repo.ts'],
  users: ['modules/accounts/accounts.repo.ts'],
  // the ledger writes `trading_accounts.balance` (and nothing else of it): ledger-ownership.test.ts keeps that
  tradingAccounts: ['modules/trading-accounts/trading-accounts.repo.ts', 'modules/ledger/ledger.repo.ts'],
  accountTransfers: ['modules/trading-accounts/account-transfers.repo.ts'],
  clientCompliance: ['modules/compliance/compliance-status.repo.ts'],
  appropriatenessAttempts: ['modules/appropriateness/appropriateness.repo.ts'],
  complianceTasks: ['modules/compliance-tasks/compliance-tasks.repo.ts'],
  sourceOfFunds: ['modules/risk/source-of-funds.repo.ts'],
  screeningLists: ['modules/screening/screening.repo.ts'],
  screeningEntries: ['modules/screening/screening.repo.ts'],
  screeningMatches: ['modules/screening/screening.repo.ts'],
  affiliates: ['modules/affiliates/affiliates.repo.ts'],
  referralClicks: ['modules/affiliates/affiliates.repo.ts'],
  staffUsers: ['modules/staff/staff.repo.ts'],
  staffRoleSettings: ['modules/staff/staff.repo.ts'],
  sessions: ['modules/sessions/sessions.repo.ts'],
  loginCodes: ['modules/accounts/login-codes.repo.ts'],
  clientNotes: ['modules/accounts/admin/clients-admin.repo.ts'],
  passwordResets: ['modules/password-reset/password-reset.repo.ts'],
  outbox: ['modules/mail/mail.repo.ts'],
  popups: ['modules/popups/popups.repo.ts'],
  popupReads: ['modules/popups/popups.repo.ts'],
  watchlists: ['modules/watchlists/watchlists.repo.ts'],
  watchlistSymbols: ['modules/watchlists/watchlists.repo.ts'],
  tradingSettings: ['modules/trading-settings/trading-settings.repo.ts'],
  oneClickAcknowledgements: ['modules/trading-settings/trading-settings.repo.ts'],
  chartLayouts: ['modules/chart-layouts/chart-layouts.repo.ts'],
  fillAudits: ['modules/fill-audit/fill-audit.repo.ts'],
  priceAlerts: ['modules/price-alerts/price-alerts.repo.ts'],
  pushKeys: ['modules/price-alerts/push.repo.ts'],
  pushSubscriptions: ['modules/price-alerts/push.repo.ts'],
  pushOutbox: ['modules/price-alerts/push.repo.ts'],
  documents: ['modules/kyc/documents.repo.ts'],
  documentReviews: ['modules/kyc/documents.repo.ts'],
  auditLog: ['modules/audit/audit.repo.ts'],
  auditChainStart: [],
  positions: ['modules/trading/trading.repo.ts'],
  orders: ['modules/trading/trading.repo.ts'],
  tradeCommands: ['modules/trading/trading.repo.ts'],
  ledgerEntries: ['modules/ledger/ledger.repo.ts'],
  transactions: ['modules/payments/payments.repo.ts'],
  paymentWebhooks: ['modules/payments/payments.repo.ts'],
  transactionApprovals: ['modules/payments/staff-money.repo.ts'],
  staffMoneyRequests: ['modules/payments/money-requests.repo.ts'],
  staffMoneyLimits: ['modules/payments/money-requests.repo.ts'],
  // the public site stores contact forms (content.repo.ts), the editor everything else (content-admin.repo.ts)
  contentPages: ['modules/content/content-admin.repo.ts', 'modules/content/content.repo.ts'],
  contentPageVersions: ['modules/content/content-admin.repo.ts'],
  contentSingletons: ['modules/content/content-admin.repo.ts'],
  formSubmissions: ['modules/content/content-admin.repo.ts', 'modules/content/content.repo.ts'],
  media: ['modules/media/media.repo.ts'],
  economicEvents: [],
  autoTradingSettings: ['modules/auto-trading/auto-trading.repo.ts'],
  autoTradingJournal: ['modules/auto-trading/auto-trading.repo.ts'],
};

/**
 * Product files that may run SQL without being a repository, each with its reason. The seed may also write any
 * table: it builds a new installation's first database in one transaction, before any service exists.
 */
const SQL_OUTSIDE_REPOSITORIES: Record<string, string> = {
  'seed/seed.ts':
    "builds a new installation's first database (brands, clients, staff, content) in one transaction",
  'db/client.ts': "the database connection's own health probe (select 1)",
  'modules/audit/audit-chain.ts':
    "the audit log's hash chain, which AuditRepo drives under its advisory lock",
  'modules/audit/audit-query.ts': "the audit log's filtered reads for the back office's audit screen",
  'modules/audit/audit-verify.ts': "the audit log's verification walk over the stored chain",
};

const isRepository = (relative: string) => /\.(repo|repository)\.ts$/.test(relative);

/** Product source: tests, test kits and factories aside (they tamper and set up on purpose), migrations aside. */
function productFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory())
      return entry.name === 'migrations' || entry.name === 'test' ? [] : productFiles(full);
    if (!/\.ts$/.test(entry.name) || /\.test\.ts$|test-kit\.ts$|factories\.ts$|\.kit\.ts$/.test(entry.name))
      return [];
    return /from 'vitest'/.test(fs.readFileSync(full, 'utf8')) ? [] : [full];
  });
}

const files = productFiles(SERVER_SRC).map((full) => ({
  relative: path.relative(SERVER_SRC, full).split(path.sep).join('/'),
  text: fs.readFileSync(full, 'utf8'),
}));

/** Every table the server declares: its variable name and its SQL name. */
const TABLES = files.flatMap(({ text }) =>
  [...text.matchAll(/export const (\w+) = pgTable\(\s*'(\w+)'/g)].map(([, name, sqlName]) => ({
    name: name as string,
    sqlName: sqlName as string,
  })),
);

/** The patterns of a write to one table: the query builder's and raw SQL's. */
const writesTo = (table: { name: string; sqlName: string }) => [
  new RegExp(`\\.(insert|update|delete)\\(\\s*${table.name}\\b`),
  new RegExp(`\\b(insert\\s+into|update|delete\\s+from)\\s+"?${table.sqlName}"?\\s`, 'i'),
];

/** A query run on a database or transaction handle, or a select from one of the tables. */
const QUERY_PATTERNS = [
  /\b(db|tx|trx|raw|database)\s*\.\s*(select|selectDistinct|insert|update|delete|execute)\s*\(/,
  /\b(db|tx|trx|database)\s*\.\s*query\s*\.\s*\w+\s*\.\s*find/,
];
const selectsFromTable = () => new RegExp(`\\.from\\(\\s*(${TABLES.map((t) => t.name).join('|')})\\b`);

describe('one owner per table, SQL only in repositories', () => {
  it('names an owner for every table the server declares', () => {
    expect(TABLES.length).toBeGreaterThan(30);
    expect(TABLES.map((t) => t.name).filter((name) => !(name in OWNERS))).toEqual([]);
  });

  it('writes each table only from its owning repository', () => {
    const offenders: string[] = [];
    for (const table of TABLES) {
      const owners = OWNERS[table.name] ?? [];
      for (const { relative, text } of files) {
        if (owners.includes(relative) || relative === 'seed/seed.ts') continue;
        if (writesTo(table).some((pattern) => pattern.test(text)))
          offenders.push(`${relative} writes ${table.name}`);
      }
    }
    expect(offenders).toEqual([]);
  });

  it('runs SQL only in repositories (and the few files allowed, with their reason)', () => {
    const fromTable = selectsFromTable();
    const offenders = files
      .filter(({ relative }) => !isRepository(relative) && !(relative in SQL_OUTSIDE_REPOSITORIES))
      .filter(({ text }) => QUERY_PATTERNS.some((pattern) => pattern.test(text)) || fromTable.test(text))
      .map(({ relative }) => relative);
    expect(offenders).toEqual([]);
  });

  it('the allowed exceptions still exist and still run SQL (a stale entry would hide nothing)', () => {
    const fromTable = selectsFromTable();
    for (const relative of Object.keys(SQL_OUTSIDE_REPOSITORIES)) {
      const file = files.find((f) => f.relative === relative);
      expect(file, relative).toBeDefined();
      expect(
        QUERY_PATTERNS.some((pattern) => pattern.test(file?.text ?? '')) || fromTable.test(file?.text ?? ''),
        relative,
      ).toBe(true);
    }
  });

  it('the checks themselves see a write and a query (they would have caught the old popup and staff screens)', () => {
    const popups = TABLES.find((t) => t.name === 'popups');
    expect(popups).toBeDefined();
    const oldPopupAdmin = 'const [created] = await tx\n        .insert(popups)\n        .values({ brandId })';
    expect(writesTo(popups ?? { name: 'popups', sqlName: 'popups' }).some((p) => p.test(oldPopupAdmin))).toBe(
      true,
    );
    expect(
      writesTo({ name: 'users', sqlName: 'users' })[1]?.test('update users set auto_trading = true'),
    ).toBe(true);
    const oldStaffAdmin = 'const rows = await this.db.select().from(staffUsers).orderBy(asc(staffUsers.id));';
    expect(QUERY_PATTERNS.some((p) => p.test(oldStaffAdmin))).toBe(true);
    expect(selectsFromTable().test('await this.repo.db\n  .select({ id: users.id })\n  .from(users)')).toBe(
      true,
    );
    expect(QUERY_PATTERNS.some((p) => p.test('await this.repo.db.transaction(async (tx) => {'))).toBe(false);
    expect(QUERY_PATTERNS.some((p) => p.test('await new AffiliatesRepo(tx).insert(values);'))).toBe(false);
  });
});

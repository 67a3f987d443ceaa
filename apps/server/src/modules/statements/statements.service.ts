/**
 * Account statements (client area): the statement of the signed-in client's account over a month or a range of
 * UTC days, read from the ledger and the positions; delivered as JSON, CSV or PDF. The closing balance is the
 * opening balance plus the period's entries, so a period reaching the present closes at the booked balance.
 */
import {
  buildStatement,
  type Statement,
  type StatementQuery,
  statementCsvRows,
  statementRange,
} from '@openbroker/domain';
import type { Database } from '../../db/client.js';
import { csvLine } from '../../lib/csv.js';
import { invalidFields } from '../../lib/errors.js';
import type { UserRow } from '../accounts/accounts.repo.js';
import type { Brand } from '../brands/brands.service.js';
import type { AccountBooks } from '../trading/account-books.js';
import type { TradingAccountRow } from '../trading-accounts/trading-accounts.repo.js';
import { type StatementHolder, statementPdf } from './statement-pdf.js';
import { StatementsRepo } from './statements.repo.js';

export interface StatementsServiceDeps {
  database: Database;
  /** The account's book: its equity now, for a period that reaches the present. */
  gateway: Pick<AccountBooks, 'view'>;
  now?: () => Date;
}

export class StatementsService {
  private readonly repo: StatementsRepo;
  private readonly now: () => Date;

  constructor(private readonly deps: StatementsServiceDeps) {
    this.repo = new StatementsRepo(deps.database.db);
    this.now = deps.now ?? (() => new Date());
  }

  /**
   * The statement of one of the client's trading accounts (the session's current one; docs/accounts.md), in the
   * account's currency; 400 with field messages for a bad range.
   */
  async statement(
    _brand: Brand,
    account: Pick<TradingAccountRow, 'id' | 'currency'>,
    query: StatementQuery,
  ): Promise<Statement> {
    const now = this.now();
    const range = statementRange(query, now);
    if (!range.ok) throw invalidFields(range.errors);
    const { from, to } = range.value;
    const [openingBalance, entries, positions] = await Promise.all([
      this.repo.balanceBefore(account.id, from),
      this.repo.entries(account.id, from, to),
      this.repo.positions(account.id, from, to),
    ]);
    // equity is known for a period that reaches the present: the book's figure now
    const view = to.getTime() > now.getTime() ? await this.deps.gateway.view(account.id) : undefined;
    return buildStatement({
      currency: account.currency,
      range: range.value,
      openingBalance,
      entries,
      positions,
      equity: view ? view.balance.equity.toFixed(2) : null,
      generatedAt: now,
    });
  }

  /** Who the statement is for: the brand, the client's name and the trading account's number. */
  holder(brand: Brand, user: UserRow, account?: Pick<TradingAccountRow, 'number'>): StatementHolder {
    return {
      brandName: brand.name,
      name: `${user.firstName} ${user.lastName}`.trim(),
      account: account?.number ?? user.pin,
    };
  }

  /** The statement as CSV (RFC 4180, formula-safe cells): a header row, then one line per entry. */
  csv(statement: Statement): string {
    return statementCsvRows(statement).map(csvLine).join('');
  }

  /** The statement as a PDF document. */
  pdf(statement: Statement, holder: StatementHolder): Promise<Buffer> {
    return statementPdf(statement, holder);
  }
}

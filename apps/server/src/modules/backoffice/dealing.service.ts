/**
 * The dealer's desk (issue 13): open positions across the clients in scope with their live profit, exposure per
 * symbol, and closing a client's position with a reason (an engine close: closingReason 0 'Manually', spec §3).
 */
import {
  addMoney,
  BACKOFFICE_PAGE_SIZE,
  type DealerPosition,
  type ExposureRow,
  type Money,
  money,
  moneyToDecimalString,
  type PositionDto,
  parseMoney,
  staffReasonProblem,
  subMoney,
} from '@openbroker/domain';
import type { AppContext } from '../../context.js';
import { AppError, invalidFields, notFound } from '../../lib/errors.js';
import { MoneyRepo, type OpenPositionRow } from './money.repo.js';
import { type StaffActor, scopeFilter } from './money.service.js';
import { assertBrandInScope, type StaffAuth } from './policy.js';
import { auditStaffAction } from './staff-audit.js';

const positionNotFound = () => new AppError(404, 'POSITION_NOT_FOUND', 'staff.positionNotFound');

export class DealingService {
  private readonly repo: MoneyRepo;

  constructor(private readonly ctx: AppContext) {
    this.repo = new MoneyRepo(ctx.database.db);
  }

  /** The engine's live view of an open position (undefined if it closed meanwhile). */
  private async live(row: OpenPositionRow): Promise<PositionDto | undefined> {
    await this.ctx.trading.ensureAccount(row.userId);
    const view = this.ctx.trading.position(row.userId, row.id);
    return view && view.close_date === null ? view : undefined;
  }

  /** Open positions of the clients in scope (or one brand), newest first (a dealer watches new trades), 50 a page; optionally one symbol. */
  async positions(
    auth: StaffAuth,
    query: { brandId?: number; symbol?: string; page: number },
  ): Promise<{ items: DealerPosition[]; total: number; page: number; pageSize: number }> {
    const brandIds = scopeFilter(auth, query.brandId);
    const symbol = query.symbol?.trim().toUpperCase() || undefined;
    const { rows, total } = await this.repo.openPositions(
      { brandIds, ...(symbol ? { symbol } : {}) },
      { limit: BACKOFFICE_PAGE_SIZE, offset: (query.page - 1) * BACKOFFICE_PAGE_SIZE },
    );
    const items: DealerPosition[] = [];
    for (const row of rows) {
      const view = await this.live(row);
      if (view)
        items.push({
          ...view,
          userId: row.userId,
          clientName: `${row.firstName} ${row.lastName}`.trim(),
          pin: row.pin,
          brandSlug: row.brandSlug,
        });
    }
    return { items, total, page: query.page, pageSize: BACKOFFICE_PAGE_SIZE };
  }

  /** Per symbol over the open positions in scope: bought and sold amounts, net, count and floating profit. */
  async exposure(auth: StaffAuth, brandId: number | undefined): Promise<ExposureRow[]> {
    const { rows } = await this.repo.openPositions({ brandIds: scopeFilter(auth, brandId) });
    const bySymbol = new Map<string, { buy: Money; sell: Money; count: number; profit: Money }>();
    for (const row of rows) {
      const sum = bySymbol.get(row.symbol) ?? { buy: money(0), sell: money(0), count: 0, profit: money(0) };
      const amount = parseMoney(row.amount);
      if (row.direction === 'buy') sum.buy = addMoney(sum.buy, amount);
      else sum.sell = addMoney(sum.sell, amount);
      sum.count++;
      const view = await this.live(row);
      if (view?.profit !== null && view?.profit !== undefined) sum.profit = addMoney(sum.profit, view.profit);
      bySymbol.set(row.symbol, sum);
    }
    return [...bySymbol.entries()]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([symbol, sum]) => ({
        symbol,
        buyAmount: moneyToDecimalString(sum.buy),
        sellAmount: moneyToDecimalString(sum.sell),
        net: moneyToDecimalString(subMoney(sum.buy, sum.sell)),
        positions: sum.count,
        profit: moneyToDecimalString(sum.profit),
      }));
  }

  /**
   * Closes a client's open position at the engine's current price, with a reason (audited). The close is the
   * engine's own commit; its audit row follows it once committed (the engine's close carries no effect).
   */
  async close(
    actor: StaffActor,
    clientId: number,
    positionId: number,
    reason: string | undefined,
  ): Promise<{ position: PositionDto }> {
    const { auth } = actor;
    const brandId = await this.repo.clientBrand(clientId);
    if (brandId === undefined) throw notFound();
    assertBrandInScope(auth, brandId);
    const open = await this.repo.openPosition(clientId, positionId);
    if (!open) throw positionNotFound();
    const note = (reason ?? '').trim();
    // checked before the close: the audit row written after it must be storable (no control characters)
    const problem = staffReasonProblem(note, { required: true });
    if (problem) throw invalidFields([problem]);
    await this.ctx.trading.ensureAccount(clientId);
    const before = this.ctx.trading.position(clientId, positionId);
    const outcome = await this.ctx.trading.close({
      accountId: clientId,
      positionId,
      now: this.ctx.market.clock.now(),
    });
    if (!outcome.ok) {
      if (outcome.rejection.errors.length) throw invalidFields(outcome.rejection.errors);
      throw new AppError(
        409,
        'CLOSE_REFUSED',
        outcome.rejection.message.key,
        outcome.rejection.message.params,
      );
    }
    const position = this.ctx.trading.position(clientId, positionId);
    if (!position) throw positionNotFound();
    await this.repo.inTransaction((tx) =>
      auditStaffAction(tx, auth, actor.request, {
        action: 'position.close',
        subject: `user:${clientId}`,
        brandId,
        userId: clientId,
        reason: note,
        before: { positionId, open: true, profit: before?.profit ?? null },
        after: {
          positionId,
          open: false,
          closedRate: position.closed_rate,
          profit: position.profit,
          closingReason: position.closingReason,
        },
        details: { symbol: position.symbol, direction: position.direction, amount: position.amount },
      }),
    );
    return { position };
  }
}

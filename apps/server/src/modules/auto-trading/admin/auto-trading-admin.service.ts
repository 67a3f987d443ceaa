import {
  type AutoBrandDetail,
  type AutoBrandKillSwitchAnswer,
  type AutoBrandStatus,
  type BrandAutoTradingSettings,
  DEFAULT_STRATEGY_OFFERS,
  type FieldMessage,
  fieldMessage,
  hasForbiddenCharacters,
  parsePathId,
  resolveOffers,
  STRATEGY_IDS,
  validateBrandAutoTrading,
} from '@openbroker/domain';
import type { FastifyRequest } from 'fastify';
import { invalidFields, notFound } from '../../../lib/errors.js';
import type { BrandsService } from '../../brands/brands.service.js';
import { assertBrandInScope, type StaffAuth } from '../../staff/policy.js';
import { auditStaffAction, changedFields } from '../../staff/staff-audit.js';
import {
  AUTO_TRADING_KILL_ACTION,
  type AutoBrandCounts,
  type AutoBrandRow,
  type AutoTradingAdminRepo,
} from './auto-trading-admin.repo.js';

/** What the kill switch needs of the auto-trading service (ctx.autoTrading, common.md). */
export interface BrandStopper {
  /** Switches off every enabled account of the brand (reason 'brand', a journal line and a notice each); how many. */
  stopBrand(brandId: number, at: Date): Promise<number>;
}

const MAX_REASON = 500;

/** 00:00 UTC of `now`'s day: "today" of the screen, like the clients' daily loss limit. */
const utcDayStart = (now: Date) =>
  new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));

const NO_COUNTS: AutoBrandCounts = { clientsOn: 0, openPositions: 0, closedToday: 0, resultToday: '0.00' };

/** The same value with every object's keys sorted: jsonb keeps keys in an order of its own, JSON text compares. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, canonical((value as Record<string, unknown>)[key])]),
    );
  return value;
}

/** The parts of a brand's auto-trading the settings form changes, as the audit row compares them. */
const auditable = (s: BrandAutoTradingSettings | null) => ({
  strategies: canonical(s?.strategies ?? null),
  maxLeverage: s?.maxLeverage ?? null,
});

/**
 * The back office's auto-trading per brand (permission autotrading.manage): the offer staff narrow
 * (strategies, timeframes, parameter ranges, leverage cap) and the kill switch. Every change is written with its
 * audit row in one transaction, then announced (BrandsService.changed: this node's brand cache at once, the other
 * nodes' over Redis), so the clients' auto-trading reads it on the next call.
 */
export class AutoTradingAdminService {
  constructor(
    private readonly repo: AutoTradingAdminRepo,
    private readonly brands: BrandsService,
    private readonly stopper: () => BrandStopper,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** Every brand in the member's scope with its status. */
  async list(auth: StaffAuth): Promise<AutoBrandStatus[]> {
    const ids = auth.scope.all ? null : auth.scope.brandIds;
    const [rows, counts] = await Promise.all([
      this.repo.brands(ids),
      this.repo.counts(ids, utcDayStart(this.now())),
    ]);
    return rows.map((row) => status(row, counts.get(row.id) ?? NO_COUNTS));
  }

  /** One brand (`rawId` as sent in the path; anything but a brand in scope answers 404). */
  async get(auth: StaffAuth, rawId: string): Promise<AutoBrandDetail> {
    const id = this.brandIdOf(auth, rawId);
    const [row] = await this.repo.brands([id]);
    if (!row) throw notFound();
    return this.detail(row);
  }

  /** Saves the brand's offer and leverage cap (validated first: nothing is written on any problem). */
  async save(
    auth: StaffAuth,
    rawId: string,
    input: unknown,
    request: Pick<FastifyRequest, 'ip'>,
  ): Promise<AutoBrandDetail> {
    const id = this.brandIdOf(auth, rawId);
    const checked = validateBrandAutoTrading(input);
    if (!checked.ok) throw invalidFields(checked.errors);
    const stored = await this.repo.change(id, async (tx, current) => {
      const kept = current.autoTrading ?? {};
      const next: BrandAutoTradingSettings = {
        ...(kept.killed === undefined ? {} : { killed: kept.killed }),
        ...(kept.killedAt === undefined ? {} : { killedAt: kept.killedAt }),
        ...(kept.killedReason === undefined ? {} : { killedReason: kept.killedReason }),
        ...checked.value,
      };
      const diff = changedFields(auditable(current.autoTrading), auditable(next));
      if (Object.keys(diff.after).length === 0) return { next: undefined, result: null };
      await auditStaffAction(tx, auth, request, {
        action: 'brand.autoTrading.update',
        subject: `brand:${id}`,
        brandId: id,
        before: diff.before,
        after: diff.after,
      });
      return { next, result: null };
    });
    if (!stored) throw notFound();
    if (stored.changed) this.brands.changed(id);
    return this.detail(stored.row);
  }

  /**
   * The kill switch. Stopping needs a reason; it is stored with the time, audited, and every account of the brand
   * with auto-trading on is switched off (`stopBrand`). Stopping a stopped brand changes nothing but switches off
   * again whatever is on (a retry after a failure is safe). Resuming lets clients switch auto-trading on again; it
   * switches nobody on.
   */
  async setKilled(
    auth: StaffAuth,
    rawId: string,
    input: { killed?: unknown; reason?: unknown },
    request: Pick<FastifyRequest, 'ip'>,
  ): Promise<AutoBrandKillSwitchAnswer> {
    const id = this.brandIdOf(auth, rawId);
    const { killed, reason } = killInput(input);
    const at = this.now();
    const counts = await this.repo.counts([id], utcDayStart(at));
    const stored = await this.repo.change(id, async (tx, current) => {
      const was = current.autoTrading?.killed === true;
      if (was === killed) return { next: undefined, result: null };
      const { killed: _k, killedAt: _a, killedReason: _r, ...rest } = current.autoTrading ?? {};
      const next: BrandAutoTradingSettings = killed
        ? { ...rest, killed: true, killedAt: at.toISOString(), killedReason: reason }
        : { ...rest, killed: false };
      await auditStaffAction(tx, auth, request, {
        action: AUTO_TRADING_KILL_ACTION,
        subject: `brand:${id}`,
        brandId: id,
        before: { killed: was },
        after: { killed },
        reason: reason || null,
        details: { clientsOn: counts.get(id)?.clientsOn ?? 0 },
      });
      return { next, result: null };
    });
    if (!stored) throw notFound();
    if (stored.changed) this.brands.changed(id);
    // after the commit: the runner already refuses a killed brand; this switches its accounts off for good
    const stopped = killed ? await this.stopper().stopBrand(id, at) : null;
    return { ...(await this.detail(stored.row)), stopped };
  }

  private brandIdOf(auth: StaffAuth, rawId: string): number {
    const id = parsePathId(rawId);
    if (id === undefined) throw notFound();
    assertBrandInScope(auth, id);
    return id;
  }

  private async detail(row: AutoBrandRow): Promise<AutoBrandDetail> {
    const [counts, last] = await Promise.all([
      this.repo.counts([row.id], utcDayStart(this.now())),
      this.repo.lastKillSwitch(row.id),
    ]);
    const settings = row.autoTrading;
    const killed = settings?.killed === true;
    return {
      ...status(row, counts.get(row.id) ?? NO_COUNTS),
      settings,
      offers: resolveOffers(settings ?? undefined),
      product: { ...DEFAULT_STRATEGY_OFFERS },
      kill: {
        killed,
        at: killed ? (settings?.killedAt ?? null) : (last?.at.toISOString() ?? null),
        reason: killed ? (settings?.killedReason ?? null) : (last?.reason ?? null),
        by: last ? (last.staffName ?? last.actor) : null,
      },
    };
  }
}

function status(row: AutoBrandRow, counts: AutoBrandCounts): AutoBrandStatus {
  const offers = resolveOffers(row.autoTrading ?? undefined);
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    currency: row.currency,
    offered: STRATEGY_IDS.filter((id) => offers[id].offered),
    killed: row.autoTrading?.killed === true,
    killedAt: row.autoTrading?.killed ? (row.autoTrading.killedAt ?? null) : null,
    maxLeverage: row.autoTrading?.maxLeverage ?? null,
    clientsOn: counts.clientsOn,
    openPositions: counts.openPositions,
    today: { closed: counts.closedToday, result: counts.resultToday },
  };
}

/** The kill switch's body, checked after the brand's scope: `killed` true or false, a reason to stop. */
function killInput(input: { killed?: unknown; reason?: unknown }): { killed: boolean; reason: string } {
  const problems: FieldMessage[] = [];
  const killed = input.killed;
  if (typeof killed !== 'boolean') problems.push(fieldMessage('killed', 'boAuto.killedInvalid'));
  const raw = input.reason ?? '';
  const reason = typeof raw === 'string' ? raw.trim() : '';
  if (typeof raw !== 'string') problems.push(fieldMessage('reason', 'boAuto.reasonRequired'));
  else if (reason.length > MAX_REASON)
    problems.push(fieldMessage('reason', 'field.maxChars', { title: 'Reason', max: MAX_REASON }));
  else if (hasForbiddenCharacters(reason, { multiline: true }))
    problems.push(fieldMessage('reason', 'field.forbiddenCharacters', { title: 'Reason' }));
  else if (killed === true && reason === '') problems.push(fieldMessage('reason', 'boAuto.reasonRequired'));
  if (problems.length > 0) throw invalidFields(problems);
  return { killed: killed as boolean, reason };
}

import {
  type AppropriatenessOutcome,
  CLEAR_COMPLIANCE,
  type ComplianceStatus,
  type RiskLevel,
  type ScreeningStatus,
} from '@openbroker/domain';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { clientCompliance } from '../../db/schema.js';

export type ClientComplianceRow = typeof clientCompliance.$inferSelect;

/** The columns one compliance check writes: screening its status, the test its outcome, and so on. */
export type ComplianceStatusPatch = Partial<Omit<ClientComplianceRow, 'userId' | 'updatedAt'>>;

const millis = (value: Date | string | null | undefined): number | null =>
  value === null || value === undefined ? null : new Date(value).getTime();

/**
 * A client's stored standing as the domain's `complianceBlock` reads it. `row` may come from drizzle (Dates) or
 * from a JSON subquery (ISO strings, snake_case keys: the engine's account loader); no row: clear.
 * `appropriatenessRequired`: the brand's setting (brands.settings.compliance.appropriatenessRequired);
 * `warnLeverageCap`: the brand's leverage cap for a warn outcome (compliance.appropriateness.warnLeverageCap).
 */
export function complianceStatusOf(
  row: ClientComplianceRow | Record<string, unknown> | null | undefined,
  appropriatenessRequired: boolean,
  warnLeverageCap: number | null = null,
): ComplianceStatus {
  if (!row)
    return {
      ...CLEAR_COMPLIANCE,
      appropriateness: {
        ...CLEAR_COMPLIANCE.appropriateness,
        required: appropriatenessRequired,
        ...(warnLeverageCap === null ? {} : { warnLeverageCap }),
      },
    };
  const r = row as Record<string, unknown>;
  const pick = (camel: string, snake: string) => (camel in r ? r[camel] : r[snake]);
  return {
    screening: (pick('screeningStatus', 'screening_status') ?? 'clear') as ScreeningStatus,
    appropriateness: {
      required: appropriatenessRequired,
      outcome: (pick('appropriatenessOutcome', 'appropriateness_outcome') ??
        null) as AppropriatenessOutcome | null,
      acknowledged: pick('appropriatenessAcknowledgedAt', 'appropriateness_acknowledged_at') != null,
      blockedUntil: millis(
        pick('appropriatenessBlockedUntil', 'appropriateness_blocked_until') as string | null,
      ),
      ...(warnLeverageCap === null ? {} : { warnLeverageCap }),
    },
    documentsBlockFrom: millis(pick('documentsBlockFrom', 'documents_block_from') as string | null),
    risk: {
      level: (pick('riskLevel', 'risk_level') ?? 'low') as RiskLevel,
      eddRequired: pick('eddRequired', 'edd_required') === true,
    },
  };
}

/**
 * SQL of a client's compliance standing (client_compliance): one row per client, each compliance check writing its
 * own columns. Build it on the caller's transaction to commit the standing with its cause (a review, a test).
 */
export class ComplianceStatusRepo {
  constructor(readonly db: Db) {}

  async get(userId: number): Promise<ClientComplianceRow | undefined> {
    const [row] = await this.db.select().from(clientCompliance).where(eq(clientCompliance.userId, userId));
    return row;
  }

  /** Writes some columns of a client's standing, creating the row (clear elsewhere) on the first write. */
  async update(userId: number, patch: ComplianceStatusPatch): Promise<ClientComplianceRow> {
    const [row] = await this.db
      .insert(clientCompliance)
      .values({ userId, ...patch })
      .onConflictDoUpdate({ target: clientCompliance.userId, set: { ...patch, updatedAt: sql`now()` } })
      .returning();
    if (!row) throw new Error(`client_compliance ${userId} not written`);
    return row;
  }
}

/**
 * The client's risk score (docs/compliance.md "Risk score"): the domain's `assessRisk` over the client's country,
 * PEP declaration, screening, approved deposits, source-of-funds answers and appropriateness outcome. Recomputed
 * when an input changes (the questionnaire, an approved deposit, another check's change of the standing, the
 * profile's country) and written through the compliance standing. Becoming high risk asks for enhanced due
 * diligence documents (edd_required, which stops the next deposit) and raises a 'high_risk' task; compliance
 * clears it once those documents are approved.
 */
import {
  type AppropriatenessOutcome,
  assessRisk,
  type ClientRisk,
  type RiskAssessment,
  type ScreeningStatus,
  type SourceOfFundsAnswers,
  type SourceOfFundsInput,
} from '@openbroker/domain';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.js';
import { type ComplianceStatusPatch, ComplianceStatusRepo } from '../compliance/compliance-status.repo.js';
import type { ComplianceStatusService } from '../compliance/compliance-status.service.js';
import type { ComplianceTasksPort } from '../compliance/tasks-port.js';
import type { StaffAuth } from '../staff/policy.js';
import { auditStaffAction } from '../staff/staff-audit.js';
import type { SourceOfFundsRepo, SourceOfFundsRow } from './source-of-funds.repo.js';

/** The standing's columns the risk score writes: a change of only these is our own and recomputes nothing. */
const RISK_COLUMNS: readonly (keyof ComplianceStatusPatch)[] = ['riskScore', 'riskLevel', 'eddRequired'];

/** How long compliance has to review a client who became high risk. */
const HIGH_RISK_REVIEW_DAYS = 5;

export interface RiskServiceDeps {
  repo: SourceOfFundsRepo;
  compliance: ComplianceStatusService;
  tasks: ComplianceTasksPort;
  /** The sum of a client's approved deposits (payments). */
  approvedDeposits(userId: number): Promise<string>;
  /** Runs the caller's writes in one database transaction (the audit row with its change). */
  transaction<T>(work: (tx: Db) => Promise<T>): Promise<T>;
  now?: () => Date;
  /** Failures of a recomputation started by an event (no personal data: the client id only). */
  logError?: (message: string, error: unknown) => void;
}

const answersOf = (row: SourceOfFundsRow | undefined): SourceOfFundsAnswers | null =>
  row
    ? {
        employmentStatus: row.employmentStatus as SourceOfFundsAnswers['employmentStatus'],
        annualIncome: row.annualIncome as SourceOfFundsAnswers['annualIncome'],
        source: row.source as SourceOfFundsAnswers['source'],
        expectedDeposits: row.expectedDeposits as SourceOfFundsAnswers['expectedDeposits'],
        pep: row.pep,
      }
    : null;

export class RiskService {
  private readonly now: () => Date;

  constructor(private readonly deps: RiskServiceDeps) {
    this.now = deps.now ?? (() => new Date());
  }

  /** Recomputes on another check's change of the standing (screening, appropriateness), never on its own. */
  listen(): () => void {
    return this.deps.compliance.onUpdated((userId, changed) => {
      if (changed.every((column) => RISK_COLUMNS.includes(column))) return;
      this.recomputeLater(userId);
    });
  }

  /** Recomputes in the background (an event's listener); a failure is logged, never thrown at the event. */
  recomputeLater(userId: number): void {
    this.recompute(userId).catch((error) =>
      this.deps.logError?.(`risk score of client ${userId} not updated`, error),
    );
  }

  /**
   * Recomputes, in the background and one client at a time, the score of every client of a brand who lives in one
   * of `countries` (the brand's high-risk list changed for them); pages of 200, so a large brand never loads at once.
   * The promise settles when done and never rejects (tests wait for it).
   */
  async recomputeCountries(brandId: number, countries: readonly string[]): Promise<void> {
    try {
      let after = 0;
      for (;;) {
        const ids = await this.deps.repo.clientsIn(brandId, countries, after, 200);
        for (const id of ids) {
          await this.recompute(id).catch((error) =>
            this.deps.logError?.(`risk score of client ${id} not updated`, error),
          );
        }
        if (ids.length < 200) return;
        after = ids[ids.length - 1] as number;
      }
    } catch (error) {
      this.deps.logError?.(`risk scores of brand ${brandId} not updated`, error);
    }
  }

  /** The client's answers as the client area shows them (null: not answered). */
  async answers(userId: number) {
    const row = await this.deps.repo.get(userId);
    const answers = answersOf(row);
    return row && answers ? { ...answers, answeredAt: row.answeredAt.toISOString() } : null;
  }

  /** Stores the client's answers and recomputes the score. */
  async answer(userId: number, input: SourceOfFundsInput) {
    await this.deps.repo.save(userId, input, this.now());
    await this.recompute(userId);
    return this.answers(userId);
  }

  /** The score's inputs now and what they add up to. */
  async assess(
    userId: number,
  ): Promise<
    { assessment: RiskAssessment; deposits: string; funds: SourceOfFundsRow | undefined } | undefined
  > {
    const [facts, funds, standing, deposits] = await Promise.all([
      this.deps.repo.clientFacts(userId),
      this.deps.repo.get(userId),
      this.deps.compliance.row(userId),
      this.deps.approvedDeposits(userId),
    ]);
    if (!facts) return undefined;
    const assessment = assessRisk({
      country: facts.country ?? null,
      highRiskCountries: facts.brandSettings.compliance?.highRiskCountries ?? null,
      screening: (standing?.screeningStatus ?? 'clear') as ScreeningStatus,
      approvedDeposits: deposits,
      funds: answersOf(funds),
      appropriateness: (standing?.appropriatenessOutcome ?? null) as AppropriatenessOutcome | null,
    });
    return { assessment, deposits, funds };
  }

  /**
   * Recomputes the client's score and writes it when it changed. Becoming high risk sets edd_required (deposits wait
   * for the enhanced due diligence documents) and raises a 'high_risk' task; leaving high keeps edd_required until
   * compliance approves the documents.
   */
  async recompute(userId: number): Promise<RiskAssessment | undefined> {
    const found = await this.assess(userId);
    if (!found) return undefined;
    const { assessment } = found;
    const before = await this.deps.compliance.row(userId);
    const wasHigh = before?.riskLevel === 'high';
    const becomesHigh = assessment.level === 'high' && !wasHigh;
    const patch: ComplianceStatusPatch = {};
    if ((before?.riskScore ?? 0) !== assessment.score) patch.riskScore = assessment.score;
    if ((before?.riskLevel ?? 'low') !== assessment.level) patch.riskLevel = assessment.level;
    if (becomesHigh && !before?.eddRequired) patch.eddRequired = true;
    if (Object.keys(patch).length > 0) await this.deps.compliance.update(userId, patch);
    if (becomesHigh) {
      const facts = await this.deps.repo.clientFacts(userId);
      if (facts)
        await this.deps.tasks.raise({
          brandId: facts.brandId,
          userId,
          kind: 'high_risk',
          subject: 'risk:high',
          dueAt: new Date(this.now().getTime() + HIGH_RISK_REVIEW_DAYS * 86_400_000),
          summary: `Client scored high risk (${assessment.score}): ${assessment.reasons.map((r) => r.code).join(', ')}`,
        });
    }
    return assessment;
  }

  /** The back office's risk panel of a client (scope checked by the caller). */
  async panel(userId: number): Promise<ClientRisk> {
    const found = await this.assess(userId);
    const standing = await this.deps.compliance.row(userId);
    if (!found) throw new Error(`client ${userId} not found`);
    const funds = found.funds;
    return {
      score: found.assessment.score,
      level: found.assessment.level,
      reasons: found.assessment.reasons,
      eddRequired: standing?.eddRequired ?? false,
      approvedDeposits: found.deposits,
      funds: funds
        ? { ...(answersOf(funds) as SourceOfFundsAnswers), answeredAt: funds.answeredAt.toISOString() }
        : null,
      updatedAt: standing ? standing.updatedAt.toISOString() : null,
    };
  }

  /**
   * Compliance approved the client's enhanced due diligence documents: deposits are open again. Audited; the
   * standing commits with its audit row.
   */
  async approveEdd(
    auth: StaffAuth,
    request: Pick<FastifyRequest, 'ip'>,
    userId: number,
    brandId: number,
    note: string,
  ) {
    await this.deps.transaction(async (tx) => {
      await new ComplianceStatusRepo(tx).update(userId, { eddRequired: false });
      await auditStaffAction(tx, auth, request, {
        action: 'client.edd.approve',
        brandId,
        userId,
        before: { eddRequired: true },
        after: { eddRequired: false },
        reason: note,
      });
    });
    await this.deps.compliance.applied(userId, ['eddRequired']);
  }
}

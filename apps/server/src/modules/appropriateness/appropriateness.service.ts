/**
 * The appropriateness test (docs/compliance.md "Appropriateness test"): the client answers the brand's
 * questionnaire, the domain scores it and gives the outcome, and the attempt and the client's standing commit
 * together; the engine then trades the client by it at once (ctx.compliance). Staff set the brand's test in the back
 * office and read each client's attempts.
 */
import {
  type AppropriatenessConfig,
  type AppropriatenessResult,
  type AppropriatenessSettings,
  type AppropriatenessTest,
  appropriatenessLeverageCap,
  appropriatenessRetakeBlock,
  assessAppropriateness,
  type ClientAppropriateness,
  type ComplianceStatusView,
  complianceBlocks,
  complianceNextStep,
  defaultAppropriateness,
  fieldMessage,
  type JurisdictionPreset,
  maxScore,
  validateAppropriatenessConfig,
} from '@openbroker/domain';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import type { BrandComplianceSettings, BrandSettings } from '../../db/schema.js';
import { AppError, invalidFields, notFound } from '../../lib/errors.js';
import { tradingProfileOf } from '../brands/brand-trading.js';
import { BrandsRepo } from '../brands/brands.repo.js';
import type { Brand, BrandsService } from '../brands/brands.service.js';
import { ComplianceStatusRepo } from '../compliance/compliance-status.repo.js';
import {
  appropriatenessRequired,
  type ComplianceStatusService,
} from '../compliance/compliance-status.service.js';
import { assertBrandInScope, type StaffAuth } from '../staff/policy.js';
import { auditStaffAction } from '../staff/staff-audit.js';
import { type AppropriatenessAttemptRow, AppropriatenessRepo } from './appropriateness.repo.js';

export interface AppropriatenessDeps {
  compliance: ComplianceStatusService;
  brands: BrandsService;
  /** Reloads every live account of a brand into the engine that owns it (a change of the brand's test). */
  refreshBrand(brandId: number): Promise<void>;
  now?: () => number;
}

/** A brand's test: its stored parts over its preset's shipped test (ESMA's where the preset has none). */
export function appropriatenessConfigOf(settings: Pick<BrandSettings, 'trading' | 'compliance'>): {
  preset: JurisdictionPreset;
  config: AppropriatenessConfig;
  isDefault: boolean;
} {
  const preset = tradingProfileOf(settings).preset;
  const base = (defaultAppropriateness(preset) ?? defaultAppropriateness('esma')) as AppropriatenessConfig;
  const stored = settings.compliance?.appropriateness;
  const config: AppropriatenessConfig = { ...base, ...stored };
  return { preset, config, isDefault: !stored || Object.keys(stored).length === 0 };
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

const SettingsInput = z.object({
  required: z.boolean(),
  questionnaire: z.object({
    version: z.string().max(40),
    questions: z
      .array(
        z.object({
          id: z.string().max(40),
          topic: z.enum(['cfd', 'leverage', 'frequency', 'education', 'profession']),
          text: z.string().max(500),
          options: z
            .array(z.object({ id: z.string().max(40), text: z.string().max(500), points: z.number() }))
            .max(8),
        }),
      )
      .max(30),
  }),
  passScore: z.number(),
  warnScore: z.number(),
  blockDays: z.number(),
  warnLeverageCap: z.number().nullable(),
});

export class AppropriatenessService {
  private readonly now: () => number;
  private readonly repo: AppropriatenessRepo;

  constructor(
    private readonly db: Db,
    private readonly deps: AppropriatenessDeps,
  ) {
    this.now = deps.now ?? Date.now;
    this.repo = new AppropriatenessRepo(db);
  }

  private resultOf(row: AppropriatenessAttemptRow, config: AppropriatenessConfig): AppropriatenessResult {
    return {
      outcome: row.outcome as AppropriatenessResult['outcome'],
      score: row.score,
      maxScore: maxScore(config.questionnaire),
      version: row.version,
      blockedUntil: iso(row.blockedUntil),
      acknowledgedAt: iso(row.acknowledgedAt),
      createdAt: row.createdAt.toISOString(),
      warnLeverageCap: row.outcome === 'warn' ? config.warnLeverageCap : null,
    };
  }

  /** GET /api/appropriateness: the questionnaire (without the points) and the client's newest result. */
  async test(brand: Brand, userId: number): Promise<AppropriatenessTest> {
    const { config } = appropriatenessConfigOf(brand.settings);
    const latest = await this.repo.latest(userId);
    return {
      required: appropriatenessRequired(brand),
      version: config.questionnaire.version,
      questions: config.questionnaire.questions.map((q) => ({
        id: q.id,
        topic: q.topic,
        text: q.text,
        options: q.options.map(({ id, text }) => ({ id, text })),
      })),
      latest: latest ? this.resultOf(latest, config) : null,
    };
  }

  /**
   * POST /api/appropriateness: scores the answers and stores the attempt with the client's new standing in one
   * transaction. Refused while a block lasts (409), for a questionnaire that changed since it was shown or an
   * incomplete or unknown answer (400, nothing stored), and where the brand does not ask for the test (409).
   */
  async submit(
    brand: Brand,
    userId: number,
    input: { version: string; answers: Record<string, string> },
  ): Promise<AppropriatenessResult> {
    if (!appropriatenessRequired(brand))
      throw new AppError(409, 'APPROPRIATENESS_NOT_REQUIRED', 'appropriateness.notRequired');
    const now = this.now();
    const standing = await this.deps.compliance.statusOf(userId, brand);
    const blocked = appropriatenessRetakeBlock(standing.appropriateness, now);
    if (blocked) throw new AppError(409, 'APPROPRIATENESS_BLOCKED', blocked.key, blocked.params);
    const { config } = appropriatenessConfigOf(brand.settings);
    if (input.version !== config.questionnaire.version)
      throw invalidFields([fieldMessage('', 'appropriateness.unknownQuestion')]);
    const assessed = assessAppropriateness(config, input.answers, now);
    if (!assessed.ok) throw invalidFields(assessed.errors);
    const { score, answers, outcome, blockedUntil } = assessed.value;
    const row = await this.db.transaction(async (tx) => {
      const attempt = await new AppropriatenessRepo(tx).insert({
        userId,
        brandId: brand.id,
        version: config.questionnaire.version,
        answers,
        score,
        outcome,
        blockedUntil: blockedUntil === null ? null : new Date(blockedUntil),
      });
      await new ComplianceStatusRepo(tx).update(userId, {
        appropriatenessOutcome: outcome,
        appropriatenessBlockedUntil: attempt.blockedUntil,
        appropriatenessAcknowledgedAt: null,
      });
      return attempt;
    });
    await this.deps.compliance.applied(userId, [
      'appropriatenessOutcome',
      'appropriatenessBlockedUntil',
      'appropriatenessAcknowledgedAt',
    ]);
    return this.resultOf(row, config);
  }

  /** POST /api/appropriateness/acknowledge: the client read the warn outcome's warning; 409 without one. */
  async acknowledge(brand: Brand, userId: number): Promise<AppropriatenessResult> {
    const latest = await this.repo.latest(userId);
    if (latest?.outcome !== 'warn' || latest.acknowledgedAt !== null)
      throw new AppError(409, 'NOTHING_TO_ACKNOWLEDGE', 'appropriateness.nothingToAcknowledge');
    const at = new Date(this.now());
    const row = await this.db.transaction(async (tx) => {
      const updated = await new AppropriatenessRepo(tx).acknowledge(latest.id, at);
      await new ComplianceStatusRepo(tx).update(userId, { appropriatenessAcknowledgedAt: at });
      return updated;
    });
    await this.deps.compliance.applied(userId, ['appropriatenessAcknowledgedAt']);
    return this.resultOf(row, appropriatenessConfigOf(brand.settings).config);
  }

  /** GET /api/compliance/status: what the client's standing stops on this account now, and their next step. */
  async status(brand: Brand, userId: number, accountKind: 'live' | 'demo'): Promise<ComplianceStatusView> {
    const status = await this.deps.compliance.statusOf(userId, brand);
    const { config } = appropriatenessConfigOf(brand.settings);
    const standing = { ...status.appropriateness, warnLeverageCap: config.warnLeverageCap };
    const blocks = complianceBlocks(status, this.now(), accountKind);
    const next = complianceNextStep(blocks);
    const cap = accountKind === 'live' ? appropriatenessLeverageCap(standing) : undefined;
    return {
      accountKind,
      blocks,
      next,
      until:
        next === 'wait' && status.appropriateness.blockedUntil !== null
          ? new Date(status.appropriateness.blockedUntil).toISOString().slice(0, 10)
          : null,
      leverageCap: cap ?? null,
      appropriatenessRequired: status.appropriateness.required,
    };
  }

  // ------------------------------------------------------------------------------------------ back office

  /** A brand's test as the back office edits it. */
  async settings(auth: StaffAuth, brandId: number): Promise<AppropriatenessSettings> {
    assertBrandInScope(auth, brandId);
    const brand = await this.deps.brands.findById(brandId);
    if (!brand) throw notFound();
    return this.settingsOf(brand.settings);
  }

  private settingsOf(settings: BrandSettings): AppropriatenessSettings {
    const { preset, config, isDefault } = appropriatenessConfigOf(settings);
    return { required: settings.compliance?.appropriatenessRequired === true, ...config, preset, isDefault };
  }

  /**
   * Saves a brand's test (checked by the domain's validateAppropriatenessConfig: 400 per field, nothing saved),
   * audited as `brand.appropriateness` with before and after; the brand's live accounts are reloaded into the engine
   * so the requirement and the warn outcome's leverage cap apply to the next trade.
   */
  async save(
    auth: StaffAuth,
    brandId: number,
    body: unknown,
    request: Pick<FastifyRequest, 'ip'>,
  ): Promise<AppropriatenessSettings> {
    assertBrandInScope(auth, brandId);
    const parsed = SettingsInput.safeParse(body);
    if (!parsed.success) throw invalidFields([fieldMessage('', 'error.validation')]);
    const { required, ...config } = parsed.data;
    const brandsRepo = new BrandsRepo(this.db);
    const saved = await brandsRepo.exclusive(async (tx) => {
      const current = await brandsRepo.lockById(tx, brandId);
      if (!current) throw notFound();
      const { preset } = appropriatenessConfigOf(current.settings);
      const problems = validateAppropriatenessConfig(config, required, preset);
      if (problems.length > 0) throw invalidFields(problems);
      const before = this.settingsOf(current.settings);
      const compliance: BrandComplianceSettings = {
        ...current.settings.compliance,
        appropriatenessRequired: required,
        appropriateness: config,
      };
      await brandsRepo.setSettingsKey(tx, brandId, 'compliance', compliance);
      const after = this.settingsOf({ ...current.settings, compliance });
      await auditStaffAction(tx, auth, request, {
        action: 'brand.appropriateness',
        subject: `brand:${brandId}`,
        brandId,
        before: { ...before },
        after: { ...after },
      });
      return after;
    });
    this.deps.brands.changed(brandId);
    await this.deps.refreshBrand(brandId);
    return saved;
  }

  /** A client's attempts with the questions and answers as the brand's current questionnaire words them. */
  async clientAttempts(user: { id: number }, brand: Brand): Promise<ClientAppropriateness> {
    const { config } = appropriatenessConfigOf(brand.settings);
    const rows = await this.repo.list(user.id);
    const order = config.questionnaire.questions.map((q) => q.id);
    const orderOf = (id: string) => (order.includes(id) ? order.indexOf(id) : order.length);
    return {
      required: appropriatenessRequired(brand),
      attempts: rows.map((row) => ({
        id: row.id,
        version: row.version,
        // in the questionnaire's order (jsonb keeps its keys sorted)
        answers: Object.entries(row.answers)
          .sort(([a], [b]) => orderOf(a) - orderOf(b))
          .map(([questionId, optionId]) => {
            const question =
              row.version === config.questionnaire.version
                ? config.questionnaire.questions.find((q) => q.id === questionId)
                : undefined;
            const chosen = question?.options.find((o) => o.id === optionId);
            return {
              question: question?.text ?? questionId,
              answer: chosen?.text ?? optionId,
              points: chosen?.points ?? null,
            };
          }),
        score: row.score,
        outcome: row.outcome as 'pass' | 'warn' | 'block',
        blockedUntil: iso(row.blockedUntil),
        acknowledgedAt: iso(row.acknowledgedAt),
        createdAt: row.createdAt.toISOString(),
      })),
    };
  }
}

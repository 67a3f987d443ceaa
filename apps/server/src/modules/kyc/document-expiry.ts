/**
 * The expiry of proofs of identity and address (docs/compliance.md, "Documents"). A sweep, run once at start and
 * then periodically, finds approved documents whose expiry date comes near or has passed:
 * - 30 days before: the client gets a mail (the client area shows it too) and compliance a 'document_expiring' task;
 * - once expired: the client is mailed and asked for a new upload, compliance gets a 'document_expired' task, and the
 *   client's standing stops deposits and trading from the expiry plus the brand's grace period.
 * Each stage is claimed on the document (a marker column) before it is told, so with two cluster nodes sweeping each
 * document is told once; the tasks port ignores a subject already open. Approving a valid new document re-derives
 * the standing and lifts the stop.
 */
import {
  DOCUMENT_EXPIRY_NOTICE_DAYS,
  DOCUMENT_TYPE_LABELS,
  type DocumentType,
  documentExpiryState,
  documentGraceDays,
  documentsBlockFrom,
  expiryInstant,
} from '@openbroker/domain';
import type { AccountsRepo } from '../accounts/accounts.repo.js';
import { type Brand, brandBaseUrl } from '../brands/brands.service.js';
import type { ComplianceStatusService } from '../compliance/compliance-status.service.js';
import type { ComplianceTasksPort } from '../compliance/tasks-port.js';
import type { MailLog, MailService } from '../mail/mail.service.js';
import { documentExpiryMail } from '../mail/mail.templates.js';
import type { DocumentRow, DocumentsRepo } from './documents.repo.js';

const DAY_MS = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export interface DocumentExpiryDeps {
  repo: DocumentsRepo;
  accounts: Pick<AccountsRepo, 'findById'>;
  brands: { findById(id: number): Promise<Brand | undefined> };
  mail: Pick<MailService, 'send' | 'wake'>;
  tasks: ComplianceTasksPort;
  compliance: Pick<ComplianceStatusService, 'row' | 'update'>;
  publicUrl: string;
  log: MailLog;
  /** The clock (tests move it). */
  now?: () => Date;
  /** How often the sweep runs (default: hourly). */
  intervalMs?: number;
}

/** What a sweep did: documents told they expire soon, and expired documents handled. */
export interface ExpirySweepResult {
  expiring: number;
  expired: number;
}

export class DocumentExpiryService {
  private readonly now: () => Date;
  private readonly intervalMs: number;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> = Promise.resolve();
  private started = false;

  constructor(private readonly deps: DocumentExpiryDeps) {
    this.now = deps.now ?? (() => new Date());
    this.intervalMs = deps.intervalMs ?? 60 * 60_000;
  }

  /** Sweeps once now and then every interval (idempotent); the timer never keeps the process alive. */
  start(): void {
    if (this.started) return;
    this.started = true;
    const tick = () => {
      this.running = this.sweep()
        .catch((err: unknown) => this.deps.log.error({ err }, 'documents: the expiry sweep failed'))
        .finally(() => {
          if (!this.started) return;
          this.timer = setTimeout(tick, this.intervalMs);
          this.timer.unref();
        });
    };
    tick();
  }

  /** Stops the periodic sweep; a sweep in progress finishes first. */
  async stop(): Promise<void> {
    this.started = false;
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.running;
  }

  /** Finds the documents whose expiry is due to be told or handled, and does it (each once). */
  async sweep(): Promise<ExpirySweepResult> {
    const now = this.now().getTime();
    const due = await this.deps.repo.dueForExpiry(
      isoDay(now),
      isoDay(now + DOCUMENT_EXPIRY_NOTICE_DAYS * DAY_MS),
    );
    const result: ExpirySweepResult = { expiring: 0, expired: 0 };
    for (const document of due) {
      if (!document.expiresOn) continue;
      const state = documentExpiryState(document.expiresOn, now);
      if (state === 'expired' && !document.expiredNotifiedAt) {
        if (await this.handle(document, 'expired')) result.expired++;
      } else if (state === 'expiring' && !document.expiringNotifiedAt) {
        if (await this.handle(document, 'expiring')) result.expiring++;
      }
    }
    return result;
  }

  /**
   * From when the client's expired proofs stop deposits and trading: the earliest expired latest-approved proof's
   * expiry plus the brand's grace; written to the standing when it changed (null lifts the stop).
   */
  async recompute(brand: Pick<Brand, 'settings'>, userId: number): Promise<void> {
    const grace = documentGraceDays(brand.settings.compliance?.documentGraceDays);
    const now = this.now().getTime();
    const froms = (await this.deps.repo.latestApproved(userId))
      .filter((d) => d.expiresOn !== null && documentExpiryState(d.expiresOn, now) === 'expired')
      .map((d) => documentsBlockFrom(d.expiresOn as string, grace));
    const next = froms.length > 0 ? Math.min(...froms) : null;
    const current = (await this.deps.compliance.row(userId))?.documentsBlockFrom ?? null;
    if ((current === null ? null : new Date(current).getTime()) === next) return;
    await this.deps.compliance.update(userId, { documentsBlockFrom: next === null ? null : new Date(next) });
  }

  private async handle(document: DocumentRow, stage: 'expiring' | 'expired'): Promise<boolean> {
    const user = await this.deps.accounts.findById(document.userId);
    const brand = user && (await this.deps.brands.findById(user.brandId));
    if (!user || !brand) return false;
    const expiresOn = document.expiresOn as string;
    const type = document.type as DocumentType;
    const grace = documentGraceDays(brand.settings.compliance?.documentGraceDays);
    const blockFrom = documentsBlockFrom(expiresOn, grace);
    // compliance's task first: raising an open subject again changes nothing, so a failure after it is retried safely
    await this.deps.tasks.raise({
      brandId: brand.id,
      userId: user.id,
      kind: stage === 'expiring' ? 'document_expiring' : 'document_expired',
      subject: `document:${document.id}:${stage}`,
      dueAt: new Date(stage === 'expiring' ? expiryInstant(expiresOn) - DAY_MS : blockFrom),
      summary:
        stage === 'expiring'
          ? `${DOCUMENT_TYPE_LABELS[type]} expires on ${expiresOn}: a new one is asked for`
          : `${DOCUMENT_TYPE_LABELS[type]} expired on ${expiresOn}: deposits and trading stop from ${isoDay(blockFrom)}`,
    });
    const claimed = await this.deps.repo.transaction(async (repo, tx) => {
      if (!(await repo.claimExpiry(document.id, stage, this.now()))) return false;
      const mail = documentExpiryMail(
        brand,
        user,
        { stage, type, expiresOn, blockDate: isoDay(blockFrom) },
        `${brandBaseUrl(brand, this.deps.publicUrl)}/my-account/documents`,
      );
      await this.deps.mail.send(brand, mail, this.deps.log, tx);
      return true;
    });
    if (!claimed) return false;
    this.deps.mail.wake();
    if (stage === 'expired') await this.recompute(brand, user.id);
    return true;
  }
}

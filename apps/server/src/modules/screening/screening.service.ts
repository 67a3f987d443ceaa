/**
 * Sanctions and PEP screening (docs/compliance.md "Screening"). The operator imports lists (back office or CLI);
 * every client is screened at registration, when the name, birth date or country changes, and again, in batches,
 * after every import. A possible match is stored pending, puts the client's screening standing to pending (new
 * trades and deposits pause) and raises a compliance task; compliance clears or confirms it with a reason
 * (audited): confirmed stops everything, cleared lets the client go on once no other match is open. A cleared match
 * is not raised again for the same entry and the same client data.
 */
import { createHash } from 'node:crypto';
import {
  type ClientScreening,
  parsePathId,
  type ScreeningDecisionInput,
  ScreeningIndex,
  type ScreeningListFormat,
  type ScreeningListImport,
  type ScreeningMatch,
  type ScreeningMatchStatus,
  type ScreeningQueuePage,
  type ScreeningQueueQuery,
  type ScreeningStatus,
  screeningFingerprint,
} from '@openbroker/domain';
import type { FastifyRequest } from 'fastify';
import type { Database, Db } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import { ComplianceStatusRepo } from '../compliance/compliance-status.repo.js';
import type { ComplianceStatusService } from '../compliance/compliance-status.service.js';
import type { ComplianceTasksPort } from '../compliance/tasks-port.js';
import { type StaffAuth, scopeFilter } from '../staff/policy.js';
import { auditStaffAction } from '../staff/staff-audit.js';
import { parseList } from './list-formats.js';
import {
  type ActiveEntry,
  type ScreenedClientRow,
  type ScreeningListRow,
  type ScreeningMatchRow,
  type ScreeningQueueRow,
  ScreeningRepo,
} from './screening.repo.js';

export const matchNotFound = () => new AppError(404, 'NOT_FOUND', 'screening.matchNotFound');
export const matchDecided = () => new AppError(409, 'MATCH_DECIDED', 'screening.matchDecided');
export const importNeedsAllBrands = () => new AppError(403, 'FORBIDDEN', 'screening.importAllBrands');

/** Clients screened per batch after an import; the event loop breathes between batches. */
const RESCREEN_BATCH = 500;
/** How long compliance has to review a possible match. */
const REVIEW_DAYS = 1;
const QUEUE_PAGE = 100;

export interface ScreeningDeps {
  database: Database;
  compliance: Pick<ComplianceStatusService, 'update' | 'applied' | 'row'>;
  tasks: ComplianceTasksPort;
  log: { error(obj: object, msg: string): void; info?(obj: object, msg: string): void };
  now?: () => Date;
}

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/** What an import's audit row says besides who: the source, the file and its hash, how many persons. */
export const importAuditRecord = (list: ScreeningListRow) => ({
  action: 'screening.import',
  subject: `screening-list:${list.id}`,
  details: {
    source: list.source,
    fileName: list.fileName,
    fileHash: list.fileHash,
    entryCount: list.entryCount,
  },
});

export function presentList(row: ScreeningListRow): ScreeningListImport {
  return {
    id: row.id,
    source: row.source as ScreeningListFormat,
    fileName: row.fileName,
    fileHash: row.fileHash,
    entryCount: row.entryCount,
    importedBy: row.importedBy,
    importedAt: new Date(row.importedAt).toISOString(),
    screenedAt: iso(row.screenedAt),
  };
}

function presentMatch(row: ScreeningQueueRow): ScreeningMatch {
  return {
    id: row.id,
    userId: row.userId,
    brandId: row.brandId,
    brandSlug: row.brandSlug,
    source: row.source as ScreeningListFormat,
    entryRef: row.entryRef,
    entry: row.entry,
    matchedName: row.matchedName,
    score: row.score,
    birthDateAgreement: row.birthDateAgreement as ScreeningMatch['birthDateAgreement'],
    client: { ...row.clientData, email: row.clientEmail },
    status: row.status as ScreeningMatchStatus,
    reason: row.reason,
    decidedBy: row.decidedBy,
    decidedAt: iso(row.decidedAt),
    createdAt: new Date(row.createdAt).toISOString(),
  };
}

/** The standing a client's matches add up to: any confirmed → confirmed; any pending → pending; else clear. */
export function standingOf(counts: Record<ScreeningMatchStatus, number>): ScreeningStatus {
  if (counts.confirmed > 0) return 'confirmed';
  if (counts.pending > 0) return 'pending';
  return 'clear';
}

export class ScreeningService {
  readonly repo: ScreeningRepo;
  private index: Promise<ScreeningIndex<ActiveEntry>> | null = null;
  private running: Promise<void> = Promise.resolve();
  private readonly now: () => Date;

  constructor(private readonly deps: ScreeningDeps) {
    this.repo = new ScreeningRepo(deps.database.db);
    this.now = deps.now ?? (() => new Date());
  }

  private get db(): Db {
    return this.deps.database.db;
  }

  /** The entries of the latest import of each source, indexed once per import. */
  private entries(): Promise<ScreeningIndex<ActiveEntry>> {
    this.index ??= this.repo.activeEntries().then((rows) => new ScreeningIndex(rows));
    return this.index;
  }

  /**
   * Imports a list file in its format: stores it (with the file's SHA-256 and who imported it) and starts screening
   * every client of every brand against it in the background (`idle()` resolves when done).
   */
  async importList(
    format: ScreeningListFormat,
    fileName: string,
    content: Buffer | string,
    importedBy: string,
    /** Writes the import's audit row in its transaction (a staff member's, the CLI's). */
    audit?: (tx: Db, list: ScreeningListRow) => Promise<unknown>,
  ): Promise<ScreeningListImport> {
    const text = typeof content === 'string' ? content : content.toString('utf8');
    const entries = parseList(format, text);
    const fileHash = createHash('sha256').update(content).digest('hex');
    const list = await this.db.transaction(async (tx) => {
      const row = await this.repo.importList(
        tx,
        { source: format, fileName: fileName.slice(0, 200), fileHash, importedBy },
        entries,
      );
      await audit?.(tx, row);
      return row;
    });
    this.index = null;
    this.running = this.running.then(() =>
      this.rescreenAll(list.id).catch((err: unknown) =>
        this.deps.log.error({ err, listId: list.id }, 'screening after a list import failed'),
      ),
    );
    return presentList(list);
  }

  /** Resolves when the screening started by the imports so far has finished. */
  idle(): Promise<void> {
    return this.running;
  }

  /** Every client of every brand, in batches, against the lists as they are now. */
  private async rescreenAll(listId: number): Promise<void> {
    let after = 0;
    for (;;) {
      const batch = await this.repo.clientsAfter(after, RESCREEN_BATCH);
      for (const client of batch) await this.screen(client);
      const last = batch.at(-1);
      if (!last || batch.length < RESCREEN_BATCH) break;
      after = last.id;
      await new Promise((resolve) => setImmediate(resolve));
    }
    await this.repo.markScreened(listId);
  }

  /** Screens one client now (registration, a change of name, birth date or country). */
  async screenClient(userId: number): Promise<void> {
    const client = await this.repo.client(userId);
    if (client) await this.screen(client);
  }

  /** Screening without letting a failure stop the caller (a registration): the failure is logged, without data. */
  async screenClientSafely(userId: number): Promise<void> {
    try {
      await this.screenClient(userId);
    } catch (err) {
      this.deps.log.error({ err, userId }, 'screening a client failed');
    }
  }

  private async screen(client: ScreenedClientRow): Promise<number> {
    if (!client.firstName.trim() && !client.lastName.trim()) return 0;
    const index = await this.entries();
    const data = {
      firstName: client.firstName,
      lastName: client.lastName,
      birthDate: client.birthDate,
    };
    const fingerprint = screeningFingerprint(data).slice(0, 300);
    const raised: ScreeningMatchRow[] = [];
    for (const { entry, hit } of index.screen(data)) {
      const row = await this.repo.insertMatch({
        userId: client.id,
        brandId: client.brandId,
        listId: entry.listId,
        source: entry.source,
        entryRef: entry.ref,
        entry: {
          names: entry.names,
          birthDates: entry.birthDates,
          programme: entry.programme,
          countries: entry.countries,
        },
        matchedName: hit.matchedName.slice(0, 300),
        score: hit.score,
        birthDateAgreement: hit.birthDate,
        clientFingerprint: fingerprint,
        clientData: { ...data, country: client.country },
      });
      if (row) raised.push(row);
    }
    if (raised.length === 0) return 0;
    const current = (await this.deps.compliance.row(client.id))?.screeningStatus ?? 'clear';
    if (current !== 'confirmed') await this.deps.compliance.update(client.id, { screeningStatus: 'pending' });
    const dueAt = new Date(this.now().getTime() + REVIEW_DAYS * 86_400_000);
    for (const row of raised) {
      await this.deps.tasks.raise({
        brandId: client.brandId,
        userId: client.id,
        kind: 'screening_match',
        subject: `screening:${row.id}`,
        dueAt,
        summary: `Possible ${row.source.toUpperCase()} list match (score ${row.score}) to review`,
      });
    }
    return raised.length;
  }

  /** How many matches await review (every brand). */
  async queueSize(): Promise<number> {
    return (await this.repo.queue({ status: 'pending', brandIds: null }, 1)).total;
  }

  /** The imports, newest first. */
  async lists(): Promise<ScreeningListImport[]> {
    return (await this.repo.lists()).map(presentList);
  }

  /** The review queue of the brands in scope. */
  async queue(auth: StaffAuth, query: ScreeningQueueQuery): Promise<ScreeningQueuePage> {
    const brandIds = scopeFilter(auth, query.brandId);
    const { rows, total } = await this.repo.queue(
      { ...(query.status ? { status: query.status } : {}), brandIds },
      QUEUE_PAGE,
    );
    return { items: rows.map(presentMatch), total };
  }

  /** One match in scope (another brand's: 404 as a missing one). */
  private async matchInScope(auth: StaffAuth, rawId: string): Promise<ScreeningMatchRow> {
    const id = parsePathId(rawId);
    const row = id === undefined ? undefined : await this.repo.match(id);
    if (!row) throw matchNotFound();
    try {
      scopeFilter(auth, row.brandId);
    } catch {
      throw matchNotFound();
    }
    return row;
  }

  /**
   * Compliance clears or confirms a pending match with a reason, audited with the client's new standing in one
   * transaction; the engine then trades by it at once.
   */
  async decide(
    auth: StaffAuth,
    request: Pick<FastifyRequest, 'ip'>,
    rawId: string,
    input: ScreeningDecisionInput,
  ): Promise<ScreeningMatch> {
    const match = await this.matchInScope(auth, rawId);
    const status = input.decision === 'clear' ? 'cleared' : 'confirmed';
    const before = (await this.deps.compliance.row(match.userId))?.screeningStatus ?? 'clear';
    const standing = await this.db.transaction(async (tx) => {
      const decided = await this.repo.decide(tx, match.id, {
        status,
        reason: input.reason,
        decidedBy: `staff:${auth.staff.id}`,
      });
      if (!decided) throw matchDecided();
      const next = standingOf(await this.repo.statusCounts(tx, match.userId));
      await new ComplianceStatusRepo(tx).update(match.userId, { screeningStatus: next });
      await auditStaffAction(tx, auth, request, {
        action: status === 'cleared' ? 'screening.clear' : 'screening.confirm',
        subject: `screening:${match.id}`,
        brandId: match.brandId,
        userId: match.userId,
        before: { match: 'pending', screeningStatus: before },
        after: { match: status, screeningStatus: next },
        reason: input.reason,
        details: { source: match.source, entryRef: match.entryRef, score: match.score },
      });
      return next;
    });
    await this.deps.compliance.applied(match.userId, ['screeningStatus']);
    void standing;
    const row = await this.repo.queueRow(match.id);
    if (!row) throw matchNotFound();
    return presentMatch(row);
  }

  /** A client's screening status and history (the client page); the caller checked the client is in scope. */
  async ofClient(userId: number): Promise<ClientScreening> {
    const status = ((await this.deps.compliance.row(userId))?.screeningStatus ?? 'clear') as ScreeningStatus;
    const rows = await this.repo.historyRows(userId);
    return { status, matches: rows.map(presentMatch) };
  }
}

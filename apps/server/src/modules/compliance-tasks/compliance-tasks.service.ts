/**
 * Compliance tasks (docs/compliance.md "Compliance tasks"): the checks raise them through `raise` (the
 * ComplianceTasksPort: the same subject while open changes nothing); staff list them, assign them to a member of the
 * brand's compliance staff, move the due date, close them with a note and create manual reviews. Every staff action
 * writes its audit row in the same transaction; a task of a brand outside the member's scope answers 404.
 */
import {
  COMPLIANCE_TASK_PAGE_SIZE,
  type ComplianceTask,
  type ComplianceTaskListQuery,
  type ComplianceTaskSummary,
  type ComplianceTaskUpdateInput,
  can,
  dueInstant,
  inBrandScope,
  isStaffRole,
  type ManualReviewInput,
  parsePathId,
} from '@openbroker/domain';
import type { FastifyRequest } from 'fastify';
import type { Database, Db } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import type { ComplianceTaskRaise, ComplianceTasksPort } from '../compliance/tasks-port.js';
import { type StaffAuth, scopeFilter } from '../staff/policy.js';
import { auditStaffAction } from '../staff/staff-audit.js';
import { ComplianceTasksRepo, type ComplianceTaskView } from './compliance-tasks.repo.js';

type Request = Pick<FastifyRequest, 'ip'>;

const taskNotFound = () => new AppError(404, 'NOT_FOUND', 'tasks.notFound');

/** What a task presents as: the contract's ComplianceTask. */
export function presentTask(task: ComplianceTaskView, now: Date): ComplianceTask {
  return {
    id: task.id,
    brandId: task.brandId,
    brandSlug: task.brandSlug,
    userId: task.userId,
    clientName: `${task.clientFirstName} ${task.clientLastName}`.trim(),
    clientPin: task.clientPin,
    kind: task.kind as ComplianceTask['kind'],
    subject: task.subject,
    summary: task.summary,
    dueAt: task.dueAt.toISOString(),
    overdue: task.status === 'open' && task.dueAt.getTime() < now.getTime(),
    assignedTo: task.assignedTo,
    assigneeName: task.assigneeName,
    status: task.status as ComplianceTask['status'],
    closingNote: task.closingNote,
    closedByName: task.closedByName,
    closedAt: task.closedAt ? task.closedAt.toISOString() : null,
    createdAt: task.createdAt.toISOString(),
  };
}

export class ComplianceTasksService implements ComplianceTasksPort {
  readonly repo: ComplianceTasksRepo;
  /** Heard after a task was raised (not when its subject was open already). */
  onRaised?: (task: { id: number; brandId: number; userId: number; kind: string }) => void;

  constructor(
    private readonly database: Database,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.repo = new ComplianceTasksRepo(database.db);
  }

  private get db(): Db {
    return this.database.db;
  }

  /** Raises a task unless the client has an open one with the same subject (then nothing changes). */
  async raise(task: ComplianceTaskRaise): Promise<void> {
    const row = await this.repo.raise({
      brandId: task.brandId,
      userId: task.userId,
      kind: task.kind,
      subject: task.subject,
      summary: task.summary,
      dueAt: task.dueAt,
    });
    if (row) this.onRaised?.({ id: row.id, brandId: row.brandId, userId: row.userId, kind: row.kind });
  }

  /** The task list with its filters, brand-scoped. */
  async list(auth: StaffAuth, query: ComplianceTaskListQuery) {
    const page = query.page ?? 1;
    const { items, total } = await this.repo.list(
      {
        brandIds: scopeFilter(auth, query.brandId),
        ...(query.userId !== undefined ? { userId: query.userId } : {}),
        ...(query.mine ? { assignedTo: auth.staff.id } : {}),
        ...(query.kind ? { kind: query.kind } : {}),
        ...(query.overdue ? { overdueAt: this.now() } : {}),
        ...(query.status !== 'all' ? { status: query.status } : {}),
      },
      COMPLIANCE_TASK_PAGE_SIZE,
      (page - 1) * COMPLIANCE_TASK_PAGE_SIZE,
    );
    const now = this.now();
    return {
      items: items.map((t) => presentTask(t, now)),
      total,
      page,
      pageSize: COMPLIANCE_TASK_PAGE_SIZE,
    };
  }

  /** The dashboard's block: open, overdue and mine in scope, and the next ten open tasks for the member. */
  async summary(auth: StaffAuth): Promise<ComplianceTaskSummary> {
    const brandIds = scopeFilter(auth, undefined);
    const now = this.now();
    const [open, overdue, mine, next] = await Promise.all([
      this.repo.count({ brandIds, status: 'open' }),
      this.repo.count({ brandIds, overdueAt: now }),
      this.repo.count({ brandIds, status: 'open', assignedTo: auth.staff.id }),
      this.repo.next(brandIds, auth.staff.id, 10),
    ]);
    return { open, overdue, mine, next: next.map((t) => presentTask(t, now)) };
  }

  /** The task when its brand is in the member's scope; otherwise 404 as for a missing id. */
  private async taskInScope(auth: StaffAuth, rawId: string): Promise<ComplianceTaskView> {
    const id = parsePathId(rawId);
    const task = id === undefined ? undefined : await this.repo.view(id);
    if (!task || !inBrandScope(auth.scope, task.brandId)) throw taskNotFound();
    return task;
  }

  async get(auth: StaffAuth, rawId: string): Promise<ComplianceTask> {
    return presentTask(await this.taskInScope(auth, rawId), this.now());
  }

  /** Members who may take a task of this brand: active, compliance or admin, the brand in their scope. */
  private async assigneesOf(brandId: number) {
    const staff = await this.repo.activeStaff();
    return staff
      .filter((m) => can(m.roles.filter(isStaffRole), 'verification.edit'))
      .filter((m) => m.brandIds === null || m.brandIds.includes(brandId))
      .map((m) => ({ id: m.id, name: m.name }));
  }

  async assignees(auth: StaffAuth, rawId: string) {
    const task = await this.taskInScope(auth, rawId);
    return this.assigneesOf(task.brandId);
  }

  /** Assigns the task (or unassigns it) and/or moves its due date; audited with what changed. */
  async update(auth: StaffAuth, request: Request, rawId: string, input: ComplianceTaskUpdateInput) {
    const task = await this.taskInScope(auth, rawId);
    if (task.status !== 'open') throw new AppError(409, 'TASK_CLOSED', 'tasks.closed');
    const patch: { assignedTo?: number | null; dueAt?: Date } = {};
    if (input.assignedTo !== undefined) {
      if (
        input.assignedTo !== null &&
        !(await this.assigneesOf(task.brandId)).some((m) => m.id === input.assignedTo)
      )
        throw new AppError(400, 'INVALID_ASSIGNEE', 'tasks.assigneeInvalid');
      patch.assignedTo = input.assignedTo;
    }
    if (input.dueAt !== undefined) patch.dueAt = dueInstant(input.dueAt);
    await this.db.transaction(async (tx) => {
      const row = await this.repo.update(tx, task.id, patch);
      if (!row) throw new AppError(409, 'TASK_CLOSED', 'tasks.closed');
      const before: Record<string, unknown> = {};
      const after: Record<string, unknown> = {};
      if (patch.assignedTo !== undefined) {
        before.assignedTo = task.assignedTo;
        after.assignedTo = patch.assignedTo;
      }
      if (patch.dueAt !== undefined) {
        before.dueAt = task.dueAt.toISOString();
        after.dueAt = patch.dueAt.toISOString();
      }
      await auditStaffAction(tx, auth, request, {
        action: patch.assignedTo !== undefined ? 'task.assign' : 'task.due',
        subject: `task:${task.id}`,
        brandId: task.brandId,
        userId: task.userId,
        before,
        after,
      });
    });
    return this.get(auth, String(task.id));
  }

  /** Closes the task with its note (what was checked and decided); audited. */
  async close(auth: StaffAuth, request: Request, rawId: string, note: string) {
    const task = await this.taskInScope(auth, rawId);
    await this.db.transaction(async (tx) => {
      const row = await this.repo.close(tx, task.id, auth.staff.id, note, this.now());
      if (!row) throw new AppError(409, 'TASK_CLOSED', 'tasks.closed');
      await auditStaffAction(tx, auth, request, {
        action: 'task.close',
        subject: `task:${task.id}`,
        brandId: task.brandId,
        userId: task.userId,
        reason: note,
        details: { kind: task.kind },
      });
    });
    return this.get(auth, String(task.id));
  }

  /** A manual review of a client, raised by a member (brand-scoped, audited); assigned to nobody yet. */
  async createManualReview(auth: StaffAuth, request: Request, rawClientId: string, input: ManualReviewInput) {
    const userId = parsePathId(rawClientId);
    const brandId = userId === undefined ? undefined : await this.repo.clientBrand(userId);
    if (userId === undefined || brandId === undefined || !inBrandScope(auth.scope, brandId))
      throw new AppError(404, 'NOT_FOUND', 'staff.clientNotFound');
    const id = await this.db.transaction(async (tx) => {
      // a manual review's subject is its own: several can be open for one client
      const row = await this.repo.raise(
        {
          brandId,
          userId,
          kind: 'manual_review',
          subject: `manual:${auth.staff.id}:${this.now().getTime()}`,
          summary: input.summary,
          dueAt: dueInstant(input.dueAt),
          createdBy: auth.staff.id,
        },
        tx,
      );
      if (!row) throw new AppError(409, 'TASK_EXISTS', 'tasks.closed');
      await auditStaffAction(tx, auth, request, {
        action: 'task.create',
        subject: `task:${row.id}`,
        brandId,
        userId,
        after: { kind: 'manual_review', dueAt: row.dueAt.toISOString() },
      });
      return row.id;
    });
    return this.get(auth, String(id));
  }
}

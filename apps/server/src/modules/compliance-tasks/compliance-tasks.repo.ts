import type { ComplianceTaskKind } from '@openbroker/domain';
import { aliasedTable, and, asc, count, desc, eq, inArray, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { brands, complianceTasks, staffUsers, users } from '../../db/schema.js';

export type ComplianceTaskRow = typeof complianceTasks.$inferSelect;

/** A task with the names the lists show: the client's, the brand's slug, the assignee's and the closer's. */
export interface ComplianceTaskView extends ComplianceTaskRow {
  brandSlug: string;
  clientFirstName: string;
  clientLastName: string;
  clientPin: string;
  assigneeName: string | null;
  closedByName: string | null;
}

/** The task list's filters, already checked against the member's scope. */
export interface ComplianceTaskFilter {
  /** Brand ids in scope; null: every brand. */
  brandIds: readonly number[] | null;
  userId?: number;
  assignedTo?: number;
  kind?: ComplianceTaskKind;
  /** Open tasks due before this instant. */
  overdueAt?: Date;
  status?: 'open' | 'closed';
}

const assignee = aliasedTable(staffUsers, 'assignee');
const closer = aliasedTable(staffUsers, 'closer');

/** SQL of compliance tasks (compliance_tasks): raised by the checks or staff, assigned, closed with a note. */
export class ComplianceTasksRepo {
  constructor(readonly db: Db) {}

  /** Stores a task unless the client has an open one with the same subject; answers the new row, or undefined. */
  async raise(
    task: Pick<ComplianceTaskRow, 'brandId' | 'userId' | 'kind' | 'subject' | 'summary' | 'dueAt'> & {
      createdBy?: number | null;
    },
    tx: Db = this.db,
  ): Promise<ComplianceTaskRow | undefined> {
    const [row] = await tx.insert(complianceTasks).values(task).onConflictDoNothing().returning();
    return row;
  }

  async get(id: number): Promise<ComplianceTaskRow | undefined> {
    const [row] = await this.db.select().from(complianceTasks).where(eq(complianceTasks.id, id));
    return row;
  }

  private where(filter: ComplianceTaskFilter): SQL | undefined {
    const parts: (SQL | undefined)[] = [];
    if (filter.brandIds !== null) parts.push(inArray(complianceTasks.brandId, [...filter.brandIds, -1]));
    if (filter.userId !== undefined) parts.push(eq(complianceTasks.userId, filter.userId));
    if (filter.assignedTo !== undefined) parts.push(eq(complianceTasks.assignedTo, filter.assignedTo));
    if (filter.kind) parts.push(eq(complianceTasks.kind, filter.kind));
    if (filter.status) parts.push(eq(complianceTasks.status, filter.status));
    if (filter.overdueAt)
      parts.push(and(eq(complianceTasks.status, 'open'), lt(complianceTasks.dueAt, filter.overdueAt)));
    return and(...parts);
  }

  private viewQuery() {
    return this.db
      .select({
        task: complianceTasks,
        brandSlug: brands.slug,
        clientFirstName: users.firstName,
        clientLastName: users.lastName,
        clientPin: users.pin,
        assigneeName: assignee.name,
        closedByName: closer.name,
      })
      .from(complianceTasks)
      .innerJoin(brands, eq(brands.id, complianceTasks.brandId))
      .innerJoin(users, eq(users.id, complianceTasks.userId))
      .leftJoin(assignee, eq(assignee.id, complianceTasks.assignedTo))
      .leftJoin(closer, eq(closer.id, complianceTasks.closedBy));
  }

  private static view(r: {
    task: ComplianceTaskRow;
    brandSlug: string;
    clientFirstName: string;
    clientLastName: string;
    clientPin: string;
    assigneeName: string | null;
    closedByName: string | null;
  }): ComplianceTaskView {
    const { task, ...rest } = r;
    return { ...task, ...rest };
  }

  async view(id: number): Promise<ComplianceTaskView | undefined> {
    const [row] = await this.viewQuery().where(eq(complianceTasks.id, id));
    return row ? ComplianceTasksRepo.view(row) : undefined;
  }

  /** A page of tasks: open ones soonest due first, closed ones last closed first. */
  async list(filter: ComplianceTaskFilter, limit: number, offset: number) {
    const where = this.where(filter);
    const [rows, [total]] = await Promise.all([
      this.viewQuery()
        .where(where)
        .orderBy(
          sql`case when ${complianceTasks.status} = 'open' then 0 else 1 end`,
          asc(sql`case when ${complianceTasks.status} = 'open' then ${complianceTasks.dueAt} end`),
          desc(complianceTasks.closedAt),
          desc(complianceTasks.id),
        )
        .limit(limit)
        .offset(offset),
      this.db.select({ n: count() }).from(complianceTasks).where(where),
    ]);
    return { items: rows.map(ComplianceTasksRepo.view), total: Number(total?.n ?? 0) };
  }

  /** How many tasks match (the dashboard's counts). */
  async count(filter: ComplianceTaskFilter): Promise<number> {
    const [row] = await this.db.select({ n: count() }).from(complianceTasks).where(this.where(filter));
    return Number(row?.n ?? 0);
  }

  /** Open tasks assigned to the member or to nobody, soonest due first. */
  async next(
    brandIds: readonly number[] | null,
    staffId: number,
    limit: number,
  ): Promise<ComplianceTaskView[]> {
    const rows = await this.viewQuery()
      .where(
        and(
          this.where({ brandIds, status: 'open' }),
          or(eq(complianceTasks.assignedTo, staffId), isNull(complianceTasks.assignedTo)),
        ),
      )
      .orderBy(asc(complianceTasks.dueAt), asc(complianceTasks.id))
      .limit(limit);
    return rows.map(ComplianceTasksRepo.view);
  }

  /** Changes an open task's assignee or due date; undefined when it is not open (any more). */
  async update(
    tx: Db,
    id: number,
    patch: Partial<Pick<ComplianceTaskRow, 'assignedTo' | 'dueAt'>>,
  ): Promise<ComplianceTaskRow | undefined> {
    const [row] = await tx
      .update(complianceTasks)
      .set(patch)
      .where(and(eq(complianceTasks.id, id), eq(complianceTasks.status, 'open')))
      .returning();
    return row;
  }

  /** Closes an open task with its note; undefined when it was closed already. */
  async close(tx: Db, id: number, staffId: number, note: string, at: Date) {
    const [row] = await tx
      .update(complianceTasks)
      .set({ status: 'closed', closingNote: note, closedBy: staffId, closedAt: at })
      .where(and(eq(complianceTasks.id, id), eq(complianceTasks.status, 'open')))
      .returning();
    return row;
  }

  /** Active staff members (not disabled) with their roles and brand scope, to pick an assignee from. */
  async activeStaff() {
    return this.db
      .select({
        id: staffUsers.id,
        name: staffUsers.name,
        roles: staffUsers.roles,
        brandIds: staffUsers.brandIds,
      })
      .from(staffUsers)
      .where(isNull(staffUsers.disabledAt))
      .orderBy(asc(staffUsers.name));
  }

  /** A client's brand (the manual review's task belongs to it); undefined for a missing client. */
  async clientBrand(userId: number): Promise<number | undefined> {
    const [row] = await this.db.select({ brandId: users.brandId }).from(users).where(eq(users.id, userId));
    return row?.brandId;
  }
}

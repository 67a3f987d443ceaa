import { and, asc, eq, gte, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { staffRoleSettings, staffUsers } from '../../db/schema.js';

export type StaffRow = typeof staffUsers.$inferSelect;

export class StaffRepo {
  constructor(readonly db: Db) {}

  async byEmail(email: string): Promise<StaffRow | undefined> {
    const [row] = await this.db
      .select()
      .from(staffUsers)
      .where(sql`lower(${staffUsers.email}) = ${email.toLowerCase()}`)
      .limit(1);
    return row;
  }

  async byId(id: number): Promise<StaffRow | undefined> {
    const [row] = await this.db.select().from(staffUsers).where(eq(staffUsers.id, id)).limit(1);
    return row;
  }

  /** Inserts a member; `tx` is the caller's transaction when it is written together with its audit row. */
  async create(values: typeof staffUsers.$inferInsert, tx: Db = this.db): Promise<StaffRow> {
    const [row] = await tx.insert(staffUsers).values(values).returning();
    if (!row) throw new Error('staff insert returned nothing');
    return row;
  }

  /** Stores a new (sealed) secret for enrolment; only while two-factor sign-in is not enabled. */
  async setPendingSecret(id: number, sealedSecret: string): Promise<void> {
    await this.db
      .update(staffUsers)
      .set({ totpSecret: sealedSecret })
      .where(and(eq(staffUsers.id, id), isNull(staffUsers.totpEnabledAt)));
  }

  /** Turns two-factor sign-in on, once: false when it already was (a second confirm loses). */
  async enable(id: number, at: Date, step: number, recoveryCodeHashes: string[]): Promise<boolean> {
    const rows = await this.db
      .update(staffUsers)
      .set({ totpEnabledAt: at, totpLastStep: step, recoveryCodeHashes })
      .where(and(eq(staffUsers.id, id), isNull(staffUsers.totpEnabledAt)))
      .returning({ id: staffUsers.id });
    return rows.length === 1;
  }

  /**
   * Records the time step of an accepted code; false when that step (or a later one) was already
   * used, so a code seen over someone's shoulder cannot be replayed, even by a concurrent request.
   */
  async claimStep(id: number, step: number): Promise<boolean> {
    const rows = await this.db
      .update(staffUsers)
      .set({ totpLastStep: step })
      .where(
        and(eq(staffUsers.id, id), or(isNull(staffUsers.totpLastStep), lt(staffUsers.totpLastStep, step))),
      )
      .returning({ id: staffUsers.id });
    return rows.length === 1;
  }

  /** Uses up one recovery code (its hash); false when it is not (or no longer) there. */
  async useRecoveryCode(id: number, codeHash: string): Promise<boolean> {
    const rows = await this.db
      .update(staffUsers)
      .set({ recoveryCodeHashes: sql`${staffUsers.recoveryCodeHashes} - ${codeHash}::text` })
      .where(and(eq(staffUsers.id, id), sql`jsonb_exists(${staffUsers.recoveryCodeHashes}, ${codeHash})`))
      .returning({ id: staffUsers.id });
    return rows.length === 1;
  }

  /**
   * Counts one wrong second factor, from whatever address. The failure that reaches `threshold` locks the
   * second factor until `lockUntil(previous locks)` and starts the count again; answered then with the lock (only
   * one of concurrent failures locks). Undefined when this failure did not lock.
   */
  async recordSecondFactorFailure(
    id: number,
    threshold: number,
    lockUntil: (previousLocks: number) => Date,
  ): Promise<{ until: Date; locks: number } | undefined> {
    const [counted] = await this.db
      .update(staffUsers)
      .set({ secondFactorFailures: sql`${staffUsers.secondFactorFailures} + 1` })
      .where(eq(staffUsers.id, id))
      .returning({ failures: staffUsers.secondFactorFailures, locks: staffUsers.secondFactorLocks });
    if (!counted || counted.failures < threshold) return undefined;
    const until = lockUntil(counted.locks);
    const [locked] = await this.db
      .update(staffUsers)
      .set({
        secondFactorFailures: 0,
        secondFactorLocks: sql`${staffUsers.secondFactorLocks} + 1`,
        secondFactorLockedUntil: until,
      })
      .where(and(eq(staffUsers.id, id), gte(staffUsers.secondFactorFailures, threshold)))
      .returning({ locks: staffUsers.secondFactorLocks });
    return locked ? { until, locks: locked.locks } : undefined;
  }

  /** A good sign-in: the second-factor count and locks start again, and the time and address are kept. */
  async recordSignIn(id: number, at: Date, ip: string): Promise<void> {
    await this.db
      .update(staffUsers)
      .set({
        lastLoginAt: at,
        lastLoginIp: ip.slice(0, 64),
        secondFactorFailures: 0,
        secondFactorLocks: 0,
        secondFactorLockedUntil: null,
      })
      .where(eq(staffUsers.id, id));
  }

  /** Every member, in id order (the staff list filters them by the reader's scope). */
  listAll(): Promise<StaffRow[]> {
    return this.db.select().from(staffUsers).orderBy(asc(staffUsers.id));
  }

  /** Changes a member in the caller's transaction (with its audit row); undefined when they are gone. */
  async change(
    tx: Db,
    id: number,
    changes: Partial<typeof staffUsers.$inferInsert>,
  ): Promise<StaffRow | undefined> {
    const [row] = await tx.update(staffUsers).set(changes).where(eq(staffUsers.id, id)).returning();
    return row;
  }

  /** Sets a role's idle limit (null: back to the default) in the caller's transaction. */
  async setRoleIdleMinutes(tx: Db, role: string, minutes: number | null): Promise<void> {
    if (minutes === null) await tx.delete(staffRoleSettings).where(eq(staffRoleSettings.role, role));
    else
      await tx
        .insert(staffRoleSettings)
        .values({ role, idleMinutes: minutes })
        .onConflictDoUpdate({
          target: staffRoleSettings.role,
          set: { idleMinutes: minutes, updatedAt: new Date() },
        });
  }

  /** Each role's idle limit an administrator set (roles without one are absent). */
  async roleIdleMinutes(): Promise<Record<string, number>> {
    const rows = await this.db.select().from(staffRoleSettings);
    return Object.fromEntries(rows.map((r) => [r.role, r.idleMinutes]));
  }

  /** A new password hash; `mustChange`: an administrator's reset, to be changed at the next sign-in. */
  async setPassword(
    id: number,
    passwordHash: string,
    mustChange: boolean,
    tx: Db = this.db,
  ): Promise<StaffRow> {
    const [row] = await tx
      .update(staffUsers)
      .set({ passwordHash, passwordChangeRequired: mustChange })
      .where(eq(staffUsers.id, id))
      .returning();
    if (!row) throw new Error('staff member not found');
    return row;
  }
}

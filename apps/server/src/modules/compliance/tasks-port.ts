/**
 * How a compliance check raises a task for the compliance team (docs/compliance.md): a document about to expire, a
 * possible screening match, a client scored high risk, a manual review. The compliance tasks module implements it
 * (assigned to a member, with a due date, listed on the dashboard, closed with a note); the checks only raise.
 */
import type { ComplianceTaskKind } from '@openbroker/domain';

export interface ComplianceTaskRaise {
  brandId: number;
  userId: number;
  kind: ComplianceTaskKind;
  /**
   * What the task is about, unique per open task: raising the same subject again while its task is open changes
   * nothing (a daily expiry sweep raises once), e.g. 'document:12:expiring', 'screening:45', 'risk:high'.
   */
  subject: string;
  /** When compliance should have dealt with it. */
  dueAt: Date;
  /** A short description for the task list, in English, without personal data beyond what staff see anyway. */
  summary: string;
}

export interface ComplianceTasksPort {
  /** Raises a task unless one with the same subject is open; resolves once it is stored. */
  raise(task: ComplianceTaskRaise): Promise<void>;
}

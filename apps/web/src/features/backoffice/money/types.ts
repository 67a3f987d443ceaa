/**
 * Shapes of the back-office money, dealing, audit and staff answers (issue 13 API contract,
 * notes/common.md). Amounts are exact decimal strings ("1234.50"); dates are ISO strings.
 */
import type { PositionDto } from '@openbroker/domain';

export interface TransactionApproval {
  staffId: number;
  staffName: string;
  createdAt: string;
}

/** A deposit or withdrawal as staff see it, with its four-eyes approvals. */
export interface StaffTransaction {
  id: number;
  reference: string;
  brandId: number;
  brandSlug: string;
  userId: number;
  clientName: string;
  email: string;
  pin: string;
  typeId: number;
  typeName: string;
  statusId: number;
  statusName: string;
  /** The payment method id (spec §9: 2 bank wire, 6 withdrawal). */
  method: number | string | null;
  provider: string | null;
  amount: string;
  currency: string;
  /** What the client wrote with the request (a withdrawal's bank details). */
  comments: string | null;
  note: string | null;
  decidedBy: string | null;
  createdAt: string;
  approvals: TransactionApproval[];
  needsSecondApproval: boolean;
}

export type QueueName = 'deposits' | 'withdrawals';

export interface ApproveAnswer {
  state: 'approved' | 'awaiting-second-approval';
  transaction: StaffTransaction;
}

export const ADJUSTMENT_KINDS = [
  'bonus',
  'promotional_bonus',
  'credit',
  'correction',
  'wire_withdrawal',
  'card_withdrawal',
] as const;
export type AdjustmentKind = (typeof ADJUSTMENT_KINDS)[number];

export interface AdjustmentAnswer {
  balance: string;
  transaction: StaffTransaction | null;
}

/** An open position across clients (GET /api/backoffice/positions). */
export type StaffPosition = PositionDto & {
  userId: number;
  clientName: string;
  pin: string;
  brandSlug: string;
};

export interface ExposureRow {
  symbol: string;
  buyAmount: string | number;
  sellAmount: string | number;
  net: string | number;
  positions: number;
  profit: string | number | null;
}

export interface AuditRow {
  id: number;
  createdAt: string;
  actor: string;
  staffName: string | null;
  role: string | null;
  brandId: number | null;
  brandSlug: string | null;
  userId: number | null;
  action: string;
  subject: string | null;
  before: unknown;
  after: unknown;
  reason: string | null;
  ip: string | null;
  details: unknown;
}

export type StaffBrandScope = { all: true } | { all: false; brandIds: readonly number[] };

export interface StaffMember {
  id: number;
  email: string;
  name: string;
  roles: string[];
  brandScope: StaffBrandScope;
  twoFactorEnabled: boolean;
  disabled: boolean;
  createdAt: string;
}

export interface StaffCreated {
  staff: StaffMember;
  password: string;
  enrolUrl: string;
}

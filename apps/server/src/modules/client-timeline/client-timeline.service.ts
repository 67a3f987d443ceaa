/**
 * The back office's client timeline (docs/compliance.md "Client timeline"): sign-ins, uploads, deposits and
 * withdrawal requests, trading per day and account, staff actions and notes, merged newest first. Each part is read
 * from the repository that owns its table; a page takes the newest TIMELINE_PAGE_SIZE entries before `before`.
 */
import {
  TIMELINE_PAGE_SIZE,
  type TimelineEntry,
  type TimelineKind,
  type TimelinePage,
  type TimelineQuery,
  TRANSACTION_TABS,
  transactionStatusName,
} from '@openbroker/domain';
import type { Db } from '../../db/client.js';
import { ClientsRepo } from '../accounts/admin/clients-admin.repo.js';
import { DocumentsRepo } from '../kyc/documents.repo.js';
import { PaymentsRepo } from '../payments/payments.repo.js';
import { SessionsRepo } from '../sessions/sessions.repo.js';
import { dailyTradingActivity } from '../trading/trading.repo.js';

const withdrawalTypes: readonly number[] = TRANSACTION_TABS.withdrawals;

export class ClientTimelineService {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** One page of the client's timeline (the client's brand scope is checked by the caller). */
  async page(userId: number, query: TimelineQuery): Promise<TimelinePage> {
    const before = query.before ? new Date(query.before) : new Date(this.now().getTime() + 1);
    const limit = TIMELINE_PAGE_SIZE;
    const wants = (kind: TimelineKind) => !query.kind || query.kind === kind;
    const none = async () => [] as TimelineEntry[];
    const parts = await Promise.all([
      wants('login')
        ? new SessionsRepo(this.db).signInsOf(userId, before, limit).then((rows) =>
            rows.map(
              (r): TimelineEntry => ({
                id: `login:${r.id}`,
                at: r.createdAt.toISOString(),
                kind: 'login',
                ip: r.ip,
                device: r.info,
              }),
            ),
          )
        : none(),
      wants('upload')
        ? new DocumentsRepo(this.db).uploadsBefore(userId, before, limit).then((rows) =>
            rows.map(
              (r): TimelineEntry => ({
                id: `upload:${r.id}`,
                at: r.createdAt.toISOString(),
                kind: 'upload',
                documentType: r.type,
                status: r.status,
              }),
            ),
          )
        : none(),
      wants('money')
        ? new PaymentsRepo(this.db).timeline(userId, before, limit).then((rows) =>
            rows.map(
              (r): TimelineEntry => ({
                id: `money:${r.id}`,
                at: r.createdAt.toISOString(),
                kind: 'money',
                direction: withdrawalTypes.includes(r.typeId) ? 'withdrawal' : 'deposit',
                reference: r.reference,
                status: transactionStatusName(r.statusId),
                amount: r.amount.replace(/^-/, ''),
                currency: r.currency,
              }),
            ),
          )
        : none(),
      wants('trading')
        ? dailyTradingActivity(this.db, userId, before, limit).then((rows) =>
            rows.map(
              (r): TimelineEntry => ({
                id: `trading:${r.accountId}:${r.day.toISOString().slice(0, 10)}`,
                at: r.day.toISOString(),
                kind: 'trading',
                accountNumber: r.accountNumber,
                opens: r.opens,
                closes: r.closes,
                volume: r.volume,
                currency: r.currency,
              }),
            ),
          )
        : none(),
      wants('staff')
        ? new ClientsRepo(this.db).staffActionsBefore(userId, before, limit).then((rows) =>
            rows.map(
              (r): TimelineEntry => ({
                id: `staff:${r.id}`,
                at: r.createdAt.toISOString(),
                kind: 'staff',
                action: r.action,
                who: r.staffName ?? r.actor,
                reason: r.reason,
              }),
            ),
          )
        : none(),
      wants('note')
        ? new ClientsRepo(this.db).notesBefore(userId, before, limit).then((rows) =>
            rows.map(
              (r): TimelineEntry => ({
                id: `note:${r.id}`,
                at: r.createdAt.toISOString(),
                kind: 'note',
                who: r.staffName,
                body: r.body,
              }),
            ),
          )
        : none(),
    ]);
    const merged = parts.flat().sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : a.id < b.id ? 1 : -1));
    const items = merged.slice(0, limit);
    const last = items[items.length - 1];
    return { items, nextBefore: merged.length > limit && last ? last.at : null };
  }
}

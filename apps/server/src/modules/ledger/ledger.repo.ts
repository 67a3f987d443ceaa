import { PAYMENT_METHOD, TRANSACTION_STATUS, TRANSACTION_TABS } from '@openbroker/domain';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { tradingAccounts } from '../../db/schema.js';
import { SEED_ENTRIES } from './seed-entries.js';

/** An entry to append; amounts are NUMERIC text (exact). */
export interface EntryInsert {
  /** The trading account it books on (the owner's user_id is written beside it from the account). */
  accountId: number;
  kind: string;
  amount: string;
  positionId: number | null;
  reference: string | null;
}

/**
 * SQL of the ledger (style §4): the one place that writes `ledger_entries` and `trading_accounts.balance`, and the read-only
 * queries that check them (ledger.verify.ts).
 */
export class LedgerRepo {
  /**
   * Moves the balance by the amount — NUMERIC arithmetic in the database, under the row lock the update takes — and
   * appends the entry with the balance after it. Undefined when the account does not exist (nothing written).
   */
  async append(tx: Db, entry: EntryInsert): Promise<{ id: number; balanceAfter: string } | undefined> {
    return (await this.appendAll(tx, entry.accountId, [entry]))?.[0];
  }

  /**
   * Several entries of one account (a close with its negative balance protection) in ONE statement: the
   * balance moves by their sum and each entry is appended, in the given order, with the balance after it (the
   * running balance, exactly as one `append` after the other would give). Undefined when the account does not exist
   * (nothing written).
   */
  async appendAll(
    tx: Db,
    accountId: number,
    entries: readonly Omit<EntryInsert, 'accountId'>[],
  ): Promise<{ id: number; balanceAfter: string }[] | undefined> {
    if (entries.length === 0) return [];
    const values = sql.join(
      entries.map(
        (e, i) =>
          sql`(${i}::int, ${e.kind}::varchar, ${e.amount}::numeric, ${e.positionId}::int, ${e.reference}::varchar)`,
      ),
      sql`, `,
    );
    // the later entries' amounts are taken off the new balance: balance_after is the running balance
    const rows = await query<{ id: number | string; balance_after: string }>(
      tx,
      sql`
      with v(ord, kind, amount, position_id, reference) as (values ${values}),
      acc as (
        update trading_accounts set balance = trading_accounts.balance + (select sum(v.amount) from v)
        where trading_accounts.id = ${accountId} returning trading_accounts.balance, trading_accounts.user_id
      )
      insert into ledger_entries (user_id, account_id, kind, amount, position_id, reference, balance_after)
      select acc.user_id, ${accountId}::int, v.kind, v.amount, v.position_id, v.reference,
             acc.balance - coalesce(sum(v.amount) over (order by v.ord rows between 1 following and unbounded following), 0)
      from acc, v order by v.ord
      returning id, balance_after::text as balance_after`,
    );
    if (rows.length === 0) return undefined;
    if (rows.length !== entries.length) throw new Error('ledger: entry insert returned nothing');
    // ids follow the insertion order (one sequence, one statement)
    return rows.map((r) => ({ id: Number(r.id), balanceAfter: r.balance_after })).sort((a, b) => a.id - b.id);
  }

  async balance(db: Db, accountId: number): Promise<string | undefined> {
    const [row] = await db
      .select({ balance: tradingAccounts.balance })
      .from(tradingAccounts)
      .where(eq(tradingAccounts.id, accountId));
    return row?.balance;
  }

  /**
   * Every trading account with its number, currency, balance and the sum and count of its entries (ledger:verify). No
   * personal data: the output is printed and may be kept in logs.
   */
  async accountTotals(db: Db) {
    const rows = await query<{
      account_id: number;
      number: string;
      currency: string;
      balance: string;
      ledger: string;
      entries: number | string;
    }>(
      db,
      sql`
      select a.id as account_id, a.number, a.currency, a.balance::text as balance,
             coalesce(sum(l.amount), 0)::numeric(20,2)::text as ledger, count(l.id) as entries
      from trading_accounts a
      left join ledger_entries l on l.account_id = a.id
      group by a.id, a.number, a.currency, a.balance
      order by a.id`,
    );
    return rows.map((r) => ({
      accountId: Number(r.account_id),
      number: r.number,
      currency: r.currency,
      balance: r.balance,
      ledger: r.ledger,
      entries: Number(r.entries),
    }));
  }

  /** Trading accounts whose balance differs from the sum of their entries (architecture §6 invariant). */
  async balanceDifferences(
    db: Db,
  ): Promise<{ accountId: number; number: string; userId: number; balance: string; ledger: string }[]> {
    const rows = await query<{
      account_id: number;
      number: string;
      user_id: number;
      balance: string;
      ledger: string;
    }>(
      db,
      sql`
      select a.id as account_id, a.number, a.user_id, a.balance::text as balance,
             coalesce(sum(l.amount), 0)::numeric(20,2)::text as ledger
      from trading_accounts a
      left join ledger_entries l on l.account_id = a.id
      group by a.id, a.number, a.user_id, a.balance
      having a.balance <> coalesce(sum(l.amount), 0)
      order by a.id`,
    );
    return rows.map((r) => ({
      accountId: Number(r.account_id),
      number: r.number,
      userId: Number(r.user_id),
      balance: r.balance,
      ledger: r.ledger,
    }));
  }

  /** Entries whose balance_after is not the previous entry's (0 before the first) plus their amount. */
  brokenChain(db: Db) {
    return query<{ id: number; account_id: number; balance_after: string; expected: string }>(
      db,
      sql`
      select id, account_id, balance_after::text as balance_after, expected::numeric(20,2)::text as expected
      from (
        select id, account_id, balance_after,
               coalesce(lag(balance_after) over (partition by account_id order by id), 0) + amount as expected
        from ledger_entries
      ) chained
      where balance_after <> expected
      order by account_id, id`,
    );
  }

  /**
   * Closed positions whose entries are not exactly one realised_pnl of their profit and, for a shortfall, exactly
   * one negative_balance_protection of it (none without), all on the position's own account.
   */
  closedPositionMismatches(db: Db) {
    return query<{
      id: number;
      account_id: number;
      profit: string | null;
      shortfall: string | null;
      pnl_count: number;
      pnl_sum: string;
      nbp_count: number;
      nbp_sum: string;
      foreign_count: number;
    }>(
      db,
      sql`
      select p.id, p.account_id, p.profit::text as profit, p.shortfall::text as shortfall,
             count(l.id) filter (where l.kind = 'realised_pnl')::int as pnl_count,
             coalesce(sum(l.amount) filter (where l.kind = 'realised_pnl'), 0)::numeric(20,2)::text as pnl_sum,
             count(l.id) filter (where l.kind = 'negative_balance_protection')::int as nbp_count,
             coalesce(sum(l.amount) filter (where l.kind = 'negative_balance_protection'), 0)::numeric(20,2)::text
               as nbp_sum,
             count(l.id) filter (where l.account_id <> p.account_id
               or l.kind not in ('realised_pnl', 'negative_balance_protection', 'commission', 'swap'))::int
               as foreign_count
      from positions p left join ledger_entries l on l.position_id = p.id
      where p.closed_at is not null
      group by p.id, p.account_id, p.profit, p.shortfall
      having count(l.id) filter (where l.kind = 'realised_pnl') <> 1
          or coalesce(sum(l.amount) filter (where l.kind = 'realised_pnl'), 0) <> coalesce(p.profit, 0)
          or count(l.id) filter (where l.kind = 'negative_balance_protection')
             <> case when coalesce(p.shortfall, 0) > 0 then 1 else 0 end
          or coalesce(sum(l.amount) filter (where l.kind = 'negative_balance_protection'), 0)
             <> coalesce(p.shortfall, 0)
          or count(l.id) filter (where l.account_id <> p.account_id
               or l.kind not in ('realised_pnl', 'negative_balance_protection', 'commission', 'swap')) > 0
      order by p.id`,
    );
  }

  /**
   * Close entries on a position that is still open, or position kinds without a position (commissions and swaps
   * are booked while a position is open, so only their position is required).
   */
  positionEntriesWithoutClose(db: Db) {
    return query<{ id: number; account_id: number; position_id: number | null; kind: string }>(
      db,
      sql`
      select l.id, l.account_id, l.position_id, l.kind
      from ledger_entries l left join positions p on p.id = l.position_id
      where (l.position_id is not null and p.closed_at is null and l.kind not in ('commission', 'swap'))
         or (l.kind in ('realised_pnl', 'negative_balance_protection', 'commission', 'swap')
             and (l.position_id is null or p.id is null))
      order by l.id`,
    );
  }

  /**
   * Positions (open or closed) whose charges disagree with their entries: the commission column is
   * −Σ commission entries (at most one), the swap column Σ swap entries, each swap entry's reference names its
   * own position ('swap:<position>:<day>'), and every charge is on the position's own account.
   */
  positionChargeMismatches(db: Db) {
    return query<{
      id: number;
      account_id: number;
      commission: string;
      commission_sum: string;
      commission_count: number;
      swap: string;
      swap_sum: string;
      misfiled: number;
    }>(
      db,
      sql`
      select p.id, p.account_id, p.commission::text as commission, p.swap::text as swap,
             coalesce(-sum(l.amount) filter (where l.kind = 'commission'), 0)::numeric(20,2)::text
               as commission_sum,
             count(l.id) filter (where l.kind = 'commission')::int as commission_count,
             coalesce(sum(l.amount) filter (where l.kind = 'swap'), 0)::numeric(20,2)::text as swap_sum,
             count(l.id) filter (where l.kind in ('commission', 'swap') and (l.account_id <> p.account_id
               or (l.kind = 'swap' and l.reference not like 'swap:' || p.id::text || ':%')))::int as misfiled
      from positions p left join ledger_entries l on l.position_id = p.id and l.kind in ('commission', 'swap')
      group by p.id, p.account_id, p.commission, p.swap
      having coalesce(-sum(l.amount) filter (where l.kind = 'commission'), 0) <> p.commission
          or count(l.id) filter (where l.kind = 'commission') > 1
          or coalesce(sum(l.amount) filter (where l.kind = 'swap'), 0) <> p.swap
          or count(l.id) filter (where l.kind in ('commission', 'swap') and (l.account_id <> p.account_id
               or (l.kind = 'swap' and l.reference not like 'swap:' || p.id::text || ':%'))) > 0
      order by p.id`,
    );
  }

  /**
   * Deposits (spec §9 deposit type ids) that are approved without exactly one deposit entry of their amount on
   * their account, or not approved (pending, declined, cancelled) with any.
   */
  depositMismatches(db: Db) {
    return query<{
      id: number;
      reference: string;
      account_id: number;
      status_id: number;
      amount: string;
      entries: number;
      total: string;
      foreign_count: number;
    }>(
      db,
      sql`
      select t.id, t.reference, t.account_id, t.status_id, t.amount::text as amount,
             count(l.id)::int as entries, coalesce(sum(l.amount), 0)::numeric(20,2)::text as total,
             count(l.id) filter (where l.account_id <> t.account_id)::int as foreign_count
      from transactions t
      left join ledger_entries l on l.kind = 'deposit' and l.reference = 'tx:' || t.reference
      where t.type_id in (${inList(TRANSACTION_TABS.deposits)})
        and t.method <> ${PAYMENT_METHOD.withdraw}
      group by t.id, t.reference, t.account_id, t.status_id, t.amount
      having case when t.status_id = ${TRANSACTION_STATUS.approved}
               then count(l.id) <> 1 or coalesce(sum(l.amount), 0) <> t.amount
                    or count(l.id) filter (where l.account_id <> t.account_id) > 0
               else count(l.id) > 0 end
      order by t.id`,
    );
  }

  /**
   * Withdrawals (spec §9 withdrawal type ids) without exactly one reservation entry of their (negative) amount, or
   * whose refund is wrong: a declined or cancelled one needs exactly one withdrawal_reversal of −amount, any other
   * none. All on the withdrawal's own account.
   */
  withdrawalMismatches(db: Db) {
    return query<{
      id: number;
      reference: string;
      account_id: number;
      status_id: number;
      amount: string;
      reserved: number;
      reserved_sum: string;
      refunded: number;
      refunded_sum: string;
      foreign_count: number;
    }>(
      db,
      sql`
      select t.id, t.reference, t.account_id, t.status_id, t.amount::text as amount,
             count(l.id) filter (where l.kind = 'withdrawal')::int as reserved,
             coalesce(sum(l.amount) filter (where l.kind = 'withdrawal'), 0)::numeric(20,2)::text as reserved_sum,
             count(l.id) filter (where l.kind = 'withdrawal_reversal')::int as refunded,
             coalesce(sum(l.amount) filter (where l.kind = 'withdrawal_reversal'), 0)::numeric(20,2)::text
               as refunded_sum,
             count(l.id) filter (where l.account_id <> t.account_id)::int as foreign_count
      from transactions t
      left join ledger_entries l on
        (l.kind = 'withdrawal' and l.reference = 'tx:' || t.reference)
        or (l.kind = 'withdrawal_reversal' and l.reference = 'tx:' || t.reference || ':reversal')
      where t.type_id in (${inList(TRANSACTION_TABS.withdrawals)})
      group by t.id, t.reference, t.account_id, t.status_id, t.amount
      having count(l.id) filter (where l.kind = 'withdrawal') <> 1
          or coalesce(sum(l.amount) filter (where l.kind = 'withdrawal'), 0) <> t.amount
          or count(l.id) filter (where l.kind = 'withdrawal_reversal')
             <> case when t.status_id in (${TRANSACTION_STATUS.declined}, ${TRANSACTION_STATUS.cancelled})
                then 1 else 0 end
          or coalesce(sum(l.amount) filter (where l.kind = 'withdrawal_reversal'), 0)
             <> case when t.status_id in (${TRANSACTION_STATUS.declined}, ${TRANSACTION_STATUS.cancelled})
                then -t.amount else 0 end
          or count(l.id) filter (where l.account_id <> t.account_id) > 0
      order by t.id`,
    );
  }

  /**
   * Payment entries whose cause is missing: a deposit, withdrawal or refund whose reference names no transaction of
   * the right kind on the same account. The seed's own deposits (SEED_ENTRIES) are excepted only as the seed books
   * them: the exact reference and amount, the first entry of its account, and the only entry with that reference in
   * the database; any other 'seed:' entry is reported.
   */
  paymentEntriesWithoutCause(db: Db) {
    const deposits = inList(TRANSACTION_TABS.deposits);
    const withdrawals = inList(TRANSACTION_TABS.withdrawals);
    const seeded = sql.join(
      Object.entries(SEED_ENTRIES).map(
        ([cause, entry]) =>
          sql`(l.kind = ${entry.kind} and l.reference = ${`seed:${cause}`} and l.amount = ${entry.amount}::numeric)`,
      ),
      sql` or `,
    );
    return query<{ id: number; account_id: number; kind: string; reference: string | null }>(
      db,
      sql`
      select l.id, l.account_id, l.kind, l.reference
      from ledger_entries l
      where l.kind in ('deposit', 'withdrawal', 'withdrawal_reversal')
        and not ((${seeded})
          and l.id = (select min(s.id) from ledger_entries s where s.reference = l.reference)
          and l.id = (select min(f.id) from ledger_entries f where f.account_id = l.account_id))
        and not exists (
          select 1 from transactions t
          where t.account_id = l.account_id and (
            (l.kind = 'deposit' and t.type_id in (${deposits}) and l.reference = 'tx:' || t.reference)
            or (l.kind = 'withdrawal' and t.type_id in (${withdrawals}) and l.reference = 'tx:' || t.reference)
            or (l.kind = 'withdrawal_reversal' and t.type_id in (${withdrawals})
                and l.reference = 'tx:' || t.reference || ':reversal')))
      order by l.id`,
    );
  }

  /**
   * Bonus, credit and adjustment entries whose cause is missing. A bonus, credit or correction is caused by an
   * approved transaction of its kind (spec §9 bonus and credit type ids, our correction type) on the same
   * account and of the same amount
   * ('tx:TX-…'); any of the three by a staff action ('staff:<audit row id>': the audit_log row recording it, about
   * this account, 'user:<id>'). Anything else — a staff reference no audit row backs, a pending or declined
   * transaction, no reference — is without a verifiable cause.
   */
  adjustmentEntriesWithoutCause(db: Db) {
    const bonuses = inList(TRANSACTION_TABS.bonuses);
    const credits = inList(TRANSACTION_TABS.credits);
    const corrections = inList(TRANSACTION_TABS.corrections);
    return query<{ id: number; account_id: number; kind: string; reference: string | null }>(
      db,
      sql`
      select l.id, l.account_id, l.kind, l.reference
      from ledger_entries l
      where l.kind in ('bonus', 'credit', 'adjustment')
        and not exists (
          select 1 from transactions t
          where t.account_id = l.account_id and l.reference = 'tx:' || t.reference
            and t.status_id = ${TRANSACTION_STATUS.approved} and t.amount = l.amount
            and ((l.kind = 'bonus' and t.type_id in (${bonuses}))
              or (l.kind = 'credit' and t.type_id in (${credits}))
              or (l.kind = 'adjustment' and t.type_id in (${corrections}))))
        and not exists (
          select 1 from audit_log a
          where l.reference = 'staff:' || a.id::text and a.subject = 'user:' || l.user_id::text)
      order by l.id`,
    );
  }

  /**
   * Transfer entries without their transfer: a 'transfer' entry must be the debit (−debit_amount on the
   * source) or the credit (+credit_amount on the target) of the account_transfers row its reference names.
   */
  transferEntriesWithoutTransfer(db: Db) {
    return query<{ id: number; account_id: number; amount: string; reference: string | null }>(
      db,
      sql`
      select l.id, l.account_id, l.amount::text as amount, l.reference
      from ledger_entries l
      where l.kind = 'transfer' and not exists (
        select 1 from account_transfers t
        where l.reference = 'transfer:' || t.id::text
          and ((t.from_account_id = l.account_id and l.amount = -t.debit_amount)
            or (t.to_account_id = l.account_id and l.amount = t.credit_amount)))
      order by l.id`,
    );
  }

  /** Transfers that do not have exactly their two entries (a debit and a credit). */
  transfersWithoutTwoEntries(db: Db) {
    return query<{ id: number; account_id: number; entries: number | string }>(
      db,
      sql`
      select t.id, t.from_account_id as account_id, count(l.id) as entries
      from account_transfers t
      left join ledger_entries l on l.kind = 'transfer' and l.reference = 'transfer:' || t.id::text
      group by t.id, t.from_account_id
      having count(l.id) <> 2
      order by t.id`,
    );
  }

  /** Virtual money booked on a live account: 'demo_funds' belongs to demo accounts only. */
  demoFundsOnLiveAccounts(db: Db) {
    return query<{ id: number; account_id: number }>(
      db,
      sql`
      select l.id, l.account_id
      from ledger_entries l join trading_accounts a on a.id = l.account_id
      where l.kind = 'demo_funds' and a.kind <> 'demo'
      order by l.id`,
    );
  }

  /** Entries of a kind the ledger never books: no check above would look at them. */
  entriesOfUnknownKind(db: Db, kinds: readonly string[]) {
    return query<{ id: number; account_id: number; kind: string; reference: string | null }>(
      db,
      sql`
      select l.id, l.account_id, l.kind, l.reference
      from ledger_entries l
      where l.kind not in (${sql.join(
        kinds.map((kind) => sql`${kind}`),
        sql`, `,
      )})
      order by l.id`,
    );
  }
}

const inList = (ids: readonly number[]) =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );

/** Runs a raw query; `execute` answers `{rows}` on both drivers (PGlite and node-postgres). */
async function query<T>(db: Db, statement: ReturnType<typeof sql>): Promise<T[]> {
  const result = await db.execute(statement);
  return (result as unknown as { rows: T[] }).rows;
}

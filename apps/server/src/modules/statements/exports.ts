/**
 * CSV exports of the client area's lists: the transactions of one tab (/transactions/{type}) and the trade history
 * (the terminal's history list): the same rows as the page, with times in ISO UTC and each amount with its currency,
 * written by the statement's CSV writer (RFC 4180, formula-safe cells).
 */
import {
  closingReasonLabel,
  type PositionDto,
  type TransactionDto,
  type TransactionTab,
  toMoneyString,
  transactionSign,
  typeIdsForTab,
} from '@openbroker/domain';
import { csvLine } from '../../lib/csv.js';

/** The transactions a tab lists, in the list's order (newest first), as the page filters them. */
export function transactionsOfTab(rows: readonly TransactionDto[], tab: TransactionTab): TransactionDto[] {
  const ids: readonly number[] = typeIdsForTab(tab);
  return rows.filter((row) => ids.includes(row.transaction_type_id));
}

/** An amount as the statement writes it: exact decimal, two places, rounded half up. */
const amountText = (value: number) => toMoneyString(value);

/** A tab's transactions as CSV: a header row, then one line per transaction as the page lists it. */
export function transactionsCsv(rows: readonly TransactionDto[], tab: TransactionTab): string {
  const lines: unknown[][] = [
    ['number', 'amount', 'currency', 'type', 'status', 'note', 'transaction id', 'time (UTC)'],
  ];
  transactionsOfTab(rows, tab).forEach((row, index) => {
    lines.push([
      index + 1,
      amountText(transactionSign(row.transaction_type_id) * Math.abs(row.amount)),
      row.currency,
      row.transaction_type.name,
      row.transaction_status.name,
      row.status_note ?? '',
      row.transaction_id,
      new Date(row.created_at).toISOString(),
    ]);
  });
  return lines.map(csvLine).join('');
}

const iso = (value: string | null) => (value === null ? '' : new Date(value).toISOString());

/** The closed positions of the history list as CSV (newest first), amounts in the account's currency. */
export function historyCsv(rows: readonly PositionDto[], currency: string): string {
  const lines: unknown[][] = [
    [
      'position',
      'symbol',
      'direction',
      'amount',
      'leverage',
      'open price',
      'opened (UTC)',
      'close price',
      'closed (UTC)',
      'reason',
      'profit',
      'commission',
      'swap',
      'currency',
      'part of',
    ],
  ];
  for (const p of rows)
    lines.push([
      p.id,
      p.symbol,
      p.direction,
      amountText(p.amount),
      p.leverage,
      p.open_rate,
      iso(p.open_date),
      p.closed_rate ?? '',
      iso(p.close_date),
      p.part_of != null ? 'Partial close' : closingReasonLabel(p.closingReason),
      p.profit === null ? '' : amountText(p.profit),
      amountText(Math.abs(p.commission ?? 0)),
      amountText(p.swap ?? 0),
      currency,
      p.part_of ?? '',
    ]);
  return lines.map(csvLine).join('');
}

import { asc, gt } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { auditLog } from '../../db/schema.js';
import { auditChainOf, readChainStart } from './audit-chain.js';
import type { AuditHead, ChainStart, CheckpointLines, ReadCheckpoint } from './audit-checkpoint.js';
import { legacyAuditHash } from './audit-hash.js';

/** How a row breaks the chain. */
export type RowProblem = 'hash' | 'link' | 'unchained';

/** Up to this many row ids are named per kind of problem. */
const NAMED_IDS = 10;

/** What is wrong beyond single rows: the start record and the checkpoints kept outside the table. */
export type AuditFinding =
  | { kind: 'start-missing' }
  | { kind: 'start-changed'; recorded: ChainStart; checkpoint: ReadCheckpoint }
  | { kind: 'rows-removed'; checkpoint: ReadCheckpoint; head: AuditHead | undefined }
  | { kind: 'checkpointed-row-missing'; checkpoint: ReadCheckpoint; others: number }
  | { kind: 'checkpoint-differs'; checkpoint: ReadCheckpoint; hash: string; rows: number; others: number }
  | { kind: 'forged-checkpoints'; lines: Array<{ source: string; line: number }> };

export interface AuditChainReport {
  ok: boolean;
  /** Rows whose hash was checked (keyed and, before the key, legacy). */
  checked: number;
  /** Rows hashed with AUDIT_KEY. */
  keyed: number;
  /** Rows from before AUDIT_KEY, checked with the old unkeyed SHA-256 (a database from before decision 0024). */
  legacy: number;
  /** Rows written before the chain existed (migration 0006), not verifiable. */
  unchained: number;
  /** The table as it is: last row and count (undefined when empty). */
  head?: AuditHead;
  /** The start record in the database (undefined when it is missing). */
  start?: ChainStart;
  /** The first row that breaks the chain: edited, inserted out of band, hash blanked, or after a removed row. */
  brokenAt?: { id: number; reason: RowProblem };
  /** Every broken row by kind: how many, and the first ids. */
  rowProblems: Partial<Record<RowProblem, { count: number; ids: number[] }>>;
  /** Problems beyond single rows (removed newest rows, truncation, a changed start, forged checkpoints). */
  findings: AuditFinding[];
  /** The checkpoints compared: how many, the latest, where they were read, and unreadable lines. */
  checkpoints: { compared: number; latest?: ReadCheckpoint; sources: string[]; unreadable: number };
}

export interface VerifyOptions {
  /** Rows read per query. */
  batch?: number;
  /** More checkpoints to compare with, e.g. the `audit head` lines of a log (audit:verify --checkpoints). */
  extra?: CheckpointLines & { source: string };
}

/**
 * Walks the audit log in id order and recomputes every hash: keyed with AUDIT_KEY from the chain's keyed
 * start on, the old unkeyed SHA-256 between its hashed start and its keyed start, none before (rows from
 * before the chain). An edited row fails its hash (and, without the key, so does every row hashed again
 * after it); a removed row breaks the next row's link; a row with no hash after the chain started was
 * blanked or written around `writeAudit`. Then the head is compared with every checkpoint written outside
 * the table: fewer rows or a lower last id than a checkpoint recorded means the newest rows were removed or
 * the table truncated, a checkpointed row with another hash means the chain was rewritten, and a start
 * record that differs from the checkpoints' was changed.
 */
export async function verifyAuditChain(db: Db, options: VerifyOptions = {}): Promise<AuditChainReport> {
  const chain = auditChainOf(db);
  chain.assertKeyed();
  // the checkpoints of appends made so far by this process are written first
  await chain.idle();
  const { key } = chain.settings;
  const stored = await chain.settings.checkpoints.readAll(key);
  const lines: CheckpointLines = {
    checkpoints: [...stored.checkpoints, ...(options.extra?.checkpoints ?? [])],
    forged: [...stored.forged, ...(options.extra?.forged ?? [])],
    unreadable: [...stored.unreadable, ...(options.extra?.unreadable ?? [])],
  };
  const findings: AuditFinding[] = [];
  const recorded = await readChainStart(db);
  const latestCheckpoint = lines.checkpoints.reduce<ReadCheckpoint | undefined>(
    (latest, c) =>
      !latest || c.lastId > latest.lastId || (c.lastId === latest.lastId && c.at > latest.at) ? c : latest,
    undefined,
  );
  if (!recorded) findings.push({ kind: 'start-missing' });
  else {
    const changed = lines.checkpoints.filter(
      (c) => c.keyedFrom > 0 && (c.keyedFrom !== recorded.keyedFrom || c.hashedFrom !== recorded.hashedFrom),
    );
    const last = changed.at(-1);
    if (last) findings.push({ kind: 'start-changed', recorded, checkpoint: last });
  }
  // without its record, the start the checkpoints name; without those, the strictest: every row keyed
  const fromCheckpoint = lines.checkpoints.findLast((c) => c.keyedFrom > 0);
  const start = recorded ?? fromCheckpoint ?? { hashedFrom: 1, keyedFrom: 1 };

  const byLastId = new Map<number, ReadCheckpoint[]>();
  for (const c of lines.checkpoints) byLastId.set(c.lastId, [...(byLastId.get(c.lastId) ?? []), c]);
  const differing: Array<{ checkpoint: ReadCheckpoint; hash: string; rows: number }> = [];
  const met = new Set<number>();

  const rowProblems: AuditChainReport['rowProblems'] = {};
  let brokenAt: AuditChainReport['brokenAt'];
  const problem = (id: number, reason: RowProblem) => {
    brokenAt ??= { id, reason };
    const entry = rowProblems[reason] ?? { count: 0, ids: [] };
    rowProblems[reason] = entry;
    entry.count++;
    if (entry.ids.length < NAMED_IDS) entry.ids.push(id);
  };

  const batch = options.batch ?? 1000;
  let afterId = 0;
  // the previous chained row's hash; undefined before the first one, or after a row without one
  let prevHash: string | undefined;
  let linkKnown = true;
  let rows = 0;
  let keyed = 0;
  let legacy = 0;
  let unchained = 0;
  let head: AuditHead | undefined;
  for (;;) {
    const page = await db
      .select()
      .from(auditLog)
      .where(gt(auditLog.id, afterId))
      .orderBy(asc(auditLog.id))
      .limit(batch);
    if (page.length === 0) break;
    for (const row of page) {
      afterId = row.id;
      rows++;
      head = { lastId: row.id, rows, hash: row.hash };
      for (const c of byLastId.get(row.id) ?? []) {
        met.add(row.id);
        if (c.hash !== row.hash || c.rows !== rows) differing.push({ checkpoint: c, hash: row.hash, rows });
      }
      if (row.hash === '') {
        if (row.id < start.hashedFrom && row.prevHash === '' && prevHash === undefined) unchained++;
        else {
          problem(row.id, 'unchained');
          // the next row follows a hash nobody can see now: its link cannot be checked
          linkKnown = false;
          prevHash = undefined;
        }
        continue;
      }
      if (linkKnown && row.prevHash !== (prevHash ?? '')) problem(row.id, 'link');
      const isKeyed = row.id >= start.keyedFrom;
      const expected = isKeyed ? chain.rowHash(row) : legacyAuditHash(row);
      if (expected !== row.hash) problem(row.id, 'hash');
      else if (isKeyed) keyed++;
      else legacy++;
      prevHash = row.hash;
      linkKnown = true;
    }
  }

  // checkpoints naming a row the walk did not meet: the newest rows were removed, or a row in between
  const missing = lines.checkpoints.filter((c) => !met.has(c.lastId));
  const removedNewest = missing.filter((c) => !head || c.lastId > head.lastId);
  const removedInside = missing.filter((c) => head && c.lastId <= head.lastId);
  const newestRemoved = removedNewest.reduce<ReadCheckpoint | undefined>(
    (latest, c) => (!latest || c.rows > latest.rows ? c : latest),
    undefined,
  );
  if (newestRemoved) findings.push({ kind: 'rows-removed', checkpoint: newestRemoved, head });
  const firstInside = removedInside[0];
  if (firstInside)
    findings.push({
      kind: 'checkpointed-row-missing',
      checkpoint: firstInside,
      others: removedInside.length - 1,
    });
  const firstDiffering = differing[0];
  if (firstDiffering)
    findings.push({ kind: 'checkpoint-differs', ...firstDiffering, others: differing.length - 1 });
  if (lines.forged.length > 0) findings.push({ kind: 'forged-checkpoints', lines: lines.forged });

  const sources = [chain.settings.checkpoints.describe, ...(options.extra ? [options.extra.source] : [])];
  return {
    ok: brokenAt === undefined && findings.length === 0,
    checked: keyed + legacy,
    keyed,
    legacy,
    unchained,
    ...(head ? { head } : {}),
    ...(recorded ? { start: recorded } : {}),
    ...(brokenAt ? { brokenAt } : {}),
    rowProblems,
    findings,
    checkpoints: {
      compared: lines.checkpoints.length,
      ...(latestCheckpoint ? { latest: latestCheckpoint } : {}),
      sources,
      unreadable: lines.unreadable.length,
    },
  };
}

const idList = (ids: number[], count: number) =>
  `${ids.map((id) => `#${id}`).join(', ')}${count > ids.length ? `, … (${count - ids.length} more)` : ''}`;

const checkpointName = (c: ReadCheckpoint) => `the checkpoint of ${c.at} (${c.source}, line ${c.line})`;

/** Why a row breaks the chain, as the first line of audit:verify says it. */
function rowWhy(reason: RowProblem, start: ChainStart | undefined): string {
  switch (reason) {
    case 'hash':
      return 'its content does not match its hash (edited)';
    case 'link':
      return "it does not follow the previous row's hash (a row before it was removed or changed)";
    case 'unchained':
      return start
        ? `it has no hash, though every row from #${start.hashedFrom} on must have one (blanked, or written around the audit log)`
        : 'it has no hash (blanked, or written around the audit log)';
  }
}

function findingWords(finding: AuditFinding): string {
  switch (finding.kind) {
    case 'start-missing':
      return "the chain's start record (table audit_chain, written by migration 0013) is missing: it was removed";
    case 'start-changed': {
      const { recorded, checkpoint } = finding;
      return `the chain's start record says hashed from row #${recorded.hashedFrom} and keyed from row #${recorded.keyedFrom}, but ${checkpointName(checkpoint)} says #${checkpoint.hashedFrom} and #${checkpoint.keyedFrom}: it was changed`;
    }
    case 'rows-removed': {
      const { checkpoint, head } = finding;
      const recorded = `${checkpointName(checkpoint)} recorded ${checkpoint.rows} row(s) up to row #${checkpoint.lastId}`;
      return head
        ? `the newest rows were removed: ${recorded}, the log now ends at row #${head.lastId} with ${head.rows} row(s)`
        : `the audit log is empty, but ${recorded}: the table was emptied (truncated)`;
    }
    case 'checkpointed-row-missing':
      return `row #${finding.checkpoint.lastId}, the last row of ${checkpointName(finding.checkpoint)}, is missing (removed)${finding.others > 0 ? `, and so are the rows of ${finding.others} more checkpoint(s)` : ''}`;
    case 'checkpoint-differs': {
      const { checkpoint, hash, rows, others } = finding;
      const what = [
        ...(hash !== checkpoint.hash
          ? ['its hash is not the one recorded (the chain was rewritten up to it)']
          : []),
        ...(rows !== checkpoint.rows
          ? [
              `the log holds ${rows} row(s) up to it, not ${checkpoint.rows} (rows before it were removed or slipped in)`,
            ]
          : []),
      ];
      return `row #${checkpoint.lastId} does not match ${checkpointName(checkpoint)}: ${what.join('; ')}${others > 0 ? ` (${others} more checkpoint(s) do not match either)` : ''}`;
    }
    case 'forged-checkpoints':
      return `${finding.lines.length} checkpoint line(s) not signed with this AUDIT_KEY (forged, or written under another key): ${finding.lines
        .slice(0, NAMED_IDS)
        .map((l) => `${l.source}:${l.line}`)
        .join(', ')}`;
  }
}

const ROW_GROUP: Record<RowProblem, string> = {
  hash: 'whose content does not match their hash (edited, or hashed again without AUDIT_KEY)',
  link: "that do not follow the previous row's hash (a row before each was removed or changed)",
  unchained: 'with no hash after the chain started (blanked, or written around the audit log)',
};

/** The report in words: one line that says whether the log holds, then what was found (audit:verify). */
export function describeAuditReport(report: AuditChainReport): string {
  const counted = [
    ...(report.keyed > 0 ? [`${report.keyed} keyed with AUDIT_KEY`] : []),
    ...(report.legacy > 0 ? [`${report.legacy} from before the key checked with the old unkeyed hash`] : []),
  ];
  const older =
    report.unchained > 0 ? `; ${report.unchained} older row(s) from before the chain not checked` : '';
  const tally = `${report.checked} row(s) chained and intact${counted.length > 1 ? ` (${counted.join(', ')})` : ''}${older}`;
  const { latest, compared, sources, unreadable } = report.checkpoints;
  const torn = unreadable > 0 ? ` ${unreadable} unreadable checkpoint line(s) skipped.` : '';
  if (report.ok) {
    const against = latest
      ? ` It matches ${compared} checkpoint(s) kept outside the database, the latest ${checkpointName(latest)}: row #${latest.lastId}, ${latest.rows} row(s).`
      : report.head
        ? ` No checkpoint to compare with in ${sources.join(' or ')}: removed newest rows or an emptied table cannot be told without one (compare with the "audit head" lines of the server's log: --checkpoints <file>).`
        : '';
    return `Audit log verified: ${tally}.${against}${torn}`;
  }
  const found = [
    ...(Object.entries(report.rowProblems) as Array<[RowProblem, { count: number; ids: number[] }]>).map(
      ([reason, { count, ids }]) => `${count} row(s) ${ROW_GROUP[reason]}: ${idList(ids, count)}`,
    ),
    ...report.findings.map(findingWords),
  ];
  const [firstFinding] = report.findings;
  const headline = report.brokenAt
    ? `Audit log broken at row #${report.brokenAt.id}: ${rowWhy(report.brokenAt.reason, report.start)}.`
    : `Audit log broken: ${firstFinding ? findingWords(firstFinding) : 'see below'}.`;
  return [
    headline,
    'Found:',
    ...found.map((line) => `  - ${line}`),
    `${report.checked} row(s) verified intact${older}; ${compared} checkpoint(s) compared (${sources.join(', ')}).${torn}`,
  ].join('\n');
}

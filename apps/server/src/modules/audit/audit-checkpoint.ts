import { createHmac, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { canonicalJson } from './audit-hash.js';

/** The end of the audit chain as committed: its last row's id and hash, and how many rows the table holds. */
export interface AuditHead {
  lastId: number;
  rows: number;
  hash: string;
}

/**
 * Where the chain starts (the `audit_chain` record of migration 0013): rows before `hashedFrom` are from
 * before the chain (no hash), rows from `keyedFrom` on are hashed with AUDIT_KEY, the ones between with the
 * old unkeyed SHA-256.
 */
export interface ChainStart {
  hashedFrom: number;
  keyedFrom: number;
}

/**
 * One checkpoint of the chain's head, written outside the database after an append: one JSON line of an
 * append-only file and of the log. `mac` is HMAC-SHA256 under AUDIT_KEY over the other fields, so a line
 * cannot be forged or changed (to lower a count, say) without the key; only removed.
 */
export interface Checkpoint extends AuditHead, ChainStart {
  v: 1;
  /** When it was written (ISO). */
  at: string;
  /** The node that wrote it (NODE_ID in a cluster, else the host and process). */
  node: string;
  mac: string;
}

/** A checkpoint as read back, with where it was found (file and line) for the report. */
export interface ReadCheckpoint extends Checkpoint {
  source: string;
  line: number;
}

export interface CheckpointLines {
  checkpoints: ReadCheckpoint[];
  /** Lines shaped like a checkpoint whose `mac` this AUDIT_KEY did not write. */
  forged: Array<{ source: string; line: number }>;
  /** Lines of a checkpoint file that are not a checkpoint at all (a torn write, or edited). */
  unreadable: Array<{ source: string; line: number }>;
}

function macOf(key: string, fields: Omit<Checkpoint, 'mac'>): string {
  return createHmac('sha256', key)
    .update(`openbroker audit checkpoint\n${canonicalJson(fields)}`)
    .digest('hex');
}

/** A checkpoint of `head`, signed with the key. */
export function signCheckpoint(key: string, fields: Omit<Checkpoint, 'mac' | 'v'>): Checkpoint {
  const unsigned: Omit<Checkpoint, 'mac'> = {
    v: 1,
    at: fields.at,
    node: fields.node,
    lastId: fields.lastId,
    rows: fields.rows,
    hash: fields.hash,
    hashedFrom: fields.hashedFrom,
    keyedFrom: fields.keyedFrom,
  };
  return { ...unsigned, mac: macOf(key, unsigned) };
}

const isCount = (value: unknown) => typeof value === 'number' && Number.isInteger(value) && value >= 0;

/** The checkpoint fields of a parsed line, or undefined when it is not shaped like one. */
function asCheckpoint(value: unknown): Checkpoint | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const c = value as Record<string, unknown>;
  if (
    c.v !== 1 ||
    typeof c.at !== 'string' ||
    typeof c.node !== 'string' ||
    !isCount(c.lastId) ||
    !isCount(c.rows) ||
    typeof c.hash !== 'string' ||
    !isCount(c.hashedFrom) ||
    !isCount(c.keyedFrom) ||
    typeof c.mac !== 'string'
  )
    return undefined;
  return {
    v: 1,
    at: c.at,
    node: c.node,
    lastId: c.lastId as number,
    rows: c.rows as number,
    hash: c.hash,
    hashedFrom: c.hashedFrom as number,
    keyedFrom: c.keyedFrom as number,
    mac: c.mac,
  };
}

function macValid(key: string, checkpoint: Checkpoint): boolean {
  const { mac, ...fields } = checkpoint;
  const expected = Buffer.from(macOf(key, fields), 'hex');
  const given = Buffer.from(mac, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * Reads the checkpoints in `text`: a checkpoint file (`strict`: every line must be one) or a JSON log, whose
 * `audit head` lines carry one as `auditHead` (other log lines are skipped).
 */
export function parseCheckpoints(
  text: string,
  source: string,
  key: string,
  strict: boolean,
): CheckpointLines {
  const found: CheckpointLines = { checkpoints: [], forged: [], unreadable: [] };
  const lines = text.split('\n');
  lines.forEach((raw, index) => {
    const line = raw.trim();
    if (line === '') return;
    const where = { source, line: index + 1 };
    if (!strict && !line.includes('"auditHead"')) return;
    let parsed: unknown;
    try {
      parsed = JSON.parse(line);
    } catch {
      found.unreadable.push(where);
      return;
    }
    const candidate =
      parsed && typeof parsed === 'object' && 'auditHead' in parsed
        ? (parsed as { auditHead: unknown }).auditHead
        : parsed;
    const checkpoint = asCheckpoint(candidate);
    if (!checkpoint) found.unreadable.push(where);
    else if (!macValid(key, checkpoint)) found.forged.push(where);
    else found.checkpoints.push({ ...checkpoint, ...where });
  });
  return found;
}

/** Where checkpoints are kept outside the database. */
export interface CheckpointStore {
  /** For messages: the file, or "memory". */
  describe: string;
  /** Appends one checkpoint, on disk before it answers (fsync). */
  append(checkpoint: Checkpoint): Promise<void>;
  /** The last checkpoint this store wrote itself (the checkpointer's base after a restart), if readable. */
  latest(key: string): Promise<Checkpoint | undefined>;
  /** Every checkpoint readable here: in a data directory, every node's file. */
  readAll(key: string): Promise<CheckpointLines>;
}

/** The checkpoint files in a data directory: `audit-head.log`, and `audit-head.<NODE_ID>.log` of cluster nodes. */
const CHECKPOINT_FILE = /^audit-head(\.[A-Za-z0-9._-]+)?\.log$/;

export function checkpointFileName(nodeId?: string): string {
  return nodeId ? `audit-head.${nodeId}.log` : 'audit-head.log';
}

/** An append-only file of checkpoint lines under DATA_DIR. */
export class FileCheckpointStore implements CheckpointStore {
  readonly describe: string;
  private readonly file: string;

  constructor(
    private readonly dir: string,
    fileName: string,
  ) {
    this.file = path.join(dir, fileName);
    this.describe = this.file;
  }

  async append(checkpoint: Checkpoint): Promise<void> {
    await fs.mkdir(this.dir, { recursive: true });
    // one write of one short line in append mode: lines of processes sharing the file never interleave
    const handle = await fs.open(this.file, 'a+', 0o600);
    try {
      // a line torn by a crash stays one unreadable line: the next starts on a line of its own
      const { size } = await handle.stat();
      const last = Buffer.alloc(1);
      if (size > 0) await handle.read(last, 0, 1, size - 1);
      const newline = size > 0 && last.toString() !== '\n' ? '\n' : '';
      await handle.write(`${newline}${JSON.stringify(checkpoint)}\n`);
      await handle.sync();
    } finally {
      await handle.close();
    }
  }

  async latest(key: string): Promise<Checkpoint | undefined> {
    let handle: fs.FileHandle;
    try {
      handle = await fs.open(this.file, 'r');
    } catch {
      return undefined;
    }
    try {
      // the tail holds the last complete lines; a checkpoint line is a few hundred bytes
      const { size } = await handle.stat();
      const length = Math.min(size, 16_384);
      const buffer = Buffer.alloc(length);
      await handle.read(buffer, 0, length, size - length);
      const text = buffer.toString('utf8');
      const complete = length < size ? text.slice(text.indexOf('\n') + 1) : text;
      return parseCheckpoints(complete, this.file, key, true).checkpoints.at(-1);
    } finally {
      await handle.close();
    }
  }

  async readAll(key: string): Promise<CheckpointLines> {
    const all: CheckpointLines = { checkpoints: [], forged: [], unreadable: [] };
    const names = await fs.readdir(this.dir).catch(() => [] as string[]);
    for (const name of names.filter((n) => CHECKPOINT_FILE.test(n)).sort()) {
      const file = path.join(this.dir, name);
      const found = parseCheckpoints(await fs.readFile(file, 'utf8'), file, key, true);
      all.checkpoints.push(...found.checkpoints);
      all.forged.push(...found.forged);
      all.unreadable.push(...found.unreadable);
    }
    return all;
  }
}

/** Checkpoints kept in this process: for an in-memory database (`DATA_DIR=memory://`), which lives as long. */
export class MemoryCheckpointStore implements CheckpointStore {
  readonly describe = 'memory';
  readonly lines: string[] = [];

  async append(checkpoint: Checkpoint): Promise<void> {
    this.lines.push(JSON.stringify(checkpoint));
  }

  async latest(key: string): Promise<Checkpoint | undefined> {
    return parseCheckpoints(this.lines.join('\n'), this.describe, key, true).checkpoints.at(-1);
  }

  async readAll(key: string): Promise<CheckpointLines> {
    return parseCheckpoints(this.lines.join('\n'), this.describe, key, true);
  }
}

import os from 'node:os';
import { parseArgs } from 'node:util';
import { CliError } from './cli-commands.js';
import type { Config } from './config.js';
import { OPERATOR_TOKEN_FILE, readOperatorToken } from './modules/payments/operator-token.js';

/**
 * Operator commands that move money. Money moves only through the running server's trading engine
 * (one writer per account), so these commands call the server's operator API instead of opening the
 * database themselves; they work while the server runs, on PGlite as well as on PostgreSQL.
 */
export interface ServerCommand {
  usage: string;
  run(config: Config, args: string[]): Promise<string>;
}

const LIST = 'transaction:list [--status pending|approved|declined|cancelled] [--limit N]';
const CONFIRM = 'transaction:confirm <transaction_id>';
const REJECT = 'transaction:reject <transaction_id> [--note "why"]';

interface OperatorTransaction {
  transaction_id: string;
  email: string;
  type: string;
  status: string;
  amount: string;
  currency: string;
  provider: string;
  comments: string;
  note: string;
  decided_by: string | null;
  created_at: string;
}

function operatorName(): string {
  try {
    return os.userInfo().username;
  } catch {
    return 'operator';
  }
}

/** The server did not answer at all (not started, or elsewhere than OPERATOR_API_URL). */
export class ServerUnreachableError extends CliError {
  override name = 'ServerUnreachableError';
}

/** Calls the running server's operator API with the operator token; its refusals become one-line CliErrors. */
export async function callServer(
  config: Config,
  method: 'GET' | 'POST',
  path: string,
  body?: object,
): Promise<unknown> {
  const token = await readOperatorToken(config);
  if (!token) {
    throw new CliError(
      `There is no operator token: set OPERATOR_TOKEN to the server's, or, for a demo server, run this with ` +
        `the server's DATA_DIR (${config.dataDir}/${OPERATOR_TOKEN_FILE} is written when it starts).`,
    );
  }
  const url = `${config.operatorApiUrl.replace(/\/+$/, '')}${path}`;
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        'x-operator': operatorName(),
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      ...(body ? { body: JSON.stringify(body) } : {}),
      signal: AbortSignal.timeout(15_000),
    });
  } catch {
    throw new ServerUnreachableError(
      `The server is not reachable at ${config.operatorApiUrl}. Start it (npm start) first: money moves only through ` +
        'the running trading engine. Set OPERATOR_API_URL if it listens elsewhere.',
    );
  }
  const answer = (await response.json().catch(() => ({}))) as {
    status?: boolean;
    data?: unknown;
    message?: string;
  };
  if (response.status === 401)
    throw new CliError(
      `The server at ${config.operatorApiUrl} refused the operator token. Run this command with the same OPERATOR_TOKEN (or, for a demo server, the same DATA_DIR) as the server.`,
    );
  if (!response.ok || answer.status !== true)
    throw new CliError(answer.message ?? `The server answered ${response.status}.`);
  return answer.data;
}

/** When a transaction was made, to the minute in UTC: 2026-11-29 10:39 UTC. */
const when = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;

/** One transaction: reference, date, status, type, amount, client, the client's comment and the decision's note. */
const line = (t: OperatorTransaction) =>
  [
    t.transaction_id,
    when(t.created_at),
    t.status.padEnd(9),
    t.type.padEnd(20),
    `${t.amount} ${t.currency}`.padStart(16),
    t.email,
    t.comments ? `comment: "${t.comments}"` : '',
    t.note ? `note: "${t.note}"${t.decided_by ? ` (${t.decided_by})` : ''}` : '',
  ]
    .filter(Boolean)
    .join('  ');

function parse(args: string[], usage: string, options: Record<string, { type: 'string' }> = {}) {
  try {
    return parseArgs({ args, options, allowPositionals: true, strict: true });
  } catch (error) {
    throw new CliError(`${(error as Error).message}\nUsage: npm run cli -- ${usage}`);
  }
}

function reference(positionals: string[], usage: string): string {
  const [id] = positionals;
  if (!id || !/^TX-[0-9A-Z]{10}$/i.test(id))
    throw new CliError(`Give the transaction id, e.g. TX-7K3M9Q2P4A.\nUsage: npm run cli -- ${usage}`);
  return id.toUpperCase();
}

export const SERVER_COMMANDS: Record<string, ServerCommand> = {
  'transaction:list': {
    usage: `${LIST.padEnd(64)} list transactions (pending: waiting for staff)`,
    async run(config, args) {
      const { values } = parse(args, LIST, { status: { type: 'string' }, limit: { type: 'string' } });
      const query = new URLSearchParams();
      if (values.status) query.set('status', String(values.status));
      if (values.limit) query.set('limit', String(values.limit));
      const rows = (await callServer(
        config,
        'GET',
        `/api/admin/transactions?${query}`,
      )) as OperatorTransaction[];
      return rows.length === 0 ? 'No transactions.' : rows.map(line).join('\n');
    },
  },
  'transaction:confirm': {
    usage: `${CONFIRM.padEnd(64)} credit a bank wire, or mark a withdrawal paid`,
    async run(config, args) {
      const id = reference(parse(args, CONFIRM).positionals, CONFIRM);
      const row = (await callServer(
        config,
        'POST',
        `/api/admin/transactions/${id}/confirm`,
      )) as OperatorTransaction;
      return `Confirmed: ${line(row)}`;
    },
  },
  'transaction:reject': {
    usage: `${REJECT.padEnd(64)} decline a deposit, or give a withdrawal back`,
    async run(config, args) {
      const { positionals, values } = parse(args, REJECT, { note: { type: 'string' } });
      const id = reference(positionals, REJECT);
      const row = (await callServer(config, 'POST', `/api/admin/transactions/${id}/reject`, {
        note: String(values.note ?? ''),
      })) as OperatorTransaction;
      return `Rejected: ${line(row)}`;
    },
  },
};

import { parseArgs } from 'node:util';
import { CliError, OPERATOR_COMMANDS, REMOTE_COMMANDS, readOperatorFile } from './cli-commands.js';
import { callServer, SERVER_COMMANDS, ServerUnreachableError } from './cli-server-commands.js';
import { type Config, ConfigError, loadConfig } from './config.js';
import { DatabaseInUseError, DatabaseUnavailableError } from './db/client.js';
import { readOperatorToken } from './modules/payments/operator-token.js';
import { openRuntime, RedisUnavailableError, type Runtime } from './runtime.js';
import { withServerAddress } from './server-address.js';

/**
 * Operator commands: `npm run cli -- <command> [args]`. They act on the server's database: the same
 * DATABASE_URL, or the same DATA_DIR resolved against the project root (not the folder npm runs the
 * script in), and they never create or seed a database except `migrate`. The embedded database
 * belongs to one process at a time: the transaction:* commands always talk to the running server,
 * and the REMOTE_COMMANDS (review-document, login-code, popup:create, ...) are run by the server
 * when one answers, else on the database directly; the others (ledger:verify) need it stopped.
 * The server is found at OPERATOR_API_URL, else at the address it recorded in DATA_DIR when it
 * started (server-address.ts), else on PORT of this machine.
 */
const MIGRATE_USAGE = `${'migrate'.padEnd(64)} apply pending migrations and seed an empty database`;

/** The server's settings as a command sees them: with the address the server recorded in DATA_DIR. */
const cliConfig = () => withServerAddress(loadConfig());

/**
 * Opens the runtime, turning "the server holds the embedded database" into what to do about it: for a
 * command the server runs on the CLI's behalf, `unanswered` says why the server could not be asked.
 */
async function open(config: Config, prepare: 'prepare' | 'existing', unanswered?: string): Promise<Runtime> {
  try {
    return await openRuntime(config, { database: prepare });
  } catch (error) {
    if (error instanceof DatabaseInUseError && unanswered !== undefined) {
      throw new CliError(
        `The server (pid ${error.ownerPid}) is using the embedded database in ${error.dataDir}, but ${unanswered}. ` +
          'Set OPERATOR_API_URL to the address the server listens on (e.g. OPERATOR_API_URL=http://127.0.0.1:4000 ' +
          'for PORT=4000) and run this command again.',
      );
    }
    if (error instanceof DatabaseInUseError) {
      throw new CliError(
        `The server (pid ${error.ownerPid}) is using the embedded database in ${error.dataDir}, which ` +
          'allows one process at a time. Stop the server (Ctrl-C) and run this command again; the ' +
          'transaction:* commands work through the running server instead.',
      );
    }
    throw error;
  }
}

async function migrate(): Promise<string> {
  const runtime = await open(loadConfig(), 'prepare');
  await runtime.close();
  if (!runtime.seed.seeded) return 'Database is up to date.';
  return runtime.seed.demo
    ? 'Migrated and seeded an empty database with demo data (demo mode).'
    : 'Migrated and seeded an empty database (no demo data).';
}

function usage(): string {
  return [
    'Usage: npm run cli -- <command>',
    '',
    'Commands:',
    `  ${MIGRATE_USAGE}`,
    ...Object.values(OPERATOR_COMMANDS).map((c) => `  ${c.usage}`),
    '',
    'Commands that talk to the running server (money moves only through its trading engine):',
    ...Object.values(SERVER_COMMANDS).map((c) => `  ${c.usage}`),
  ].join('\n');
}

/**
 * Runs a command inside the running server (POST /api/admin/commands/:name), which holds the
 * embedded database and the trading engine: a verification it causes reaches the engine at once.
 * Answers why not when no server answers (then the command opens the database itself); a server
 * that answers but refuses (wrong operator token, an operator mistake) is an error, never a fallback.
 */
async function runOnServer(
  config: Config,
  name: string,
  args: string[],
): Promise<{ output: string } | { unanswered: string }> {
  if (!(await readOperatorToken(config)))
    return {
      unanswered: `there is no operator token to ask it with (set OPERATOR_TOKEN to the server's, or use its DATA_DIR)`,
    };
  const files: Record<string, string> = {};
  if (name === 'popup:create') {
    // the server cannot read the operator's files: the CLI sends the notice's content
    const file = parseArgs({ args, allowPositionals: true, strict: false }).positionals[2];
    if (file) files[file] = await readOperatorFile(config.invocationDir, file);
  }
  if (name === 'screening:import') {
    // the server cannot read the operator's files: the CLI sends the list's content
    const file = parseArgs({ args, allowPositionals: true, strict: false }).values.file;
    if (typeof file === 'string') files[file] = await readOperatorFile(config.invocationDir, file);
  }
  if (name === 'audit:verify') {
    // a log to compare with: only its checkpoint lines travel
    const file = parseArgs({ args, allowPositionals: true, strict: false }).values.checkpoints;
    if (typeof file === 'string')
      files[file] = (await readOperatorFile(config.invocationDir, file))
        .split('\n')
        .filter((line) => line.includes('"auditHead"') || line.includes('"mac"'))
        .join('\n');
  }
  try {
    const answer = (await callServer(config, 'POST', `/api/admin/commands/${name}`, { args, files })) as {
      output: string;
    };
    return { output: answer.output };
  } catch (error) {
    if (error instanceof ServerUnreachableError)
      return { unanswered: `no server answered at ${config.operatorApiUrl}` };
    throw error;
  }
}

async function run(name: string, args: string[]): Promise<string> {
  if (name === 'migrate') return migrate();
  const config = await cliConfig();
  const serverCommand = SERVER_COMMANDS[name];
  if (serverCommand) return serverCommand.run(config, args);
  let unanswered: string | undefined;
  if (REMOTE_COMMANDS.includes(name)) {
    const answer = await runOnServer(config, name, args);
    if ('output' in answer) return answer.output;
    unanswered = answer.unanswered;
  }
  const command = OPERATOR_COMMANDS[name];
  if (!command) throw new Error(`unreachable: ${name}`);
  const runtime = await open(config, 'existing', unanswered);
  try {
    return await command.run(runtime.ctx, args);
  } finally {
    await runtime.close();
  }
}

async function main(argv: string[]) {
  const [name, ...args] = argv;
  const known =
    name === 'migrate' ||
    (name !== undefined && (Object.hasOwn(OPERATOR_COMMANDS, name) || Object.hasOwn(SERVER_COMMANDS, name)));
  if (!name || !known) {
    process.stderr.write(`${name ? `Unknown command "${name}".\n\n` : ''}${usage()}\n`);
    process.exit(name ? 2 : 0);
  }
  process.stdout.write(`${await run(name, args)}\n`);
}

main(process.argv.slice(2)).catch((error: unknown) => {
  const expected = [CliError, ConfigError, DatabaseUnavailableError, RedisUnavailableError].some(
    (k) => error instanceof k,
  );
  process.stderr.write(
    `openbroker: ${expected ? (error as Error).message : ((error as Error)?.stack ?? error)}\n`,
  );
  process.exit(1);
});

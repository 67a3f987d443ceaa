import { CliError, OPERATOR_COMMANDS } from './cli-commands.js';
import { SERVER_COMMANDS } from './cli-server-commands.js';
import { ConfigError, loadConfig } from './config.js';
import { DatabaseInUseError, DatabaseUnavailableError } from './db/client.js';
import { openRuntime, RedisUnavailableError, type Runtime } from './runtime.js';

/**
 * Operator commands: `npm run cli -- <command> [args]`. They act on the server's database: the same
 * DATABASE_URL, or the same DATA_DIR resolved against the project root (not the folder npm runs the
 * script in), and they never create or seed a database except `migrate`. The embedded database
 * belongs to one process at a time, so its commands need the server stopped; the transaction:*
 * commands talk to the running server instead.
 */
const MIGRATE_USAGE = `${'migrate'.padEnd(64)} apply pending migrations and seed an empty database`;

/** Opens the runtime, turning "the server holds the embedded database" into what to do about it. */
async function open(prepare: 'prepare' | 'existing'): Promise<Runtime> {
  try {
    return await openRuntime(loadConfig(), { database: prepare });
  } catch (error) {
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
  const runtime = await open('prepare');
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

async function run(name: string, args: string[]): Promise<string> {
  if (name === 'migrate') return migrate();
  const serverCommand = SERVER_COMMANDS[name];
  if (serverCommand) return serverCommand.run(loadConfig(), args);
  const command = OPERATOR_COMMANDS[name];
  if (!command) throw new Error(`unreachable: ${name}`);
  const runtime = await open('existing');
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

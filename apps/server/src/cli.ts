import { CliError, OPERATOR_COMMANDS } from './cli-commands.js';
import { SERVER_COMMANDS } from './cli-server-commands.js';
import { ConfigError, loadConfig } from './config.js';
import { DatabaseUnavailableError } from './db/client.js';
import { openRuntime, RedisUnavailableError } from './runtime.js';

/**
 * Operator commands: `npm run cli -- <command> [args]`. Each opens the same database the server
 * uses (DATABASE_URL or ./data), so stop the server first when it runs on the embedded database.
 */
const MIGRATE_USAGE = `${'migrate'.padEnd(64)} apply pending migrations and seed an empty database`;

async function migrate(): Promise<string> {
  const runtime = await openRuntime(loadConfig());
  await runtime.close();
  return runtime.seed.seeded ? 'Migrated and seeded an empty database.' : 'Database is up to date.';
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
  const runtime = await openRuntime(loadConfig());
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

import { ConfigError, loadConfig } from './config.js';
import { DatabaseUnavailableError } from './db/client.js';
import { openRuntime, RedisUnavailableError } from './runtime.js';

/**
 * Operator commands: `npm run cli -- <command> [args]`. Each opens the same database the server
 * uses (DATABASE_URL or ./data), so stop the server first when it runs on the embedded database.
 */
const COMMANDS: Record<string, { usage: string; run: (args: string[]) => Promise<string> }> = {
  migrate: {
    usage: 'migrate                 apply pending migrations and seed an empty database',
    async run() {
      const runtime = await openRuntime(loadConfig());
      await runtime.close();
      return runtime.seed.seeded ? 'Migrated and seeded an empty database.' : 'Database is up to date.';
    },
  },
};

function usage(): string {
  return [
    'Usage: npm run cli -- <command>',
    '',
    'Commands:',
    ...Object.values(COMMANDS).map((c) => `  ${c.usage}`),
  ].join('\n');
}

async function main(argv: string[]) {
  const [name, ...args] = argv;
  const command = name ? COMMANDS[name] : undefined;
  if (!command) {
    process.stderr.write(`${name ? `Unknown command "${name}".\n\n` : ''}${usage()}\n`);
    process.exit(name ? 2 : 0);
  }
  process.stdout.write(`${await command.run(args)}\n`);
}

main(process.argv.slice(2)).catch((error: unknown) => {
  const expected = [ConfigError, DatabaseUnavailableError, RedisUnavailableError].some(
    (k) => error instanceof k,
  );
  process.stderr.write(
    `openbroker: ${expected ? (error as Error).message : ((error as Error)?.stack ?? error)}\n`,
  );
  process.exit(1);
});

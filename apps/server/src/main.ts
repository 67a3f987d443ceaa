import net from 'node:net';
import { buildApp } from './app.js';
import { assertSafeToServe, type Config, ConfigError, isLoopback, loadConfig } from './config.js';
import { DatabaseUnavailableError } from './db/client.js';
import { DEMO_STAFF } from './modules/staff/demo-staff.js';
import { attachRealtime } from './realtime/socket-server.js';
import { openRuntime, RedisUnavailableError } from './runtime.js';
import { DEMO_LOGINS } from './seed/seed.js';

const SHUTDOWN_TIMEOUT_MS = 4_500;

/** Start-up failures an operator can fix: one clear line, exit code 1, no stack trace. */
const EXPECTED = [ConfigError, DatabaseUnavailableError, RedisUnavailableError];

function fail(message: string): never {
  process.stderr.write(`openbroker: ${message}\n`);
  process.exit(1);
}

/** Fails fast on a taken port, before the database and the market history are prepared. */
async function assertPortFree(port: number, host: string): Promise<void> {
  if (port === 0) return;
  await new Promise<void>((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen({ port, host, exclusive: true }, () => probe.close(() => resolve()));
  }).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'EADDRINUSE')
      fail(`port ${port} is already in use. Stop the other process or set PORT.`);
    if (error.code === 'EACCES')
      fail(`not allowed to listen on port ${port}. Choose a port above 1024 with PORT.`);
    throw error;
  });
}

/** The start banner's mode lines: demo mode said plainly, with a warning when others can reach it. */
function modeLines(config: Config): string[] {
  const sandbox = config.paymentSandbox
    ? 'sandbox payments ON (test cards approve deposits without money)'
    : 'sandbox payments off';
  if (!config.demo) return [`  mode:     production (${config.demoReason}); ${sandbox}`];
  const lines = [`  mode:     DEMO (${config.demoReason}): demo data and logins; ${sandbox}`];
  if (!isLoopback(config.host)) {
    lines.push(
      `  WARNING:  this demo listens on ${config.host}: anyone who can reach this machine can use the demo`,
      '            logins and deposit without paying. Set HOST=127.0.0.1 to keep it local, or run it',
      '            outside demo mode with your own secrets (docs/operations.md).',
    );
  }
  return lines;
}

async function main() {
  const config = loadConfig();
  // Unsafe settings are refused before anything is touched (openRuntime checks again).
  assertSafeToServe(config);
  await assertPortFree(config.port, config.host);
  let stop: (signal: string, exitCode?: number) => Promise<void> = async () => process.exit(1);
  const runtime = await openRuntime(config, {
    live: true,
    // Without the engine's lock a second server could start on this database: stop rather than risk it.
    onEngineClaimLost: (error) => {
      process.stderr.write(`openbroker: lost the database's engine lock (${error.message}); stopping.\n`);
      void stop('engine-lock-lost', 1);
    },
  });
  const app = await buildApp(runtime.ctx);
  const realtime = await attachRealtime(app.server, runtime.ctx, { log: app.log });

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    await realtime.close().catch(() => {});
    await runtime.close().catch(() => {});
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE')
      fail(`port ${config.port} is already in use. Stop the other process or set PORT.`);
    if (code === 'EACCES')
      fail(`not allowed to listen on port ${config.port}. Choose a port above 1024 with PORT.`);
    throw error;
  }

  // Ctrl-C is handled before the banner says it may be pressed: a signal sent the moment the banner is read (a
  // script, a test on a busy machine) stops the server cleanly instead of killing it mid-write.
  let stopping = false;
  const shutdown = async (signal: string, exitCode = 0) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    // A hung connection must not keep the process alive past the promised 5 s.
    const timer = setTimeout(() => {
      process.stderr.write('openbroker: shutdown took too long, exiting\n');
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS);
    timer.unref();
    try {
      // a cluster node going down takes no shard the others free meanwhile
      runtime.ctx.shards?.pause();
      await realtime.close();
      await app.close();
      await runtime.close();
      process.stdout.write('OpenBroker stopped.\n');
      process.exit(exitCode);
    } catch (error) {
      app.log.error({ err: error }, 'error during shutdown');
      process.exit(1);
    }
  };
  stop = shutdown;
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const lines = [
    '',
    `OpenBroker is running on http://localhost:${port}`,
    `  listens:  ${config.host}${isLoopback(config.host) ? ' (this machine only; HOST sets the interface)' : ''}`,
    ...modeLines(config),
    `  database: ${runtime.ctx.database.describe}${runtime.seed.seeded ? ' (migrated and seeded just now)' : ''}`,
    // One server per database until clustering exists: Redis shares rate limits, not the engine.
    `  redis:    ${config.redisUrl ? 'connected (shared rate limits)' : 'not configured'}; one server per database`,
    `  API docs: http://localhost:${port}/api/docs`,
  ];
  const brand = await runtime.ctx.brands.resolve(undefined).catch(() => undefined);
  if (runtime.demoAccounts && brand) {
    lines.push('', runtime.seed.seeded ? 'Demo logins seeded:' : 'Demo logins (as seeded on first start):');
    for (const login of DEMO_LOGINS) {
      lines.push(
        `  ${login.role.padEnd(18)} ${login.email.padEnd(24)} ${login.password.padEnd(12)} ${login.where}`,
      );
    }
    // Staff sign in with a TOTP code too: their demo secrets are public, for an authenticator app or e2e.
    lines.push('', 'Demo staff (back office at /backoffice), password + TOTP secret:');
    for (const member of DEMO_STAFF) {
      lines.push(
        `  ${member.role.padEnd(18)} ${member.email.padEnd(24)} ${member.password.padEnd(12)} ${member.totpSecret}`,
      );
    }
  }
  lines.push('', 'Press Ctrl-C to stop.', '');
  process.stdout.write(lines.join('\n'));
}

main().catch((error: unknown) => {
  if (EXPECTED.some((kind) => error instanceof kind)) fail((error as Error).message);
  process.stderr.write(`openbroker: failed to start: ${(error as Error)?.stack ?? String(error)}\n`);
  process.exit(1);
});

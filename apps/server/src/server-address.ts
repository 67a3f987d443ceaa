import fs from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Config } from './config.js';

/**
 * Where the running server can be reached, kept in DATA_DIR for the operator commands on the same
 * machine: the server writes it when it starts listening and marks it stopped when it shuts down, so
 * `npm run cli` finds a server started on any PORT, and the links it prints with the server stopped
 * use the address the server last ran on.
 */
export const SERVER_ADDRESS_FILE = 'server-address.json';

export interface ServerAddress {
  /** Where the CLI reaches the operator API, e.g. http://127.0.0.1:4000. */
  url: string;
  /** The address clients used (PUBLIC_URL, or http://localhost:<port>), for the links the CLI prints. */
  publicUrl: string;
  pid: number;
  running: boolean;
  startedAt: string;
  stoppedAt?: string;
  /**
   * The simulated market this server ran: its MARKET_SEED and the instant its history ends and its live walk
   * starts. Both are deterministic, so a command can rebuild the server's candles with the server stopped.
   */
  market?: { seed: number; start: number };
}

const fileOf = (dataDir: string) => path.join(dataDir, SERVER_ADDRESS_FILE);

/** The address this machine reaches a server listening on `host` at: a wildcard or loopback host is 127.0.0.1. */
export function localUrlOf(host: string, port: number): string {
  const wildcard = ['', '0.0.0.0', '::', 'localhost', '::1', '127.0.0.1'].includes(host);
  if (wildcard) return `http://127.0.0.1:${port}`;
  return host.includes(':') ? `http://[${host}]:${port}` : `http://${host}:${port}`;
}

async function write(dataDir: string, address: ServerAddress): Promise<void> {
  await fs.mkdir(dataDir, { recursive: true });
  // written whole then renamed: a command never reads half a file
  const temporary = `${fileOf(dataDir)}.${process.pid}.tmp`;
  await fs.writeFile(temporary, `${JSON.stringify(address, null, 2)}\n`, { mode: 0o600 });
  await fs.rename(temporary, fileOf(dataDir));
}

/** Records that this process listens at `address` (nothing for an in-memory database: no DATA_DIR to share). */
export async function announceServerAddress(
  config: Pick<Config, 'dataDir' | 'host' | 'publicUrl' | 'publicUrlIsSet'>,
  address: AddressInfo,
  market?: { seed: number; start: number },
): Promise<void> {
  if (config.dataDir.startsWith('memory://')) return;
  await write(config.dataDir, {
    ...(market ? { market } : {}),
    url: localUrlOf(config.host, address.port),
    publicUrl: config.publicUrlIsSet ? config.publicUrl : `http://localhost:${address.port}`,
    pid: process.pid,
    running: true,
    startedAt: new Date().toISOString(),
  });
}

/** Marks this process's record stopped, keeping its address for the links printed meanwhile. */
export async function markServerStopped(config: Pick<Config, 'dataDir'>): Promise<void> {
  if (config.dataDir.startsWith('memory://')) return;
  const recorded = await readServerAddress(config.dataDir);
  // another server may have started on this DATA_DIR since: its record stays as it is
  if (!recorded || recorded.pid !== process.pid || !recorded.running) return;
  await write(config.dataDir, { ...recorded, running: false, stoppedAt: new Date().toISOString() });
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * The server's record in `dataDir`, undefined when there is none (never started there, or unreadable).
 * A record left `running` by a server that died without shutting down is read as stopped.
 */
export async function readServerAddress(dataDir: string): Promise<ServerAddress | undefined> {
  if (dataDir.startsWith('memory://')) return undefined;
  let parsed: Partial<ServerAddress>;
  try {
    parsed = JSON.parse(await fs.readFile(fileOf(dataDir), 'utf8')) as Partial<ServerAddress>;
  } catch {
    return undefined;
  }
  if (
    typeof parsed.url !== 'string' ||
    typeof parsed.publicUrl !== 'string' ||
    typeof parsed.pid !== 'number'
  )
    return undefined;
  const address = parsed as ServerAddress;
  return { ...address, running: address.running === true && alive(address.pid) };
}

/**
 * The configuration a command-line process uses: where the running server is (OPERATOR_API_URL when
 * set, else the address the server recorded in DATA_DIR, else PORT on this machine) and, without
 * PUBLIC_URL, the address the server last ran on for the links it prints.
 */
export async function withServerAddress(config: Config): Promise<Config> {
  const recorded = await readServerAddress(config.dataDir);
  if (!recorded) return config;
  return {
    ...config,
    ...(config.operatorApiUrlIsSet || !recorded.running ? {} : { operatorApiUrl: recorded.url }),
    ...(config.publicUrlIsSet ? {} : { publicUrl: recorded.publicUrl }),
  };
}

import { timingSafeEqual } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { type Config, ConfigError } from '../../config.js';
import { newToken } from '../../lib/random.js';

/** The file the operator token is kept in when OPERATOR_TOKEN is not set. */
export const OPERATOR_TOKEN_FILE = 'operator-token';

const memoryTokens = new Map<string, string>();

/**
 * The server's bearer token of the operator API (/api/admin): OPERATOR_TOKEN when set (required
 * outside demo mode), else, in demo mode, a random token created once in `<DATA_DIR>/operator-token`
 * (readable by its owner only) for the CLI on the same machine to read. An in-memory database gets a
 * per-process token.
 */
export async function resolveOperatorToken(
  config: Pick<Config, 'operatorToken' | 'dataDir' | 'demo'>,
): Promise<string> {
  if (config.operatorToken) return config.operatorToken;
  if (!config.demo) {
    // assertSafeToServe refuses this first; kept so no path ever serves without a chosen token.
    throw new ConfigError('Unsafe configuration outside demo mode: OPERATOR_TOKEN must be set');
  }
  if (config.dataDir.startsWith('memory://')) {
    const token = memoryTokens.get(config.dataDir) ?? newToken();
    memoryTokens.set(config.dataDir, token);
    return token;
  }
  const stored = await readTokenFile(config.dataDir);
  if (stored) return stored;
  await fs.mkdir(config.dataDir, { recursive: true });
  const file = path.join(config.dataDir, OPERATOR_TOKEN_FILE);
  const token = newToken();
  try {
    // 'wx': should two starts race, the first writer wins and the other reads its token.
    await fs.writeFile(file, `${token}\n`, { mode: 0o600, flag: 'wx' });
    return token;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return (await fs.readFile(file, 'utf8')).trim();
  }
}

/**
 * The token a command-line process uses to reach the running server: OPERATOR_TOKEN when set, else
 * the one the server wrote into the same DATA_DIR; undefined when there is none. Never creates one:
 * a token the server does not know would only be refused.
 */
export async function readOperatorToken(
  config: Pick<Config, 'operatorToken' | 'dataDir'>,
): Promise<string | undefined> {
  if (config.operatorToken) return config.operatorToken;
  if (config.dataDir.startsWith('memory://')) return memoryTokens.get(config.dataDir);
  return readTokenFile(config.dataDir);
}

async function readTokenFile(dataDir: string): Promise<string | undefined> {
  try {
    const stored = (await fs.readFile(path.join(dataDir, OPERATOR_TOKEN_FILE), 'utf8')).trim();
    return stored.length >= 24 ? stored : undefined;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    return undefined;
  }
}

/** Constant-time check of a presented operator token; an empty expected token admits nobody. */
export function isOperatorToken(expected: string, presented: string | undefined): boolean {
  if (!presented || !expected) return false;
  const a = Buffer.from(expected);
  const b = Buffer.from(presented);
  return a.length === b.length && timingSafeEqual(a, b);
}

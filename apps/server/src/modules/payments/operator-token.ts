import { timingSafeEqual } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../../config.js';
import { newToken } from '../../lib/random.js';

/** The file the operator token is kept in when OPERATOR_TOKEN is not set. */
export const OPERATOR_TOKEN_FILE = 'operator-token';

const memoryTokens = new Map<string, string>();

/**
 * The bearer token of the operator API (/api/admin), shared by the server and the CLI on one
 * machine: OPERATOR_TOKEN when set, else a random token created once in `<DATA_DIR>/operator-token`
 * (readable by its owner only). An in-memory database gets a per-process token.
 */
export async function resolveOperatorToken(
  config: Pick<Config, 'operatorToken' | 'dataDir'>,
): Promise<string> {
  if (config.operatorToken) return config.operatorToken;
  if (config.dataDir.startsWith('memory://')) {
    const token = memoryTokens.get(config.dataDir) ?? newToken();
    memoryTokens.set(config.dataDir, token);
    return token;
  }
  const file = path.join(config.dataDir, OPERATOR_TOKEN_FILE);
  try {
    const stored = (await fs.readFile(file, 'utf8')).trim();
    if (stored.length >= 24) return stored;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  await fs.mkdir(config.dataDir, { recursive: true });
  const token = newToken();
  try {
    // 'wx': when the server and the CLI race, the first writer wins and the other reads its token.
    await fs.writeFile(file, `${token}\n`, { mode: 0o600, flag: 'wx' });
    return token;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return (await fs.readFile(file, 'utf8')).trim();
  }
}

/** Constant-time check of a presented operator token. */
export function isOperatorToken(expected: string, presented: string | undefined): boolean {
  if (!presented) return false;
  const a = Buffer.from(expected);
  const b = Buffer.from(presented);
  return a.length === b.length && timingSafeEqual(a, b);
}

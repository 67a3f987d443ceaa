import { randomBytes } from 'node:crypto';
import pg from 'pg';

export interface ScratchDatabase {
  url: string;
  /** Drops the database, ending any connection still open to it. */
  drop(): Promise<void>;
}

/**
 * A new database on the PostgreSQL server of `baseUrl`, for one test suite, e2e run or benchmark, so
 * none of them ever sees another's data: empty, or a copy of the database `template` (which nobody may be
 * connected to while it is copied). The caller drops it when done.
 */
export async function createScratchDatabase(
  baseUrl: string,
  prefix: string,
  options: { template?: string } = {},
): Promise<ScratchDatabase> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: baseUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await run(
    options.template ? `create database ${name} template ${options.template}` : `create database ${name}`,
  );
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`drop database if exists ${name} with (force)`) };
}

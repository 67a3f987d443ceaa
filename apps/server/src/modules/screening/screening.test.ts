import fs from 'node:fs';
import { asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, brands, users } from '../../db/schema.js';
import { multipart, registerClient } from '../../test/factories.js';
import { createTestServer, type TestServer, testDbKind } from '../../test/harness.js';
import { type StaffSession, staffCall, staffSession } from '../../test/staff-kit.js';
import type { ComplianceTaskRaise } from '../compliance/tasks-port.js';
import { parseList } from './list-formats.js';
import { sampleListPath } from './samples.js';
import { ScreeningService } from './screening.service.js';

/**
 * Sanctions and PEP screening on the server: the sample lists (seeded) catch a client at registration, compliance
 * clears or confirms with a reason, the standing follows, and a cleared match is not raised again.
 */
let server: TestServer;
let compliance: StaffSession;
let outsider: StaffSession;

beforeAll(async () => {
  server = await createTestServer({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
  const { db } = server.runtime.ctx.database;
  const rows = await db.select().from(brands).orderBy(asc(brands.id));
  const demo = rows.find((b) => b.slug === 'demo');
  const other = rows.find((b) => b.slug !== 'demo');
  if (!demo || !other) throw new Error('the seed has at least two brands');
  compliance = await staffSession(server, ['compliance'], null);
  outsider = await staffSession(server, ['compliance'], [other.id]);
});

const idOf = async (email: string) => {
  const [row] = await server.runtime.ctx.database.db.select().from(users).where(eq(users.email, email));
  if (!row) throw new Error('no client');
  return row.id;
};
const standing = async (userId: number) =>
  (await server.runtime.ctx.compliance.row(userId))?.screeningStatus ?? 'clear';
const queue = async (token: string, status = 'pending') =>
  (await staffCall(server.app, 'GET', `/api/backoffice/screening/matches?status=${status}`, token)).json()
    .data as {
    items: { id: number; userId: number; matchedName: string; score: number; source: string }[];
  };

describe(`screening clients against the sanctions and PEP lists (${testDbKind})`, () => {
  it('reads every sample file in its published format', () => {
    for (const format of ['eu', 'un', 'ofac', 'pep'] as const) {
      const entries = parseList(format, fs.readFileSync(sampleListPath(format), 'utf8'));
      expect(entries.length, format).toBeGreaterThan(0);
    }
    expect(() => parseList('eu', fs.readFileSync(sampleListPath('ofac'), 'utf8'))).toThrow();
  });

  it('a client registering with a listed name is pending at once; compliance clears it with a reason', async () => {
    const client = await registerClient(server.app, { first_name: 'Zoltrak', last_name: 'Vennimor' });
    const userId = await idOf(client.email);
    expect(await standing(userId)).toBe('pending');
    const mine = (await queue(compliance.token)).items.filter((m) => m.userId === userId);
    expect(mine).toHaveLength(1);
    const match = mine[0];
    if (!match) throw new Error('no match');
    expect(match).toMatchObject({ source: 'eu', matchedName: 'Zoltrak Vennimor', score: 95 });

    // staff of another brand do not see it, and cannot decide it
    expect((await queue(outsider.token)).items.some((m) => m.userId === userId)).toBe(false);
    const foreign = await staffCall(
      server.app,
      'POST',
      `/api/backoffice/screening/matches/${match.id}/decision`,
      outsider.token,
      {
        decision: 'clear',
        reason: 'not them',
      },
    );
    expect(foreign.statusCode).toBe(404);

    const noReason = await staffCall(
      server.app,
      'POST',
      `/api/backoffice/screening/matches/${match.id}/decision`,
      compliance.token,
      {
        decision: 'clear',
        reason: ' ',
      },
    );
    expect(noReason.statusCode).toBe(400);
    expect(noReason.body).toContain('screening.reasonRequired');
    expect(await standing(userId)).toBe('pending');

    const cleared = await staffCall(
      server.app,
      'POST',
      `/api/backoffice/screening/matches/${match.id}/decision`,
      compliance.token,
      {
        decision: 'clear',
        reason: 'Different person: passport checked',
      },
    );
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json().data).toMatchObject({
      status: 'cleared',
      reason: 'Different person: passport checked',
    });
    expect(await standing(userId)).toBe('clear');
    const [audit] = await server.runtime.ctx.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.subject, `screening:${match.id}`));
    expect(audit).toMatchObject({ action: 'screening.clear', reason: 'Different person: passport checked' });

    const again = await staffCall(
      server.app,
      'POST',
      `/api/backoffice/screening/matches/${match.id}/decision`,
      compliance.token,
      {
        decision: 'confirm',
        reason: 'changed my mind',
      },
    );
    expect(again.statusCode).toBe(409);

    // a new import of the same list does not raise the cleared match again
    await uploadSample('eu');
    expect((await queue(compliance.token)).items.filter((m) => m.userId === userId)).toHaveLength(0);
    expect(await standing(userId)).toBe('clear');

    // the client's page shows the status and the history
    const page = await staffCall(
      server.app,
      'GET',
      `/api/backoffice/clients/${userId}/screening`,
      compliance.token,
    );
    expect(page.json().data).toMatchObject({
      status: 'clear',
      matches: [{ id: match.id, status: 'cleared' }],
    });
  });

  it('a confirmed match stops the client’s withdrawals too', async () => {
    const client = await registerClient(server.app, { first_name: 'Tibor', last_name: 'Margolev' });
    const userId = await idOf(client.email);
    const [match] = (await queue(compliance.token)).items.filter((m) => m.userId === userId);
    if (!match) throw new Error('no match');
    const confirmed = await staffCall(
      server.app,
      'POST',
      `/api/backoffice/screening/matches/${match.id}/decision`,
      compliance.token,
      {
        decision: 'confirm',
        reason: 'Same person: date of birth and passport agree',
      },
    );
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(await standing(userId)).toBe('confirmed');
    const brand = await server.runtime.ctx.brands.resolve(undefined);
    const stops = await server.runtime.ctx.compliance.blocks(userId, brand);
    expect(stops.withdraw).toEqual({ key: 'compliance.screeningConfirmed' });
  });

  it('an import screens every client again, in the background, and raises a task per possible match', async () => {
    const client = await registerClient(server.app, { first_name: 'Perpetua', last_name: 'Oakenhurst Vale' });
    const userId = await idOf(client.email);
    const tasks: ComplianceTaskRaise[] = [];
    const service = new ScreeningService({
      database: server.runtime.ctx.database,
      compliance: server.runtime.ctx.compliance,
      tasks: { raise: async (task) => void tasks.push(task) },
      log: { error: () => undefined },
    });
    // the seeded PEP list matched at registration already
    expect(await standing(userId)).toBe('pending');
    const pep = fs.readFileSync(sampleListPath('pep'), 'utf8');
    await service.importList('pep', 'pep.csv', pep, 'test');
    await service.idle();
    // the same client data and the same entry: the pending match stays the one raised at registration
    expect(tasks.filter((t) => t.userId === userId)).toHaveLength(0);
    const renamed =
      'id,full_name,aliases,birth_date,country,function\nPEP-9,Perpetua Oakenhurst-Vale,,,GB,Sample mayor\n';
    await service.importList('pep', 'pep2.csv', renamed, 'test');
    await service.idle();
    const raised = tasks.filter((t) => t.userId === userId);
    expect(raised).toHaveLength(1);
    expect(raised[0]).toMatchObject({ kind: 'screening_match' });
    expect(raised[0]?.subject).toMatch(/^screening:\d+$/);
    const lists = await staffCall(server.app, 'GET', '/api/backoffice/screening/lists', compliance.token);
    expect(lists.json().data[0]).toMatchObject({ source: 'pep', fileName: 'pep2.csv', entryCount: 1 });
  });

  it('only staff working for every brand import lists; a file of another format changes nothing', async () => {
    const refused = await upload(outsider.token, 'eu', fs.readFileSync(sampleListPath('eu')));
    expect(refused.statusCode).toBe(403);
    const wrong = await upload(compliance.token, 'un', fs.readFileSync(sampleListPath('pep')));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.body).toContain('screening.unreadableFile');
  });
});

function upload(token: string, format: string, content: Buffer) {
  const body = multipart([
    ['format', format],
    { field: 'file', filename: `${format}.list`, contentType: 'application/octet-stream', content },
  ]);
  return server.app.inject({
    method: 'POST',
    url: '/api/backoffice/screening/lists',
    payload: body.payload,
    headers: { ...body.headers, authorization: `Bearer ${token}` },
  });
}

async function uploadSample(format: 'eu' | 'un' | 'ofac' | 'pep') {
  const res = await upload(compliance.token, format, fs.readFileSync(sampleListPath(format)));
  expect(res.statusCode, res.body).toBe(200);
  await server.runtime.ctx.screening.idle();
}

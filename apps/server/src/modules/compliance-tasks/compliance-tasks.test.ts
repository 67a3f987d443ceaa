import { asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, brands, users } from '../../db/schema.js';
import type { App } from '../../http.js';
import { registerClient } from '../../test/factories.js';
import { createTestServer, type TestServer, testDbKind } from '../../test/harness.js';
import { type StaffSession, staffCall, staffSession } from '../../test/staff-kit.js';
import type { ComplianceTasksService } from './compliance-tasks.service.js';

let server: TestServer;
let app: App;
let tasks: ComplianceTasksService;
let officer: StaffSession;
let colleague: StaffSession;
let support: StaffSession;
let outsider: StaffSession;
let demo: number;
let other: number;
let clientId: number;

const DAY = 86_400_000;

const list = async (token: string, query = '') => {
  const res = await staffCall(app, 'GET', `/api/backoffice/compliance/tasks${query}`, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as {
    items: { id: number; subject: string; overdue: boolean; status: string }[];
    total: number;
  };
};

beforeAll(async () => {
  server = await createTestServer({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
  app = server.app;
  tasks = server.runtime.ctx.complianceTasks;
  const { db } = server.runtime.ctx.database;
  const rows = await db.select().from(brands).orderBy(asc(brands.id));
  demo = rows.find((b) => b.slug === 'demo')?.id ?? 0;
  other = rows.find((b) => b.slug !== 'demo')?.id ?? 0;
  officer = await staffSession(server, ['compliance'], [demo]);
  colleague = await staffSession(server, ['compliance'], [demo]);
  support = await staffSession(server, ['support'], [demo]);
  outsider = await staffSession(server, ['compliance'], [other]);
  const client = await registerClient(app, { first_name: 'Tessa', last_name: 'Tasked' });
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, client.email));
  clientId = row?.id ?? 0;
});

describe(`compliance tasks (${testDbKind})`, () => {
  it('raising the same subject while its task is open changes nothing; once closed it can be raised again', async () => {
    const raise = () =>
      tasks.raise({
        brandId: demo,
        userId: clientId,
        kind: 'document_expiring',
        subject: 'document:1:expiring',
        dueAt: new Date(Date.now() + 7 * DAY),
        summary: 'Passport expires in 30 days',
      });
    await raise();
    await raise();
    const open = await list(officer.token, `?userId=${clientId}&kind=document_expiring`);
    expect(open.items.map((t) => t.subject)).toEqual(['document:1:expiring']);
    const id = open.items[0]?.id ?? 0;
    const closed = await staffCall(
      app,
      'POST',
      `/api/backoffice/compliance/tasks/${id}/close`,
      officer.token,
      {
        note: 'New passport uploaded and approved',
      },
    );
    expect(closed.statusCode, closed.body).toBe(200);
    await raise();
    const again = await list(officer.token, `?userId=${clientId}&kind=document_expiring&status=all`);
    expect(again.items.map((t) => t.status)).toEqual(['open', 'closed']);
  });

  it('an officer assigns a task to a colleague, moves the due date and closes it with a note; each step audited', async () => {
    await tasks.raise({
      brandId: demo,
      userId: clientId,
      kind: 'high_risk',
      subject: 'risk:high',
      dueAt: new Date(Date.now() - DAY),
      summary: 'Client scored high risk',
    });
    const overdue = await list(officer.token, `?overdue=true&userId=${clientId}`);
    const task = overdue.items.find((t) => t.subject === 'risk:high');
    expect(task?.overdue).toBe(true);
    const id = task?.id ?? 0;

    const people = await staffCall(
      app,
      'GET',
      `/api/backoffice/compliance/tasks/${id}/assignees`,
      officer.token,
    );
    expect(people.json().data.map((m: { id: number }) => m.id)).toEqual(
      expect.arrayContaining([officer.id, colleague.id]),
    );
    expect(people.json().data.map((m: { id: number }) => m.id)).not.toContain(support.id);

    const assigned = await staffCall(app, 'PATCH', `/api/backoffice/compliance/tasks/${id}`, officer.token, {
      assignedTo: colleague.id,
    });
    expect(assigned.statusCode, assigned.body).toBe(200);
    expect(assigned.json().data.assignedTo).toBe(colleague.id);
    expect((await list(colleague.token, '?mine=true')).items.map((t) => t.id)).toContain(id);
    expect((await list(officer.token, '?mine=true')).items.map((t) => t.id)).not.toContain(id);

    const moved = await staffCall(app, 'PATCH', `/api/backoffice/compliance/tasks/${id}`, colleague.token, {
      dueAt: '2099-01-31',
    });
    expect(moved.json().data).toMatchObject({ dueAt: '2099-01-31T23:59:59.999Z', overdue: false });

    const summary = await staffCall(app, 'GET', '/api/backoffice/compliance/tasks/summary', colleague.token);
    expect(summary.json().data.mine).toBeGreaterThanOrEqual(1);
    expect(summary.json().data.next.map((t: { id: number }) => t.id)).toContain(id);

    const noNote = await staffCall(
      app,
      'POST',
      `/api/backoffice/compliance/tasks/${id}/close`,
      colleague.token,
      {
        note: '  ',
      },
    );
    expect(noNote.statusCode).toBe(400);
    expect(noNote.json().errors[0].key).toBe('tasks.noteRequired');

    const closed = await staffCall(
      app,
      'POST',
      `/api/backoffice/compliance/tasks/${id}/close`,
      colleague.token,
      {
        note: 'Source of funds documents checked',
      },
    );
    expect(closed.json().data).toMatchObject({
      status: 'closed',
      closingNote: 'Source of funds documents checked',
    });
    const twice = await staffCall(
      app,
      'POST',
      `/api/backoffice/compliance/tasks/${id}/close`,
      colleague.token,
      {
        note: 'again',
      },
    );
    expect(twice.statusCode).toBe(409);

    const audit = await server.runtime.ctx.database.db
      .select({ action: auditLog.action, actor: auditLog.actor, reason: auditLog.reason })
      .from(auditLog)
      .where(eq(auditLog.subject, `task:${id}`))
      .orderBy(asc(auditLog.id));
    expect(audit).toEqual([
      { action: 'task.assign', actor: `staff:${officer.id}`, reason: null },
      { action: 'task.due', actor: `staff:${colleague.id}`, reason: null },
      { action: 'task.close', actor: `staff:${colleague.id}`, reason: 'Source of funds documents checked' },
    ]);
  });

  it('refuses an assignee outside the brand’s compliance staff and changes nothing', async () => {
    const created = await staffCall(
      app,
      'POST',
      `/api/backoffice/clients/${clientId}/compliance-tasks`,
      officer.token,
      {
        summary: 'Unusual deposit pattern',
        dueAt: '2099-02-01',
      },
    );
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().data.id as number;
    expect(created.json().data.kind).toBe('manual_review');
    for (const staffId of [support.id, outsider.id]) {
      const res = await staffCall(app, 'PATCH', `/api/backoffice/compliance/tasks/${id}`, officer.token, {
        assignedTo: staffId,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().key).toBe('tasks.assigneeInvalid');
    }
    const task = await staffCall(app, 'GET', `/api/backoffice/compliance/tasks/${id}`, officer.token);
    expect(task.json().data.assignedTo).toBeNull();
  });

  it("another brand's task is not found, and support cannot work tasks", async () => {
    const created = await staffCall(
      app,
      'POST',
      `/api/backoffice/clients/${clientId}/compliance-tasks`,
      officer.token,
      {
        summary: 'Check the address',
        dueAt: '2099-02-01',
      },
    );
    const id = created.json().data.id as number;
    expect(
      (await staffCall(app, 'GET', `/api/backoffice/compliance/tasks/${id}`, outsider.token)).statusCode,
    ).toBe(404);
    expect(
      (
        await staffCall(app, 'POST', `/api/backoffice/compliance/tasks/${id}/close`, outsider.token, {
          note: 'x',
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await staffCall(app, 'POST', `/api/backoffice/clients/${clientId}/compliance-tasks`, outsider.token, {
          summary: 'x',
          dueAt: '2099-02-01',
        })
      ).statusCode,
    ).toBe(404);
    expect((await list(outsider.token)).items.map((t) => t.id)).not.toContain(id);
    expect((await staffCall(app, 'GET', '/api/backoffice/compliance/tasks', support.token)).statusCode).toBe(
      403,
    );
  });
});

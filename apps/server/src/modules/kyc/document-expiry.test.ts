import type { DocumentType } from '@openbroker/domain';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { brands, outbox, users } from '../../db/schema.js';
import { jpegBytes, multipart, registerClient } from '../../test/factories.js';
import { createTestServer, testDbKind } from '../../test/harness.js';
import { staffCall, staffSession } from '../../test/staff-kit.js';
import type { ComplianceTaskRaise, ComplianceTasksPort } from '../compliance/tasks-port.js';
import { DocumentExpiryService } from './document-expiry.js';
import { DocumentsRepo } from './documents.repo.js';

const DAY = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** Compliance tasks as the tasks module keeps them: a subject already open is not raised again. */
function collectingTasks(): ComplianceTasksPort & { raised: ComplianceTaskRaise[] } {
  const raised: ComplianceTaskRaise[] = [];
  return {
    raised,
    async raise(task) {
      if (!raised.some((t) => t.subject === task.subject)) raised.push(task);
    },
  };
}

describe(`document details and expiry (${testDbKind})`, async () => {
  const server = await createTestServer({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
  const { app, runtime } = server;
  const { db } = runtime.ctx.database;
  const compliance = await staffSession(server, ['compliance']);

  /** A sweep on its own clock and a collecting task list, over the app's database, mail and standing. */
  const sweeper = (start: number) => {
    const clock = { now: start };
    const tasks = collectingTasks();
    const service = new DocumentExpiryService({
      repo: new DocumentsRepo(db),
      accounts: { findById: async (id) => (await db.select().from(users).where(eq(users.id, id)))[0] },
      brands: runtime.ctx.brands,
      mail: runtime.ctx.mail,
      tasks,
      compliance: runtime.ctx.compliance,
      publicUrl: 'http://localhost',
      log: { info: () => {}, error: () => {} },
      now: () => new Date(clock.now),
    });
    return { clock, tasks, service };
  };

  const upload = (token: string, type: DocumentType, fields: Array<[string, string]> = []) => {
    const form = multipart([
      ['token', token],
      ['type', type],
      ...fields,
      { filename: 'scan.jpg', contentType: 'image/jpeg', content: jpegBytes() },
    ]);
    return app.inject({ method: 'POST', url: '/api/accounts/upload', ...form });
  };
  const idOf = async (email: string) =>
    (await db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]?.id as number;
  const review = (clientId: number, type: DocumentType, body: Record<string, unknown>) =>
    staffCall(
      app,
      'POST',
      `/api/backoffice/clients/${clientId}/documents/${type}/review`,
      compliance.token,
      body,
    );
  const mailsTo = (email: string) => db.select().from(outbox).where(eq(outbox.to, email));
  const clientDocuments = async (token: string) => {
    const res = await app.inject({
      method: 'GET',
      url: '/api/accounts/documents',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as {
      clientEntersDetails: boolean;
      documents: Array<{ type: string; expiry: string; asksForUpload: boolean; expiresOn: string | null }>;
    };
  };

  it('compliance enters the details while reviewing; each upload keeps its history; bad details change nothing', async () => {
    const client = await registerClient(app);
    const id = await idOf(client.email);
    expect((await upload(client.token, 'doc_passport')).statusCode).toBe(200);

    const bad = await review(id, 'doc_passport', {
      decision: 'approve',
      documentNumber: 'C01X00T47',
      issuingCountry: 'XX',
      expiresOn: '2031-02-30',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual(
      expect.arrayContaining([expect.objectContaining({ path: 'expiresOn', key: 'document.expiryInvalid' })]),
    );
    const unknownCountry = await review(id, 'doc_passport', { decision: 'approve', issuingCountry: 'XX' });
    expect(unknownCountry.statusCode).toBe(400);
    expect(unknownCountry.json().errors[0]).toMatchObject({
      path: 'issuingCountry',
      key: 'document.countryUnknown',
    });

    await review(id, 'doc_passport', { decision: 'reject', note: 'Blurred photo' });
    expect((await upload(client.token, 'doc_passport')).statusCode).toBe(200);
    const approved = await review(id, 'doc_passport', {
      decision: 'approve',
      documentNumber: 'c01x00t47',
      issuingCountry: 'de',
      expiresOn: '2031-05-31',
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().data.documents.doc_passport).toMatchObject({
      status: '2',
      documentNumber: 'C01X00T47',
      issuingCountry: 'DE',
      expiresOn: '2031-05-31',
      expiry: 'valid',
    });

    const list = await staffCall(app, 'GET', `/api/backoffice/clients/${id}/documents`, compliance.token);
    expect(list.statusCode, list.body).toBe(200);
    const uploads = list.json().data as Array<{ status: string; history: Array<Record<string, string>> }>;
    expect(uploads).toHaveLength(2);
    expect(uploads[0]).toMatchObject({ status: '2', detailsBy: 'staff', expiresOn: '2031-05-31' });
    expect(uploads[0]?.history.map((h) => [h.action, h.actor])).toEqual([
      ['uploaded', 'client'],
      ['approve', compliance.email],
    ]);
    expect(uploads[1]).toMatchObject({ status: '3', note: 'Blurred photo' });
    expect(uploads[1]?.history.map((h) => [h.action, h.actor, h.note])).toEqual([
      ['uploaded', 'client', ''],
      ['reject', compliance.email, 'Blurred photo'],
    ]);
  });

  it('tells the client and compliance once, 30 days before; stops after the grace once expired; a new approved proof lifts it', async () => {
    const client = await registerClient(app);
    const id = await idOf(client.email);
    const start = Date.now();
    const expiresOn = isoDay(start + 20 * DAY);
    expect((await upload(client.token, 'doc_passport')).statusCode).toBe(200);
    expect(
      (
        await review(id, 'doc_passport', {
          decision: 'approve',
          issuingCountry: 'FR',
          expiresOn,
          documentNumber: '12AB34567',
        })
      ).statusCode,
    ).toBe(200);

    const { clock, tasks, service } = sweeper(start);
    await service.sweep();
    await service.sweep();
    const expiring = tasks.raised.filter((t) => t.userId === id);
    expect(expiring).toEqual([
      expect.objectContaining({
        kind: 'document_expiring',
        subject: expect.stringMatching(/^document:\d+:expiring$/),
      }),
    ]);
    const mails = await mailsTo(client.email);
    expect(mails.filter((m) => m.subject.includes('expires on'))).toHaveLength(1);
    // a second node sweeping at the same time tells nobody again
    expect(await sweeper(start).service.sweep()).toEqual({ expiring: 0, expired: 0 });
    expect(await mailsTo(client.email)).toHaveLength(mails.length);

    // the client area asks for a new upload of the expiring proof
    const shown = await clientDocuments(client.token);
    expect(shown.documents.find((d) => d.type === 'doc_passport')).toMatchObject({
      expiry: 'expiring',
      asksForUpload: true,
      expiresOn,
    });

    // expired: a task, a mail, and deposits and trading stop from the expiry plus 14 days' grace
    clock.now = start + 21 * DAY;
    expect(await service.sweep()).toMatchObject({ expired: 1 });
    await service.sweep();
    expect(tasks.raised.filter((t) => t.userId === id).map((t) => t.kind)).toEqual([
      'document_expiring',
      'document_expired',
    ]);
    expect((await mailsTo(client.email)).filter((m) => m.subject.includes('expired'))).toHaveLength(1);
    const blockFrom = Date.parse(`${expiresOn}T00:00:00Z`) + DAY + 14 * DAY;
    expect((await runtime.ctx.compliance.row(id))?.documentsBlockFrom?.getTime()).toBe(blockFrom);

    // a new upload replaces the expired approved proof; approving it with a valid expiry lifts the stop
    expect((await upload(client.token, 'doc_passport')).statusCode).toBe(200);
    const renewed = await review(id, 'doc_passport', {
      decision: 'approve',
      issuingCountry: 'FR',
      expiresOn: isoDay(start + 5 * 365 * DAY),
      documentNumber: '19CD98765',
    });
    expect(renewed.statusCode, renewed.body).toBe(200);
    expect((await runtime.ctx.compliance.row(id))?.documentsBlockFrom).toBeNull();
  });

  it('where the brand allows it, the client enters the details at upload, checked like compliance’s', async () => {
    const { id: brandId } = await runtime.ctx.brands.resolve('localhost');
    const [brand] = await db.select().from(brands).where(eq(brands.id, brandId));
    if (!brand) throw new Error('no brand at localhost');
    await db
      .update(brands)
      .set({ settings: { ...brand.settings, compliance: { clientEntersDocumentDetails: true } } })
      .where(eq(brands.id, brand.id));
    runtime.ctx.brands.invalidate();
    try {
      const client = await registerClient(app);
      expect((await clientDocuments(client.token)).clientEntersDetails).toBe(true);
      const missing = await upload(client.token, 'doc_passport');
      expect(missing.statusCode).toBe(400);
      expect(
        missing
          .json()
          .errors.map((e: { path: string }) => e.path)
          .sort(),
      ).toEqual(['documentNumber', 'expiresOn', 'issuingCountry']);
      const wrong = await upload(client.token, 'doc_passport', [
        ['documentNumber', '<b>'],
        ['issuingCountry', 'DE'],
        ['expiresOn', '2031-01-01'],
      ]);
      expect(wrong.json().errors[0]).toMatchObject({ path: 'documentNumber', key: 'document.numberInvalid' });
      const good = await upload(client.token, 'doc_passport', [
        ['documentNumber', 'L01X00T47'],
        ['issuingCountry', 'de'],
        ['expiresOn', '2031-01-01'],
      ]);
      expect(good.statusCode, good.body).toBe(200);
      const [stored] = await new DocumentsRepo(db).listFor(await idOf(client.email));
      expect(stored).toMatchObject({
        documentNumber: 'L01X00T47',
        issuingCountry: 'DE',
        expiresOn: '2031-01-01',
        detailsBy: 'client',
      });
      // funding proofs have no details to enter
      expect((await upload(client.token, 'doc_funding_front')).statusCode).toBe(200);
    } finally {
      await db.update(brands).set({ settings: brand.settings }).where(eq(brands.id, brand.id));
      runtime.ctx.brands.invalidate();
    }
  });
});

import fs from 'node:fs';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import { UPLOAD_MAX_BYTES } from '@openbroker/domain';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { documents, users } from '../../db/schema.js';
import { documentDownloadHeaders } from '../../lib/upload-content.js';
import {
  jpegBytes,
  type MultipartFile,
  multipart,
  pdfBytes,
  pngBytes,
  registerClient,
} from '../../test/factories.js';
import { createTestServer, testDbKind } from '../../test/harness.js';

/** A small PDF with these objects (numbered from 1) and an optional trailer entry, in latin1. */
function pdfDocument(objects: string[], trailerExtra = ''): Buffer {
  const body = objects.map((object, i) => `${i + 1} 0 obj\n${object}\nendobj\n`).join('');
  const trailer = `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R ${trailerExtra}>>\n%%EOF\n`;
  return Buffer.from(`%PDF-1.7\n${body}${trailer}`, 'latin1');
}
const pdfFile = (content: Buffer): MultipartFile => ({
  filename: 'bill.pdf',
  contentType: 'application/pdf',
  content,
});

const NOT_SUPPORTED = {
  status: false,
  code: 'FILE_NOT_SUPPORTED',
  key: 'document.notSupported',
  message: 'File not supported',
};

const TOO_LARGE = {
  status: false,
  code: 'FILE_TOO_LARGE',
  key: 'document.tooLarge',
  message: 'File is too large: at most 2 MB',
};

describe(`verification document upload (${testDbKind})`, async () => {
  const { app, runtime, config } = await createTestServer({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
  const { db } = runtime.ctx.database;

  const upload = (parts: Array<[string, string] | MultipartFile>, headers: Record<string, string> = {}) => {
    const form = multipart(parts);
    return app.inject({
      method: 'POST',
      url: '/api/accounts/upload',
      ...form,
      headers: { ...form.headers, ...headers },
    });
  };
  const jpeg = (content = jpegBytes(), filename = 'passport.jpg'): MultipartFile => ({
    filename,
    contentType: 'image/jpeg',
    content,
  });
  const userRow = async (email: string) => (await db.select().from(users).where(eq(users.email, email)))[0];
  const documentsOf = async (email: string) =>
    db
      .select()
      .from(documents)
      .where(eq(documents.userId, (await userRow(email))?.id ?? 0));
  const filesOf = async (email: string) => {
    const dir = path.join(config.uploadDir, String((await userRow(email))?.id));
    return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
  };

  it('stores a real JPEG under a random name outside the web root and shows the document as Processing', async () => {
    const client = await registerClient(app);
    const content = jpegBytes(4096);
    const before = Date.now();
    const res = await upload([
      ['token', client.token],
      ['type', 'doc_passport'],
      jpeg(content, 'my passport.jpg'),
    ]);
    expect(res.statusCode).toBe(200);
    const { status, data } = res.json();
    expect(status).toBe(true);
    expect(data).toMatchObject({
      email: client.email,
      token: client.token,
      doc_passport: { status: '1', note: '' },
    });
    expect(Date.parse(data.doc_passport.updated)).toBeGreaterThanOrEqual(before - 1000);
    expect(data.doc_address).toEqual({ status: '0', note: '', updated: null });

    const [row] = await documentsOf(client.email);
    expect(row).toMatchObject({
      type: 'doc_passport',
      originalName: 'my passport.jpg',
      mime: 'image/jpeg',
      size: 4096,
      status: '1',
    });
    expect(row?.storedName).toMatch(/^[A-Za-z0-9_-]{43}\.jpg$/);
    const stored = path.join(config.uploadDir, String(row?.userId), row?.storedName ?? '');
    expect(fs.readFileSync(stored).equals(content)).toBe(true);
    expect(path.relative(config.webDistDir, stored).startsWith('..')).toBe(true);
  });

  it('accepts a real PDF as proof of address', async () => {
    const client = await registerClient(app);
    const res = await upload([
      ['token', client.token],
      ['type', 'doc_address'],
      { filename: 'bill.pdf', contentType: 'application/pdf', content: pdfBytes() },
    ]);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.doc_address.status).toBe('1');
    expect((await documentsOf(client.email))[0]).toMatchObject({
      type: 'doc_address',
      mime: 'application/pdf',
    });
  });

  it('accepts a JPEG named .jpeg and a PDF whose image data happens to hold short names like /JS or /XFA', async () => {
    const client = await registerClient(app);
    const jpegRes = await upload([
      ['token', client.token],
      ['type', 'doc_funding_front'],
      jpeg(jpegBytes(), 'scan.JPEG'),
    ]);
    expect(jpegRes.statusCode).toBe(200);
    const scan = pdfDocument([
      // every byte is searched, but three letters without the value their key takes are chance (decision 0013)
      `<< /Type /XObject /Subtype /Image /Width 1 /Height 1 /Filter /DCTDecode /Length 14 >>\nstream\n\xff\xd8/JS /XFA /AA\nendstream`,
    ]);
    const pdfRes = await upload([
      ['token', client.token],
      ['type', 'doc_funding_back'],
      { filename: 'statement.pdf', contentType: 'application/pdf', content: scan },
    ]);
    expect(pdfRes.statusCode, pdfRes.body).toBe(200);
    expect((await documentsOf(client.email)).map((d) => [d.mime, d.storedName.slice(-4)]).sort()).toEqual([
      ['application/pdf', '.pdf'],
      ['image/jpeg', '.jpg'],
    ]);
  });

  describe('content that could run is refused (decision 0013)', () => {
    const refusedWith = async (file: MultipartFile, key: string, message: string) => {
      const client = await registerClient(app);
      const res = await upload([['token', client.token], ['type', 'doc_passport'], file]);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ status: false, code: 'FILE_NOT_SUPPORTED', key, message });
      expect(res.json().errors).toEqual([expect.objectContaining({ path: 'files', key, message })]);
      expect(await documentsOf(client.email)).toEqual([]);
      expect(await filesOf(client.email)).toEqual([]);
      expect((await userRow(client.email))?.docPassport.status).toBe('0');
    };
    const MISMATCH =
      "The file's content does not match its name. Please upload the original jpg, jpeg or pdf file.";
    const ACTIVE =
      'This PDF contains scripts, actions or embedded files, which we cannot accept. Please upload a plain scan or photo of the document.';
    const scriptedJpeg = () =>
      Buffer.concat([
        jpegBytes(64).subarray(0, -2),
        Buffer.from('<script>alert(document.cookie)</script>'),
        Buffer.from([0xff, 0xd9]),
      ]);

    it('a JPEG header followed by <script>, named x.html', () =>
      refusedWith(
        { filename: 'x.html', contentType: 'text/html', content: scriptedJpeg() },
        'document.typeMismatch',
        MISMATCH,
      ));

    it('the same polyglot named x.jpg', () =>
      refusedWith(
        { filename: 'x.jpg', contentType: 'image/jpeg', content: scriptedJpeg() },
        'document.unsafeContent',
        'This file contains web page or script code, which we cannot accept. Please upload a plain scan or photo of the document.',
      ));

    it('a real JPEG named .exe', () =>
      refusedWith(
        { filename: 'setup.exe', contentType: 'application/octet-stream', content: jpegBytes() },
        'document.typeMismatch',
        MISMATCH,
      ));

    it('a JPEG named .png (the name must say what the content is)', () =>
      refusedWith(jpeg(jpegBytes(), 'scan.png'), 'document.typeMismatch', MISMATCH));

    it('a PDF that runs JavaScript when opened', () =>
      refusedWith(
        pdfFile(pdfDocument(['<< /Type /Catalog /OpenAction << /S /JavaScript /JS (app.alert(1)) >> >>'])),
        'document.activeContent',
        ACTIVE,
      ));

    it('a PDF whose JavaScript name is hex-escaped (/J#61vaScript)', () =>
      refusedWith(
        pdfFile(
          pdfDocument(['<< /Type /Catalog /OpenAction << /S /J#61vaScript /J#53 (app.alert(1)) >> >>']),
        ),
        'document.activeContent',
        ACTIVE,
      ));

    it('a PDF whose JavaScript hides in a compressed object stream', () => {
      const objects = '7 0 << /S /JavaScript /JS (app.alert(1)) >>';
      const packed = deflateSync(Buffer.from(objects)).toString('latin1');
      return refusedWith(
        pdfFile(
          pdfDocument([
            '<< /Type /Catalog /OpenAction 7 0 R >>',
            `<< /Type /ObjStm /N 1 /First 4 /Filter /FlateDecode /Length ${packed.length} >>\nstream\n${packed}\nendstream`,
          ]),
        ),
        'document.activeContent',
        ACTIVE,
      );
    });

    it('a PDF that carries an embedded file', () =>
      refusedWith(
        pdfFile(pdfDocument(['<< /Type /EmbeddedFile /Length 5 >>\nstream\nMZ...\nendstream'])),
        'document.activeContent',
        ACTIVE,
      ));

    it('a PDF that launches a program', () =>
      refusedWith(
        pdfFile(pdfDocument(['<< /Type /Catalog /OpenAction << /S /Launch /F (cmd.exe) >> >>'])),
        'document.activeContent',
        ACTIVE,
      ));

    it('a PDF whose object stream a PNG predictor scrambles, so its objects cannot be checked', () => {
      const packed = deflateSync(Buffer.from('7 0 << /S /JavaScript /JS (app.alert(1)) >>'));
      return refusedWith(
        pdfFile(
          pdfDocument([
            '<< /Type /Catalog /OpenAction 7 0 R >>',
            `<< /Type /ObjStm /N 1 /First 4 /Filter /FlateDecode /DecodeParms << /Predictor 12 /Columns 4 >> /Length ${packed.length} >>\nstream\n${packed.toString('latin1')}\nendstream`,
          ]),
        ),
        'document.uncheckable',
        'This PDF is compressed or built in a way we cannot read, so we cannot check it. Please upload a plain scan or photo of the document.',
      );
    });

    it('a PDF with an XFA form, which runs its own scripts', () =>
      refusedWith(
        pdfFile(pdfDocument(['<< /Type /Catalog /AcroForm << /Fields [] /XFA 2 0 R >> >>', '<< >>'])),
        'document.activeContent',
        ACTIVE,
      ));

    it('an encrypted PDF, whose content cannot be checked', () =>
      refusedWith(
        pdfFile(pdfDocument(['<< /Type /Catalog >>'], '/Encrypt << /Filter /Standard /V 2 >>')),
        'document.encrypted',
        'This PDF is encrypted or password-protected, so we cannot check it. Please upload an unprotected copy or a scan.',
      ));
  });

  it('refuses a file name with a NUL byte with its message instead of failing in SQL', async () => {
    const client = await registerClient(app);
    const res = await upload([
      ['token', client.token],
      ['type', 'doc_passport'],
      jpeg(jpegBytes(), 'pass\u0000port.jpg'),
    ]);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors).toEqual([
      expect.objectContaining({
        path: 'files',
        key: 'document.nameNotAllowed',
        message: 'The file name contains characters that are not allowed. Please rename the file.',
      }),
    ]);
    expect(await documentsOf(client.email)).toEqual([]);
    expect(await filesOf(client.email)).toEqual([]);
  });

  it('documentDownloadHeaders: the detected type, always as an attachment, never sniffed', () => {
    expect(documentDownloadHeaders('application/pdf', 'AbC_12-x.pdf')).toEqual({
      'content-type': 'application/pdf',
      'content-disposition': 'attachment; filename="AbC_12-x.pdf"',
      'x-content-type-options': 'nosniff',
      'cache-control': 'no-store',
    });
  });

  it.each([
    [
      'a .jpg that is really text',
      { filename: 'passport.jpg', contentType: 'image/jpeg', content: Buffer.from('hello, I am text') },
    ],
    [
      'a .pdf that is really a PNG',
      { filename: 'statement.pdf', contentType: 'application/pdf', content: pngBytes() },
    ],
    [
      'an HTML page named .jpeg',
      { filename: 'x.jpeg', contentType: 'image/jpeg', content: Buffer.from('<script>alert(1)</script>') },
    ],
  ])("refuses %s with 'File not supported' and stores nothing", async (_, file) => {
    const client = await registerClient(app);
    const res = await upload([['token', client.token], ['type', 'doc_passport'], file]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject(NOT_SUPPORTED);
    expect(await documentsOf(client.email)).toEqual([]);
    expect(await filesOf(client.email)).toEqual([]);
    expect((await userRow(client.email))?.docPassport.status).toBe('0');
  });

  // the size has its own message, on the file field, not 'File not supported'
  it("refuses a file over 2 MB with 'File is too large: at most 2 MB' and stores nothing", async () => {
    const client = await registerClient(app);
    const res = await upload([
      ['token', client.token],
      ['type', 'doc_passport'],
      jpeg(jpegBytes(UPLOAD_MAX_BYTES + 1)),
    ]);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({
      ...TOO_LARGE,
      errors: [{ path: 'files', key: 'document.tooLarge', message: 'File is too large: at most 2 MB' }],
    });
    expect(await documentsOf(client.email)).toEqual([]);
    expect(await filesOf(client.email)).toEqual([]);
    expect((await userRow(client.email))?.docPassport.status).toBe('0');
  });

  it('refuses a much bigger file the same way (the parser stops reading at 2 MB)', async () => {
    const client = await registerClient(app);
    const res = await upload([
      ['token', client.token],
      ['type', 'doc_passport'],
      jpeg(jpegBytes(8 * 1024 * 1024)),
    ]);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject(TOO_LARGE);
    expect(await documentsOf(client.email)).toEqual([]);
  });

  it('says the size also for a big file of a type it would refuse anyway (only the first 2 MB are read)', async () => {
    const client = await registerClient(app);
    const res = await upload([
      ['token', client.token],
      ['type', 'doc_passport'],
      { filename: 'film.pdf', contentType: 'application/pdf', content: Buffer.alloc(3 * 1024 * 1024, 0x41) },
    ]);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject(TOO_LARGE);
  });

  it('accepts a file of exactly 2 MB', async () => {
    const client = await registerClient(app);
    const res = await upload([
      ['token', client.token],
      ['type', 'doc_passport'],
      jpeg(jpegBytes(UPLOAD_MAX_BYTES)),
    ]);
    expect(res.statusCode).toBe(200);
  });

  it("asks for the file when none or an empty one is sent ('File is required')", async () => {
    const client = await registerClient(app);
    for (const parts of [
      [
        ['token', client.token],
        ['type', 'doc_passport'],
      ] as Array<[string, string]>,
      [['token', client.token], ['type', 'doc_passport'], jpeg(Buffer.alloc(0))] as Array<
        [string, string] | MultipartFile
      >,
    ]) {
      const res = await upload(parts);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual([
        expect.objectContaining({ path: 'files', key: 'field.required', message: 'File is required' }),
      ]);
    }
  });

  it('asks for the file when the form is sent as JSON', async () => {
    const client = await registerClient(app);
    const res = await app.inject({
      method: 'POST',
      url: '/api/accounts/upload',
      payload: { token: client.token, type: 'doc_passport' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toMatchObject({ path: 'files', key: 'field.required' });
  });

  it.each([
    ['an unknown type', 'doc_selfie', 'field.invalid'],
    ['an empty type', '', 'field.required'],
    ['a huge type', 'doc_'.repeat(500), 'field.invalid'],
  ])('refuses %s', async (_, type, key) => {
    const client = await registerClient(app);
    const res = await upload([['token', client.token], ['type', type], jpeg()]);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toMatchObject({ path: 'type', key });
    expect(await documentsOf(client.email)).toEqual([]);
  });

  it('reads the form in any order, with the token as a bearer header', async () => {
    const client = await registerClient(app);
    const res = await upload([jpeg(), ['type', 'doc_funding_back']], {
      authorization: `Bearer ${client.token}`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.doc_funding_back.status).toBe('1');
  });

  it('refuses two files in one upload and stores neither', async () => {
    const client = await registerClient(app);
    const res = await upload([['token', client.token], ['type', 'doc_passport'], jpeg(), jpeg()]);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ status: false, code: 'BAD_REQUEST' });
    expect(await documentsOf(client.email)).toEqual([]);
  });

  it('answers a malformed multipart body with 400, not a server error', async () => {
    const client = await registerClient(app);
    const res = await app.inject({
      method: 'POST',
      url: '/api/accounts/upload',
      headers: { 'content-type': 'multipart/form-data; boundary=x', authorization: `Bearer ${client.token}` },
      payload: '--x\r\nContent-Disposition: form-data; name="type"\r\n\r\ndoc_pass',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: false, code: 'BAD_REQUEST' });
  });

  it('lets a Processing or Rejected document be replaced, but never an Approved one', async () => {
    const client = await registerClient(app);
    const send = () => upload([['token', client.token], ['type', 'doc_passport'], jpeg()]);
    expect((await send()).statusCode).toBe(200);
    expect((await send()).statusCode).toBe(200);
    const brand = await runtime.ctx.brands.resolve('localhost');
    const review = (decision: 'approve' | 'reject') =>
      runtime.ctx.documents.review(brand, {
        email: client.email,
        type: 'doc_passport',
        decision,
        note: decision === 'reject' ? 'Blurred photo' : '',
        actor: 'test',
      });
    await review('reject');
    const again = await send();
    expect(again.statusCode).toBe(200);
    expect(again.json().data.doc_passport).toMatchObject({ status: '1', note: '' });
    await review('approve');
    const refused = await send();
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      status: false,
      code: 'DOCUMENT_APPROVED',
      key: 'document.alreadyApproved',
      message: 'This document is already approved and cannot be replaced.',
    });
    expect((await userRow(client.email))?.docPassport.status).toBe('2');
    expect(await documentsOf(client.email)).toHaveLength(3);
  });

  it("changes only the uploading client's documents", async () => {
    const alice = await registerClient(app);
    const bob = await registerClient(app);
    expect((await upload([['token', alice.token], ['type', 'doc_address'], jpeg()])).statusCode).toBe(200);
    expect((await userRow(bob.email))?.docAddress.status).toBe('0');
    expect(await documentsOf(bob.email)).toEqual([]);
    expect(await filesOf(alice.email)).toHaveLength(1);
  });
});

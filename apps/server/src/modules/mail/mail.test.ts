import { describe, expect, it } from 'vitest';
import { createTestServer, testDbKind } from '../../test/harness.js';
import type { MailLog } from './mail.service.js';
import { passwordResetMail } from './mail.templates.js';

function recordingLog() {
  const lines: Array<{ level: 'info' | 'error'; details: object; message: string }> = [];
  const log: MailLog = {
    info: (details, message) => lines.push({ level: 'info', details, message }),
    error: (details, message) => lines.push({ level: 'error', details, message }),
  };
  return { log, lines };
}

describe(`mail without SMTP (${testDbKind})`, async () => {
  const { runtime } = await createTestServer();
  const { mail } = runtime.ctx;
  const brand = await runtime.ctx.brands.resolve('localhost');

  it('keeps the mail in the outbox and logs its link, so the flow works offline', async () => {
    const { log, lines } = recordingLog();
    const link = 'http://localhost:3000/password/reset/abc';
    expect(mail.delivers).toBe(false);
    const row = await mail.send(
      brand,
      passwordResetMail(brand, { email: 'log@example.com', firstName: 'Lou' }, link, 60),
      log,
    );
    expect(row).toMatchObject({ to: 'log@example.com', sentAt: null, brandId: brand.id });
    expect(lines).toEqual([
      {
        level: 'info',
        details: expect.objectContaining({ to: 'log@example.com', link, outboxId: row.id }),
        message: expect.stringContaining('outbox'),
      },
    ]);
  });

  it('lists the outbox newest first, for one address and up to a limit', async () => {
    const { log } = recordingLog();
    for (const n of [1, 2, 3]) {
      await mail.send(
        brand,
        { to: 'list@example.com', subject: `Mail ${n}`, text: 't', html: '<p>t</p>' },
        log,
      );
    }
    await mail.send(brand, { to: 'else@example.com', subject: 'Other', text: 't', html: '<p>t</p>' }, log);
    const latest = await mail.outbox.latest({ to: 'LIST@example.com', limit: 2 });
    expect(latest.map((m) => m.subject)).toEqual(['Mail 3', 'Mail 2']);
    expect((await mail.outbox.latest({ limit: 1 }))[0]?.subject).toBe('Other');
  });
});

describe('mail texts', () => {
  const brand = {
    id: 1,
    slug: 'x',
    name: 'Evil <b>Broker</b>',
    settings: {
      currency: 'EUR',
      currencySymbol: '€',
      minDeposit: 250,
      languages: ['en'],
      features: {
        registrationEnabled: true,
        restrictedMode: false,
        economics: true,
        homeRedirectsToPlatform: false,
      },
      theme: { primary: '#123456', logoText: 'X' },
      legalName: 'X',
      copyright: 'X',
      supportEmail: 'help@x.example',
      homeSlug: 'index',
    },
  };

  it('puts the brand name in the subject and both bodies, escaped in the HTML one', () => {
    const mail = passwordResetMail(
      brand,
      { email: 'a@b.example', firstName: '<i>Al</i>' },
      'https://x/p?a=1&b=2',
      60,
    );
    expect(mail.subject).toBe('Reset your Evil <b>Broker</b> password');
    expect(mail.text).toContain('Evil <b>Broker</b>');
    expect(mail.text).toContain('https://x/p?a=1&b=2');
    expect(mail.text).toContain('within 60 minutes');
    expect(mail.html).toContain('Evil &lt;b&gt;Broker&lt;/b&gt;');
    expect(mail.html).toContain('Hello &lt;i&gt;Al&lt;/i&gt;,');
    expect(mail.html).toContain('href="https://x/p?a=1&amp;b=2"');
    expect(mail.html).not.toMatch(/<b>|<i>/);
  });
});
